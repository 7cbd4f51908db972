import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from './i18n';
import { apiKeysUnder } from '@crm/shared/api-client';
import { mockFetch, reply } from './testing/mock-fetch';
import { renderApp } from './testing/render-app';
import { signInAs } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

// Several tests click through the whole customizer; on a busy 2-core box that can pass jest's 5 s default. A bound,
// not a timing assertion.
jest.setTimeout(20_000);

/** A matchMedia whose answers the test sets, and whose `change` listeners it can fire, as the OS would. */
function fakeMedia(initial: { dark?: boolean; narrow?: boolean } = {}) {
  const state = { dark: false, narrow: false, ...initial };
  const listeners = new Set<() => void>();
  const matches = (query: string) =>
    (query.includes('prefers-color-scheme: dark') && state.dark) || (query.includes('max-width: 975.98px') && state.narrow);
  window.matchMedia = ((query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: Partial<typeof state>) {
      act(() => {
        Object.assign(state, next);
        listeners.forEach((listener) => listener());
      });
    },
  };
}

const html = document.documentElement;
const cssVar = (name: string) => html.style.getPropertyValue(name);
const original = window.matchMedia;

beforeEach(() => {
  localStorage.clear();
  mockFetch();
  signInAs('Admin');
});
afterEach(async () => {
  window.matchMedia = original;
  await act(() => i18n.changeLanguage('en'));
});

async function openCustomizer(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Customize the layout' }));
  return screen.findByRole('dialog', { name: 'Theme customizer' });
}

test('system theme follows the operating system live', async () => {
  const media = fakeMedia({ dark: false });
  renderApp('/leads/list');
  await screen.findByRole('navigation', { name: 'Main navigation' });
  expect(html.dataset.theme).toBe('light');
  expect(cssVar('--crm-background')).toBe('#F8F7FA');
  media.set({ dark: true });
  expect(html.dataset.theme).toBe('dark');
  expect(html.style.colorScheme).toBe('dark');
  expect(cssVar('--crm-background')).toBe('#25293C');
  media.set({ dark: false });
  expect(html.dataset.theme).toBe('light');
});

test('a theme change recolours the loader to the theme surface and primary colours', async () => {
  fakeMedia();
  document.cookie = 'CRM-darkThemePrimaryColor=%237367F0; path=/';
  const { user } = renderApp('/leads/list');
  await screen.findByRole('navigation', { name: 'Main navigation' });
  expect([cssVar('--crm-surface'), cssVar('--crm-primary')]).toEqual(['#FFFFFF', '#0D9394']);
  await user.click(screen.getByRole('button', { name: 'Theme' }));
  await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
  expect([cssVar('--crm-surface'), cssVar('--crm-primary'), cssVar('--crm-background')]).toEqual([
    '#2F3349',
    '#7367F0',
    '#25293C',
  ]);
  expect(document.cookie).toContain('CRM-theme=dark');
});

test('a skin change swaps background and surface colours', async () => {
  fakeMedia();
  const { user } = renderApp('/leads/list');
  const panel = await openCustomizer(user);
  await user.click(within(panel).getByRole('radio', { name: 'Bordered' }));
  expect([cssVar('--crm-background'), cssVar('--crm-surface')]).toEqual(['#FFFFFF', '#FFFFFF']);
  await user.click(within(panel).getByRole('radio', { name: 'Dark' }));
  expect([cssVar('--crm-background'), cssVar('--crm-surface')]).toEqual(['#2F3349', '#2F3349']);
  expect(document.cookie).toContain('CRM-skin=bordered');
});

