import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { login, newPage, useAppAndBrowser } from '../support/browser';

/**
 * Records what the page looks like before React has drawn anything: the body's and the loader's backgrounds and
 * `<html dir>` as soon as the parser has put the loader in the page (the first paint cannot come earlier, and React
 * replaces the loader when it renders), and the body again at DOMContentLoaded.
 */
// A string, not a function: tsx would wrap the inner functions in a helper the page does not have.
const RECORD_FIRST_PAINT = `(() => {
  const seen = {};
  window.__firstPaint = seen;
  const observer = new MutationObserver(() => {
    const loader = document.getElementById('app-loader');
    if (!loader) return;
    observer.disconnect();
    seen.loaderBackground = getComputedStyle(loader).backgroundColor;
    seen.bodyBackground = getComputedStyle(document.body).backgroundColor;
    seen.loaderDir = document.documentElement.dir;
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    seen.readyBackground = getComputedStyle(document.body).backgroundColor;
  });
})();`;

async function firstPaint(page: Page): Promise<Record<string, string>> {
  await page.waitForFunction(() => 'readyBackground' in ((window as never as { __firstPaint?: object }).__firstPaint ?? {}));
  return page.evaluate(() => (window as unknown as { __firstPaint: Record<string, string> }).__firstPaint);
}

async function signedInContext(app: ReturnType<typeof useAppAndBrowser>, viewport = { width: 1400, height: 900 }) {
  const context = await app.browser.newContext({ viewport, colorScheme: 'light' });
  await context.addInitScript({ content: RECORD_FIRST_PAINT });
  const page = await newPage(context);
  await login(page, app.server.baseUrl);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return { context, page };
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

describe('shell layout and preferences', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it('keeps theme, skin and navigation across a reload, painted right from the first frame', async () => {
    const { context, page } = await signedInContext(app);
    // The spec's defaults: light page background, vertical navigation.
    const light = await firstPaint(page);
    assert.deepEqual([light.readyBackground, light.loaderBackground], ['rgb(248, 247, 250)', 'rgb(255, 255, 255)']);
    assert.ok(await page.locator('#vertical-nav').isVisible());

    await page.getByRole('button', { name: 'Customize the layout' }).click();
    const panel = page.getByRole('dialog', { name: 'Theme customizer' });
    await panel.getByRole('radio', { name: 'Dark' }).check();
    await panel.getByRole('radio', { name: 'Bordered' }).check();
    await panel.getByRole('radio', { name: 'Horizontal' }).check();
    await panel.getByRole('button', { name: 'Close the customizer' }).click();
    // Dark + bordered: background and surface both take the dark surface colour.
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(47, 51, 73)');
    assert.equal(await page.locator('#vertical-nav').count(), 0);
    await page.getByRole('button', { name: 'Knowledge base' }).waitFor();
    assert.deepEqual(
      [await cookie(context, 'CRM-theme'), await cookie(context, 'CRM-skin'), await cookie(context, 'CRM-navigationType')],
      ['dark', 'bordered', 'horizontal'],
    );

    await page.reload();
    const painted = await firstPaint(page);
    // No flash: the stored theme is on the body and the loader (the theme's surface) before any bundle has run.
    assert.equal(painted.bodyBackground, 'rgb(47, 51, 73)');
    assert.equal(painted.loaderBackground, 'rgb(47, 51, 73)');
    assert.equal(painted.readyBackground, 'rgb(47, 51, 73)');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Knowledge base' }).click();
    await nav.getByRole('link', { name: 'Documents' }).click();
    await page.waitForURL(/\/build\/document\/list/);
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(47, 51, 73)');
    await context.close();
  });

  it('Arabic gives dir=rtl before the first paint and a mirrored layout: the navigation on the right', async () => {
    const { context, page } = await signedInContext(app);
    const ltrNav = await page.locator('#vertical-nav').boundingBox();
    const ltrMain = await page.locator('#main-content').boundingBox();
    assert.ok(ltrNav && ltrMain && ltrNav.x < ltrMain.x, 'left to right: the navigation is left of the page');

    const { hostname } = new URL(app.server.baseUrl);
    await context.addCookies([{ name: 'CRM-language', value: 'ar', domain: hostname, path: '/' }]);
    await page.reload();
    assert.equal((await firstPaint(page)).loaderDir, 'rtl');
    await page.locator('#vertical-nav').waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
    const nav = await page.locator('#vertical-nav').boundingBox();
    const main = await page.locator('#main-content').boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    assert.ok(nav && main, 'navigation and page are drawn');
    assert.ok(Math.abs(nav.x + nav.width - width) < 2, `the navigation touches the right edge (x ${nav.x}, width ${nav.width})`);
    assert.ok(main.x + main.width <= nav.x + 1, 'the page is left of the navigation');
    await context.close();
  });

  it('below 976 px the navigation is an overlay, vertical even when horizontal is stored', async () => {
    const { context, page } = await signedInContext(app, { width: 900, height: 800 });
    const { hostname } = new URL(app.server.baseUrl);
    await context.addCookies([{ name: 'CRM-navigationType', value: 'horizontal', domain: hostname, path: '/' }]);
    await page.reload();
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Knowledge base' }).count(), 0);
    const hidden = await page.locator('#vertical-nav').boundingBox();
    assert.ok(hidden && hidden.x + hidden.width <= 0, 'closed: the drawer is off screen');
    const main = await page.locator('#main-content').boundingBox();
    assert.ok(main && main.x < 50, 'the page takes the whole width');

    await open.click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Documents' }).waitFor();
    await page.waitForFunction(() => document.getElementById('vertical-nav')!.getBoundingClientRect().x >= 0);
    // Over the page, not beside it: the page has not moved.
    const over = await page.locator('#main-content').boundingBox();
    assert.deepEqual([over?.x, over?.width], [main.x, main.width]);
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
    await context.close();
  });
});
