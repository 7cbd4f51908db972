import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN } from '../support/app-server';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';

describe('signing in', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it('takes the seeded Admin from /build/ to the leads list with real rows', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await navigate(page, app.server.baseUrl, '/');
    await page.waitForURL(/\/build\/login/);
    await fillLogin(page);
    await page.waitForURL(/\/build\/leads\/list/);
    // Demo data: every row carries a +7 phone number.
    await page.getByRole('cell', { name: /^\+7/ }).first().waitFor();
    const rows = await page.getByRole('row').count();
    assert.ok(rows > 5, `expected lead rows, saw ${rows}`);
    await context.close();
  });

  it('shows the server message under the email field for wrong credentials', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await navigate(page, app.server.baseUrl, '/login');
    await fillLogin(page, { email: ADMIN.email, password: 'not-the-password' });
    await page.getByText('These credentials do not match our records.').waitFor();
    assert.match(new URL(page.url()).pathname, /\/build\/login$/);
    await context.close();
  });

  it('signs out from the user menu and guards the pages again', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/build\/login/);
    await navigate(page, app.server.baseUrl, '/leads/list');
    // `to` keeps its slashes, as the spec's URLs show them.
    await page.waitForURL((url) => url.pathname === '/build/login');
    assert.equal(new URL(page.url()).search, '?to=/leads/list');
    await context.close();
  });

  it('sets up two-factor sign-in on the account tab, then signs in with a code from the app', async () => {
    const operator = { email: 'operator5@example.com', password: 'demo-password' };
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl, operator);
    await navigate(page, app.server.baseUrl, '/pages/user-profile?tab=account');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByRole('button', { name: 'Set up' }).click();
    await section.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
    const secret = Secret.fromBase32((await section.getByLabel('Secret key').textContent()) ?? '');
    // The previous step's code (accepted within ±1 step), so the sign-in below may use the current one.
    await section.getByLabel('Code from the app').fill(TOTP.generate({ secret, timestamp: Date.now() - 30_000 }));
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByText(/Unused recovery codes: 10\./).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/build\/login/);
    await fillLogin(page, operator);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.getByLabel('Code from the app').fill(TOTP.generate({ secret, timestamp: Date.now() }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });
});
