import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { LeadListResponse } from '@crm/shared/schemas';

/** The demo data's Operator and the Manager of the same team (api/src/db/seed-demo.ts). */
const OPERATOR = { email: 'operator1@example.com', password: 'demo-password' };
const MANAGER = { email: 'manager@example.com', name: 'Мария Соколова' };

/** Picks an option of a kit Select found by its label, as a keyboard user does: focus, open with ↓, pick. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  // Within the open menu: the kit loads Radix Select on first use, so the menu opens a moment after the key.
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

describe('leads without a status, and the hand-over by an Operator', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it("the Admin filters 'Без статуса' and sees exactly those leads, and the kanban's first column holds them", async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);

    const bare = await apiGet<LeadListResponse>(page, base, '/leads?status_id=none&per_page=100');
    assert.ok(bare.meta.total > 0, 'the demo data has leads without a status');
    assert.ok(bare.data.every((lead) => lead.status_id === null));

    await navigate(page, base, '/leads/list');
    await page.getByRole('row').nth(1).waitFor();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/leads?') && r.url().includes('status_id=none') && r.ok()),
      choose(page, 'Статус', 'Без статуса'),
    ]);
    await page.waitForURL(/status_id=none/);
    await page.getByText(`из ${bare.meta.total}`).waitFor();
    // Every row's inline status says 'Без статуса'.
    const selects = page.getByRole('combobox', { name: /^Статус: / });
    await selects.first().waitFor();
    const shown = await selects.evaluateAll((nodes) => nodes.map((node) => (node as HTMLSelectElement).selectedOptions[0]?.textContent));
    assert.ok(shown.length > 0);
    assert.deepEqual(new Set(shown), new Set(['Без статуса']));

    await navigate(page, base, '/leads/list?view=kanban');
    const column = page.getByRole('region', { name: 'Без статуса' });
    await column.getByText(`Лидов: ${bare.meta.total}`).waitFor();
    const regions = await page.getByRole('region').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    assert.equal(regions.filter((name) => name !== null && name !== 'Действия с выбранными лидами')[0], 'Без статуса', 'the first column');
    const firstCard = column.getByRole('article').first();
    await firstCard.waitFor();
    const cardName = await firstCard.getAttribute('aria-label');
    assert.ok(bare.data.some((lead) => cardName?.startsWith(lead.surname)), `${cardName} is one of the leads without a status`);
    await context.close();
  });

  it('an Operator hands a lead over to a named user; the detail then shows that user as responsible', async () => {
    const base = app.server.baseUrl;
    const operatorContext = await app.browser.newContext();
    const page = await newPage(operatorContext);
    await login(page, base, OPERATOR);

    const mine = await apiGet<LeadListResponse>(page, base, '/leads?per_page=5');
    const lead = mine.data[0];
    assert.ok(lead, 'the Operator has leads');

    await navigate(page, base, `/leads/${lead.id}/edit`);
    await page.getByRole('heading', { name: 'Редактировать лида' }).waitFor();
    await page.getByRole('button', { name: 'Передать' }).click();
    const dialog = page.getByRole('dialog', { name: 'Передать лид' });
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: 'Поиск пользователя' }).fill('Соколова');
    const target = dialog.getByRole('listitem').filter({ hasText: MANAGER.email });
    await target.waitFor();
    assert.equal(await dialog.getByText('This action is unauthorized.').count(), 0);
    await target.getByRole('button', { name: 'Передать' }).click();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/leads/${lead.id}/assign/`) && r.status() === 200),
      page.getByRole('alertdialog', { name: 'Уверены?' }).getByRole('button', { name: 'Да' }).click(),
    ]);
    await page.waitForURL(/\/build\/leads\/list/);
    await page.getByText(`Лид передан: ${MANAGER.name}`).waitFor();
    await operatorContext.close();

    // The Operator no longer sees the lead (own scope); the Admin's detail page names the Manager as responsible.
    const adminContext = await app.browser.newContext();
    const admin = await newPage(adminContext);
    await login(admin, base);
    await navigate(admin, base, `/leads/${lead.id}`);
    const responsible = admin.locator('dt:text-is("Ответственные") + dd');
    await responsible.getByText(MANAGER.name, { exact: true }).waitFor();
    assert.equal((await responsible.textContent())?.trim(), MANAGER.name, 'the Manager is the only responsible user');
    await adminContext.close();
  });
});
