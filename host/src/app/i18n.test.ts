import { uiText } from '@crm/shared/ui';
import { i18n, LANGUAGE_COOKIE, LANGUAGES, readLanguageCookie } from './i18n';
import { en } from './locales/en';

function clearLanguageCookie() {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  clearLanguageCookie();
});

test('English, French, Arabic and Russian are configured, Arabic right to left', () => {
  expect(LANGUAGES.map((l) => [l.code, l.isRTL])).toEqual([
    ['en', false],
    ['fr', false],
    ['ar', true],
    ['ru', false],
  ]);
  expect(i18n.options.fallbackLng).toEqual(['en']);
});

test('only English is loaded at start; a switch loads that language, then the texts follow it', async () => {
  expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
  expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);
  await i18n.changeLanguage('ru');
  expect(i18n.hasResourceBundle('ru', 'translation')).toBe(true);
  expect(i18n.t('layout.signOut')).toBe('Выйти');
});

test("French and Arabic bring the kit's texts with them for the shell's own pages", async () => {
  expect(uiText('fr')('common.retry')).toBe('Retry');
  await i18n.changeLanguage('fr');
  expect(uiText('fr')('common.retry')).toBe('Réessayer');
  await i18n.changeLanguage('ar');
  expect(uiText('ar')('table.range', { from: 1, to: 25, total: 240 })).toBe('1–25 من 240');
});

// Storing the language and applying <html lang dir> on a change is the layout's: layout-preferences.test.tsx.

test('the spec texts read the same in every language', async () => {
  for (const { code } of LANGUAGES) {
    await i18n.changeLanguage(code);
    expect(i18n.t('misc.notFoundTitle')).toBe('Page Not Found - 404');
    expect(i18n.t('misc.notAuthorizedTitle')).toBe('Not Authorized - 401');
  }
  expect(en.common.appTitle).toBe('CRM');
});

test('the cookie names the language; none or an unknown one reads English', () => {
  expect(readLanguageCookie()).toBe('en');
  document.cookie = `${LANGUAGE_COOKIE}=xx; path=/`;
  expect(readLanguageCookie()).toBe('en');
  document.cookie = `${LANGUAGE_COOKIE}=ru; path=/`;
  expect(readLanguageCookie()).toBe('ru');
});

describe('at start', () => {
  const originalFetch = global.fetch;
  afterEach(() => {
    global.fetch = originalFetch;
  });

  function startWith(i18nEnabled: boolean, defaultLanguage?: string) {
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ i18nEnabled, defaultLanguage }), { status: 200 })) as unknown as typeof fetch;
    let fresh!: typeof import('./i18n');
    jest.isolateModules(() => {
      // A fresh module registry means a fresh i18next, initialised from the cookie as it is now.
      fresh = jest.requireActual<typeof import('./i18n')>('./i18n');
    });
    return fresh;
  }

  test('the stored language is used when the server has i18n on, its texts loaded before the first render', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=fr; path=/`;
    const fresh = startWith(true);
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('fr');
    expect(fresh.i18n.t('layout.signOut')).toBe('Se déconnecter');
  });

  test('with i18n off (the default) the shell stays English whatever is stored', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=ar; path=/`;
    const fresh = startWith(false);
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('en');
    expect(fresh.i18n.t('layout.signOut')).toBe('Sign out');
  });

  test('DEFAULT_LANGUAGE makes the shell Russian for whoever chose nothing, even with the switcher off', async () => {
    const fresh = startWith(false, 'ru');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('ru');
    expect(fresh.i18n.t('layout.signOut')).toBe('Выйти');
  });

  test("a user's own stored choice still wins over DEFAULT_LANGUAGE when the switcher is on", async () => {
    document.cookie = `${LANGUAGE_COOKIE}=fr; path=/`;
    const fresh = startWith(true, 'ru');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('fr');
  });
});
