import { act, renderHook, waitFor } from '@testing-library/react';
import { i18n } from './i18n';
import { mockFetch, reply } from './testing/mock-fetch';
import { useLanguageSetting } from './use-language-setting';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

test('offers no choice while the server has i18n off', async () => {
  const { calls } = mockFetch();
  const { result } = renderHook(() => useLanguageSetting());
  await waitFor(() => expect(calls.map((call) => call.path)).toContain('/build/web-config.json'));
  expect(result.current.enabled).toBe(false);
  expect(result.current.language).toBe('en');
});

test('with i18n on, changes the language like the switcher and reports the new one', async () => {
  mockFetch({ 'GET /build/web-config.json': () => reply(200, { i18nEnabled: true }) });
  const { result } = renderHook(() => useLanguageSetting());
  await waitFor(() => expect(result.current.enabled).toBe(true));
  expect(result.current.languages.map((l) => l.code)).toEqual(['en', 'fr', 'ar', 'ru']);
  await act(() => result.current.change('ru'));
  expect(result.current.language).toBe('ru');
  expect(i18n.t('layout.signOut')).toBe('Выйти');
});
