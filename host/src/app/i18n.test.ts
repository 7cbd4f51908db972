import { I18N_ENABLED, i18n, LANGUAGE_STORAGE_KEY, LANGUAGES } from './i18n';
import { en } from './locales/en';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

test('English, French and Arabic are configured, Arabic right to left (§9)', () => {
  expect(LANGUAGES.map((l) => [l.code, l.isRTL])).toEqual([
    ['en', false],
    ['fr', false],
    ['ar', true],
  ]);
  expect(i18n.options.fallbackLng).toEqual(['en']);
});

test('internationalisation is configured but disabled by default (§1)', () => {
  expect(I18N_ENABLED).toBe(false);
});

test('a language change sets <html lang> and dir and stores the language (§4)', async () => {
  await i18n.changeLanguage('ar');
  expect(document.documentElement.lang).toBe('ar');
  expect(document.documentElement.dir).toBe('rtl');
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  expect(i18n.t('nav.leads')).toBe('العملاء المحتملون');

  await i18n.changeLanguage('fr');
  expect(document.documentElement.dir).toBe('ltr');
  expect(i18n.t('layout.signOut')).toBe('Se déconnecter');
});

test('the spec texts read the same in every language', async () => {
  for (const { code } of LANGUAGES) {
    await i18n.changeLanguage(code);
    expect(i18n.t('misc.notFoundTitle')).toBe('Page Not Found - 404');
    expect(i18n.t('misc.notAuthorizedTitle')).toBe('Not Authorized - 401');
  }
  expect(en.common.appTitle).toBe('CRM');
});

test('the stored language is the default at start', () => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
  jest.isolateModules(() => {
    // A fresh module registry means a fresh i18next, initialised from what is stored now.
    const fresh = jest.requireActual<typeof import('./i18n')>('./i18n');
    expect(fresh.i18n.language).toBe('fr');
  });
  localStorage.clear();
});