test('below 976 px the navigation is an overlay and forced vertical, whatever is stored', async () => {
  document.cookie = 'CRM-navigationType=horizontal; path=/';
  const media = fakeMedia({ narrow: false });
  renderApp('/leads/list');
  expect(await screen.findByRole('button', { name: 'Knowledge base' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  media.set({ narrow: true });
  expect(screen.queryByRole('button', { name: 'Knowledge base' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
  // The stored choice is kept for when the window grows again.
  expect(document.cookie).toContain('CRM-navigationType=horizontal');
});

test('switching to horizontal turns a hidden navbar into sticky and un-collapses the vertical nav', async () => {
  fakeMedia();
  document.cookie = 'CRM-navbarType=hidden; path=/';
  document.cookie = 'CRM-verticalNavCollapsed=true; path=/';
  const { user, container } = renderApp('/leads/list');
  await screen.findByRole('button', { name: 'Expand navigation' });
  expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  const panel = await openCustomizer(user);
  await user.click(within(panel).getByRole('radio', { name: 'Horizontal' }));
  expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  expect(container.querySelector('[data-navbar-type]')).toHaveAttribute('data-navbar-type', 'sticky');
  expect(document.cookie).toContain('CRM-navbarType=sticky');
  expect(document.cookie).toContain('CRM-verticalNavCollapsed=false');
  expect(within(within(panel).getByRole('group', { name: 'Navbar' })).getByRole('radio', { name: 'Sticky' })).toBeChecked();
});

test('the horizontal navigation has dropdown groups built from the abilities', async () => {
  fakeMedia();
  signInAs('Operator', [
    { action: 'view', subject: 'lead' },
    { action: 'view', subject: 'lead-status' },
  ]);
  document.cookie = 'CRM-navigationType=horizontal; path=/';
  const { user } = renderApp('/leads/list');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const groups = await within(nav).findAllByRole('button');
  expect(groups.map((g) => g.textContent)).toEqual(['Leads']);
  expect(within(nav).queryByRole('link')).not.toBeInTheDocument();
  await user.click(groups[0]);
  expect(groups[0]).toHaveAttribute('aria-expanded', 'true');
  expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Leads', 'My day', 'Lead statuses']);
  expect(within(nav).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
});

test("the horizontal navigation shows My day's count on its group and its entry, and a task change refreshes it", async () => {
  fakeMedia();
  let summary = { overdue: 2, today: 1, week: 5 };
  mockFetch({ 'GET /api/tasks/summary': () => reply(200, { data: summary }) });
  signInAs('Operator', [{ action: 'view', subject: 'lead' }]);
  document.cookie = 'CRM-navigationType=horizontal; path=/';
  const { user, mutate } = renderApp('/leads/list');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const group = await within(nav).findByRole('button', { name: /Leads/ });
  expect(await within(group).findByLabelText('3 overdue or due today')).toHaveTextContent('3');
  await user.click(group);
  const link = within(nav).getByRole('link', { name: /My day/ });
  expect(within(link).getByLabelText('3 overdue or due today')).toHaveTextContent('3');

  // A task marked done, added or edited in a remote refreshes every key under /tasks (features/tasks in remote-leads).
  summary = { overdue: 0, today: 1, week: 5 };
  await act(() => mutate(apiKeysUnder('/tasks')));
  expect(await within(link).findByLabelText('1 overdue or due today')).toHaveTextContent('1');
  expect(within(group).getByLabelText('1 overdue or due today')).toHaveTextContent('1');
  summary = { overdue: 0, today: 0, week: 5 };
  await act(() => mutate(apiKeysUnder('/tasks')));
  await waitFor(() => expect(within(link).queryByLabelText(/overdue or due today/)).not.toBeInTheDocument());
  expect(group).toHaveTextContent(/^Leads$/);
});

test('the vertical menu shows group titles only for groups with an allowed entry', async () => {
  fakeMedia();
  signInAs('Operator', [{ action: 'view', subject: 'document' }]);
  renderApp('/document/list');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  expect(nav).toHaveTextContent(/^Knowledge baseDocuments$/);
});

test('a language change stores the language and sets <html lang dir> from the language configuration', async () => {
  fakeMedia();
  renderApp('/leads/list');
  await screen.findByRole('navigation', { name: 'Main navigation' });
  await act(() => i18n.changeLanguage('ar'));
  expect([html.lang, html.dir]).toEqual(['ar', 'rtl']);
  expect(document.cookie).toContain('CRM-language=ar');
  expect(document.cookie).toContain('CRM-isRTL=true');
  await act(() => i18n.changeLanguage('fr'));
  expect([html.lang, html.dir]).toEqual(['fr', 'ltr']);
  expect(document.cookie).toContain('CRM-isRTL=false');
});

test('navbar, footer and content width follow the customizer, and reset restores the default preferences', async () => {
  fakeMedia();
  const { user, container } = renderApp('/leads/list');
  expect(await screen.findByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/api/docs');
  expect(screen.getByText(/Version dev/)).toBeInTheDocument();
  const panel = await openCustomizer(user);
  const footer = within(panel).getByRole('group', { name: 'Footer' });
  await user.click(within(footer).getByRole('radio', { name: 'Hidden' }));
  expect(screen.queryByRole('link', { name: 'API docs' })).not.toBeInTheDocument();
  await user.click(within(within(panel).getByRole('group', { name: 'Navbar' })).getByRole('radio', { name: 'Static' }));
  expect(container.querySelector('[data-navbar-type]')).toHaveAttribute('data-navbar-type', 'static');
  await user.click(within(panel).getByRole('radio', { name: 'Fluid' }));
  expect(container.querySelector('[data-content-width]')).toHaveAttribute('data-content-width', 'fluid');
  await user.click(within(panel).getByRole('switch', { name: 'Right to left' }));
  expect(html.dir).toBe('rtl');

  await user.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
  expect(screen.getByRole('link', { name: 'API docs' })).toBeInTheDocument();
  expect(container.querySelector('[data-navbar-type]')).toHaveAttribute('data-navbar-type', 'sticky');
  expect(container.querySelector('[data-content-width]')).toHaveAttribute('data-content-width', 'boxed');
  expect(document.cookie).not.toContain('CRM-footerType');
  expect(document.cookie).not.toContain('CRM-contentWidth');
});

test('reset turns right to left off and forgets its cookie; the direction follows the language again', async () => {
  fakeMedia();
  const { user } = renderApp('/leads/list');
  const panel = await openCustomizer(user);
  await user.click(within(panel).getByRole('switch', { name: 'Right to left' }));
  expect(html.dir).toBe('rtl');
  expect(document.cookie).toContain('CRM-isRTL=true');

  await user.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
  expect(html.dir).toBe('ltr');
  expect(within(panel).getByRole('switch', { name: 'Right to left' })).not.toBeChecked();
  expect(document.cookie).not.toContain('CRM-isRTL');
  // An Arabic shell keeps reading right to left after a reset: its language says so, no cookie needed.
  await act(() => i18n.changeLanguage('ar'));
  expect(html.dir).toBe('rtl');
  await user.click(await within(panel).findByRole('button', { name: 'استعادة الإعدادات الافتراضية' }));
  expect([html.lang, html.dir]).toEqual(['ar', 'rtl']);
  expect(document.cookie).not.toContain('CRM-isRTL');
});

test('a stored right-to-left language mirrors the page from the start', async () => {
  fakeMedia();
  document.cookie = 'CRM-language=ar; path=/';
  renderApp('/leads/list');
  await screen.findByRole('button', { name: 'Customize the layout' });
  expect([html.lang, html.dir]).toEqual(['ar', 'rtl']);
});
