import { renderHook, waitFor } from '@testing-library/react';
import { getWebConfig, INLINE_WEB_CONFIG_ID, useWebConfig, useWebConfigAnswer } from './get-web-config';

function inline(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINE_WEB_CONFIG_ID;
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById(INLINE_WEB_CONFIG_ID)?.remove());

/** fetch answering /build/web-config.json with `body`; the calls, to count requests. */
function mockFetch(body: unknown) {
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return { requests: () => fetchMock.mock.calls.length };
}

const SERVED = { i18nEnabled: true, defaultLanguage: 'ru', sso: { name: 'Keycloak' }, passwordSignIn: false };

test('the settings the API inlined in the page answer from the first render, with no request', async () => {
  const { requests } = mockFetch({ i18nEnabled: false });
  inline(JSON.stringify(SERVED));
  const answer = renderHook(() => useWebConfigAnswer());
  expect(answer.result.current).toEqual(SERVED);
  const config = renderHook(() => useWebConfig());
  expect(config.result.current).toEqual(SERVED);
  await expect(getWebConfig()).resolves.toEqual(SERVED);
  expect(requests()).toBe(0);
});

test('without them (the dev server) or when they do not read, /build/web-config.json answers', async () => {
  const { requests } = mockFetch(SERVED);
  inline('{"defaultLanguage": "ru"}');
  const answer = renderHook(() => useWebConfigAnswer());
  expect(answer.result.current).toBeUndefined();
  await waitFor(() => expect(answer.result.current).toEqual(SERVED));
  expect(requests()).toBe(1);
});
