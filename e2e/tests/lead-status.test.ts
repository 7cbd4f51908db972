import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataListEnvelope, leadStatusSchema } from '@crm/shared/schemas';

/** The slice that proves the whole path: list, add through the drawer (with a server error first), delete after 'Уверены?'. */
async function exerciseLeadStatuses(page: Page, drawerUrl: RegExp, name: string) {
  await page.getByRole('button', { name: 'Добавить статус' }).click();
  await page.waitForURL(drawerUrl);
  const drawer = page.getByRole('dialog');
  await drawer.waitFor();

  // An empty name comes back from the server as a 422 shown under the field.
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await drawer.getByText('Укажите название').waitFor();

  await drawer.getByLabel('Название').fill(name);
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await drawer.waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.waitFor();

  await row.getByRole('button', { name: /^Удалить/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Уверены?' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Да' }).click();
  await row.waitFor({ state: 'detached' });
}

describe('the lead-status slice', () => {
  const app = useAppAndBrowser();

  it('works inside the host', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    await navigate(page, app.server.baseUrl, '/lead-status/list');
    await page.getByRole('row', { name: /Новый/ }).waitFor();
    await exerciseLeadStatuses(page, /\/build\/lead-status\/list\/AddStatusDrawer$/, 'Перезвонить e2e');
    await context.close();
  });

  it('works in remote-leads standalone, served at /build/remotes/leads/', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await page.goto(`${app.server.baseUrl}/build/remotes/leads/lead-status/list`);
    // The standalone shell reads Russian like the remote's screens (issue #12).
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await fillLogin(page);
    await page.getByRole('row', { name: /Новый/ }).waitFor();
    await page.getByRole('navigation', { name: 'Разделы' }).waitFor();
    await page.getByRole('button', { name: 'Выйти' }).waitFor();
    assert.equal(await page.title(), 'CRM · Лиды');
    await exerciseLeadStatuses(page, /\/build\/remotes\/leads\/lead-status\/list\/AddStatusDrawer$/, 'Standalone e2e');
    const res = await page.request.get(`${app.server.baseUrl}/api/lead-status`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
    });
    const body = (await res.json()) as DataListEnvelope<typeof leadStatusSchema>;
    assert.ok(!body.data.some((s) => s.name === 'Standalone e2e'), 'the deleted status is gone on the server');
    await context.close();
  });
});
