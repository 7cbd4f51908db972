import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { after, before } from 'node:test';
import { ADMIN, startAppServer, type AppServer } from './app-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls home). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A page whose console errors and failed requests are collected, so a test can show them when it fails. */
export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Goes to an app path under the host's /build/ base. */
export async function navigate(page: Page, baseUrl: string, appPath: string): Promise<void> {
  await page.goto(`${baseUrl}/build${appPath}`);
}

/**
 * Signs in through the real login form: the host's /build/login (in the shell's language, English by default) or a
 * remote's standalone shell under /build/remotes/<name>/ (Russian, like the remote's screens).
 */
export async function fillLogin(page: Page, credentials = ADMIN): Promise<void> {
  await page.getByLabel(/email|эл\. почта/i).fill(credentials.email);
  await page.getByLabel(/password|пароль/i).fill(credentials.password);
  await page.getByRole('button', { name: /sign in|войти/i }).click();
}

/** Opens the login page and signs in as the seeded Admin. */
export async function login(page: Page, baseUrl: string, credentials = ADMIN): Promise<void> {
  await navigate(page, baseUrl, '/login');
  await fillLogin(page, credentials);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/**
 * One app server and one browser for a `describe` block, started in `before` and stopped in `after`.
 * Read `app.server` and `app.browser` inside tests (they exist once `before` has run).
 */
export function useAppAndBrowser(options: Parameters<typeof startAppServer>[0] = {}) {
  const app = {} as { server: AppServer; browser: Browser };
  before(async () => {
    app.server = await startAppServer(options);
    app.browser = await launchBrowser();
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}
