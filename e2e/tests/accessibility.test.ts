import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { LeadListResponse } from '@crm/shared/schemas';

/** Waits until the page has drawn its data: nothing loading, no request in flight. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

describe('accessibility', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  for (const theme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical violation on the main pages, colour contrast included (${theme} theme)`, async () => {
      const context = await app.browser.newContext({ bypassCSP: true });
      const base = app.server.baseUrl;
      // The theme is a cookie the pre-paint script and the host read (docs/decisions/039).
      if (theme === 'dark') await context.addCookies([{ name: 'CRM-theme', value: 'dark', url: base }]);
      const page = await newPage(context);
      const found: Record<string, unknown> = {};

      await navigate(page, base, '/login');
      await page.getByLabel(/email/i).waitFor();
      found['/login'] = await seriousA11yViolations(page);

      await login(page, base);
      const { data } = await apiGet<LeadListResponse>(page, base, '/leads?per_page=5');
      const leadId = data[0].id;
      const pages = [
        '/leads/list',
        '/leads/list?view=kanban',
        '/leads/create',
        `/leads/${leadId}`,
        '/document/list',
        '/document/create',
        '/apps/users',
        '/apps/roles',
        '/lead-status/list',
        '/pages/user-profile',
        '/pages/account-settings',
      ];
      for (const path of pages) {
        await navigate(page, base, path);
        await page.locator('main').first().waitFor();
        await settled(page);
        if (path === pages[0]) assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        found[path] = await seriousA11yViolations(page);
      }
      await context.close();

      const failing = Object.fromEntries(Object.entries(found).filter(([, violations]) => (violations as unknown[]).length > 0));
      assert.deepEqual(failing, {}, `serious or critical violations (${theme}):\n${JSON.stringify(failing, null, 2)}`);
    });
  }

  it('the leads list is usable from the keyboard: Tab reaches a lead, with a visible focus, and Enter opens it', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    await navigate(page, app.server.baseUrl, '/leads/list');
    await page.getByRole('link', { name: /^Открыть / }).first().waitFor();
    await settled(page);

    let reached: { href: string; outline: string; shadow: string } | null = null;
    for (let presses = 0; presses < 80 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const href = active?.getAttribute('href') ?? '';
        if (!active || !/\/leads\/\d+$/.test(href)) return null;
        const style = getComputedStyle(active);
        return { href, outline: `${style.outlineStyle} ${style.outlineWidth}`, shadow: style.boxShadow };
      });
    }
    assert.ok(reached, 'Tab never reached the link of a lead');
    assert.ok(!reached.outline.startsWith('none') || reached.shadow !== 'none', `the focused link shows no focus ring (${JSON.stringify(reached)})`);

    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${reached.href.replace(/^\/build/, '')}$`));
    await context.close();
  });
});
