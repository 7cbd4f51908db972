import { SHORTCUT_PAGES } from '@crm/shared/schemas';
import { APP_PAGE_LABELS } from './app-pages';
import { en } from './locales/en';
import { findRoute } from './routes';

test('every page the server lets users pin is a route with the same ability and a label', () => {
  for (const page of SHORTCUT_PAGES) {
    const { handle } = findRoute(page.key);
    expect([page.key, handle.action, handle.subject]).toEqual([page.key, page.action, page.subject]);
    const [section, key] = APP_PAGE_LABELS[page.key].split('.');
    expect((en as unknown as Record<string, Record<string, string>>)[section][key]).toEqual(expect.any(String));
  }
});
