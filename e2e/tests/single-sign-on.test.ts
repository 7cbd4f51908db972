import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestOidcProvider, testOidcEnv, type TestOidcProvider } from '../../api/src/test/test-oidc-provider';
import { type AppServer, freePort, startAppServer } from '../support/app-server';
import { launchBrowser, navigate, newPage } from '../support/browser';

const RU_USER_MENU = 'Меню учётной записи';

const ACCOUNTS = {
  anna: { email: 'anna.sso@e2e.test', email_verified: true, name: 'Анна Единая' },
  unverified: { email: 'unverified.sso@e2e.test', email_verified: false, name: 'Непроверенный' },
};

/**
 * Single sign-on in Chromium against a real OpenID provider (oidc-provider, its development sign-in form), with one
 * app server for the whole file: sign in, then the refusals a user can meet.
 */
describe('single sign-on', () => {
  let server: AppServer;
  let browser: Browser;
  let provider: TestOidcProvider;

  before(async () => {
    // The CRM needs the issuer before it starts; the provider needs the CRM's callback URL: the port comes first.
    const providerPort = await freePort();
    server = await startAppServer({
      env: {
        ...testOidcEnv(`http://127.0.0.1:${providerPort}`),
        OIDC_NAME: 'Test ID',
        OIDC_AUTO_CREATE: 'true',
        DEFAULT_LANGUAGE: 'ru',
      },
    });
    provider = await startTestOidcProvider({ port: providerPort, redirectUris: [`${server.baseUrl}/api/auth/oidc/callback`], accounts: ACCOUNTS });
    assert.equal(provider.issuer, `http://127.0.0.1:${providerPort}`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await provider?.close();
    await server?.stop();
  });

  /** The provider's development sign-in form: any password passes for a known login. */
  async function signInAtProvider(page: Page, login: keyof typeof ACCOUNTS) {
    await navigate(page, server.baseUrl, '/login');
    await page.getByRole('button', { name: 'Войти через Test ID' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  /** A fresh flow's state for this browser (its HttpOnly cookie set in the context, as the button would). */
  async function freshState(page: Page): Promise<string> {
    const start = await page.request.get(`${server.baseUrl}/api/auth/oidc/start`, { maxRedirects: 0 });
    assert.equal(start.status(), 302);
    return new URL(start.headers().location).searchParams.get('state')!;
  }

  let usedCallback: URL | undefined;

  it('signs a new user in through the provider and lands in the CRM with a session', async () => {
    const context = await browser.newContext();
    const page = await newPage(context);
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/oidc/callback?')) usedCallback = new URL(request.url());
    });
    await signInAtProvider(page, 'anna');
    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname !== '/build/login');
    assert.ok(await page.evaluate(() => localStorage.getItem('accessToken')), 'the SPA stored its bearer token');
    assert.doesNotMatch(page.url(), /sso=|accessToken/);
    await page.getByRole('button', { name: RU_USER_MENU }).waitFor();
    assert.ok(usedCallback?.searchParams.get('code'), 'the provider answered with a code');
    await context.close();
  });

  it('refuses a callback whose state is not the browser\'s, a replayed code and an unverified email, in Russian', async () => {
    const context = await browser.newContext();
    const page = await newPage(context);

    await freshState(page);
    await page.goto(`${server.baseUrl}/api/auth/oidc/callback?code=forged&state=not-the-state`);
    assert.equal(new URL(page.url()).searchParams.get('sso_error'), 'state');
    await page.getByRole('alert').filter({ hasText: 'Вход не удался: ответ пришёл не для этого окна браузера.' }).waitFor();

    assert.ok(usedCallback, 'the first test recorded its callback');
    const replay = new URL(usedCallback);
    replay.searchParams.set('state', await freshState(page));
    await page.goto(replay.toString());
    await page.getByRole('alert').filter({ hasText: 'Этот код входа уже использован или устарел.' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('accessToken')), null);

    await signInAtProvider(page, 'unverified');
    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === '/build/login');
    await page.getByRole('alert').filter({ hasText: 'Провайдер не подтвердил ваш адрес эл. почты, поэтому войти нельзя.' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('accessToken')), null);
    await context.close();
  });
});
