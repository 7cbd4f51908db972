import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Dashboard } from '@crm/shared/schemas';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';

describe('the dashboard', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it("opens from the menu's first entry, and a funnel bar opens the lead list filtered to the same count", async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);

    // The demo leads are spread over the last 180 days: the period covers them.
    const from = new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/dashboard?') && r.ok()),
      navigate(page, base, `/dashboard?from=${from}`),
    ]);
    const dashboard = ((await answer.json()) as { data: Dashboard }).data;
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    assert.equal(await nav.getByRole('link').first().textContent(), 'Dashboard');

    const bar = [...dashboard.funnel].sort((a, b) => b.count - a.count)[0];
    assert.ok(bar.count > 0, 'the demo data has new leads in the period');
    await page.getByRole('link', { name: `${bar.name}: ${bar.count}`, exact: true }).click();
    await page.waitForURL(/\/build\/leads\/list\?.*created_from=/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('status_id'), String(bar.status_id ?? 'none'));
    assert.equal(url.searchParams.get('created_from'), dashboard.from);
    await page.getByText(`из ${bar.count}`).waitFor();
    // The bar's period is in the list's own "Создан" fields, open because a range is set.
    const created = page.getByRole('group', { name: 'Создан' });
    assert.equal(await created.getByLabel('с', { exact: true }).inputValue(), dashboard.from);
    assert.equal(await created.getByLabel('по', { exact: true }).inputValue(), dashboard.to);
    await context.close();
  });
});
