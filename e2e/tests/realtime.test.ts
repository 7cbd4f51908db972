import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet, apiSend } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataEnvelope, DataListEnvelope, leadDetailSchema, leadStatusSchema, Me } from '@crm/shared/schemas';

const MANAGER = { email: 'manager@example.com', password: 'demo-password' };

/** Polls `check` until it holds; answers how long that took. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

const selectedStatus = (page: Page, surname: string) =>
  page
    .getByRole('row', { name: new RegExp(surname) })
    .getByRole('combobox')
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

describe('realtime in the composed app (two users)', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it('shows another user’s changes live, notifies a hand-over with a toast, shows who views a lead, and follows the connection', async () => {
    const base = app.server.baseUrl;
    const a = await newPage(await app.browser.newContext());
    const b = await newPage(await app.browser.newContext());
    await login(a, base);
    await login(b, base, MANAGER);
    const manager = (await apiGet<Me>(b, base, '/auth/me')).userData;
    const admin = (await apiGet<Me>(a, base, '/auth/me')).userData;
    const statuses = (await apiGet<DataListEnvelope<typeof leadStatusSchema>>(a, base, '/lead-status')).data;
    const status = (name: string) => statuses.find((s) => s.name === name)!.id;

    // A creates a lead the manager is responsible for; B has the list open on it.
    const lead = (
      await apiSend<DataEnvelope<typeof leadDetailSchema>>(a, base, 'POST', '/leads', {
        surname: 'Живой',
        firstname: 'Тест',
        patronymic: '',
        phone: '+7 912 555 00 01',
        status_id: status('Новый'),
        users: [manager.id],
        additional_info: '',
      })
    ).data;
    await navigate(b, base, '/leads/list?search=Живой');
    await b.getByRole('status', { name: 'Live updates: connected' }).waitFor();
    await within(5000, 'the new lead in B’s list', async () => (await b.getByRole('row', { name: /Живой/ }).count()) === 1);
    assert.equal(await selectedStatus(b, 'Живой'), 'Новый');
    const navigations = await b.evaluate(() => performance.getEntriesByType('navigation').length);

    // A changes its status: B's open list shows it without a reload.
    await apiSend(a, base, 'POST', `/leads/status/${lead.id}`, { status_id: status('В работе') });
    const statusMs = await within(3000, 'the status change in B’s list', async () => (await selectedStatus(b, 'Живой')) === 'В работе');
    console.log(`B saw A's status change ${Math.round(statusMs)} ms after A's call answered`);
    assert.equal(await b.evaluate(() => performance.getEntriesByType('navigation').length), navigations, 'no reload');

    // A hands another lead to B: B gets the toast and the unread badge.
    const second = (
      await apiSend<DataEnvelope<typeof leadDetailSchema>>(a, base, 'POST', '/leads', {
        surname: 'Передаваемый',
        firstname: 'Тест',
        patronymic: '',
        phone: '+7 912 555 00 02',
        status_id: status('Новый'),
        users: [],
        additional_info: '',
      })
    ).data;
    await apiSend(a, base, 'GET', `/leads/${second.id}/assign/${manager.id}`);
    await b.getByText(`Вам передан лид: Передаваемый Тест — ${admin.name}`).waitFor();
    await b.getByRole('button', { name: /^Notifications: \d+ unread$/ }).waitFor();
    await b.getByRole('button', { name: /^Notifications:/ }).click();
    const panel = b.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /Передаваемый Тест/ }).waitFor();
    await b.keyboard.press('Escape');

    // Presence: B on the lead sees A's avatar while A looks at it too, and sees it go.
    await navigate(b, base, `/leads/${lead.id}`);
    await b.getByRole('heading', { name: /Живой Тест/ }).waitFor();
    assert.equal(await b.getByTestId('lead-viewers').count(), 0, 'alone on the lead');
    await navigate(a, base, `/leads/${lead.id}`);
    await b.getByRole('group', { name: `Сейчас смотрят: ${admin.name}` }).waitFor();
    await navigate(a, base, '/leads/list');
    await within(5000, 'A’s avatar gone', async () => (await b.getByTestId('lead-viewers').count()) === 0);

    // The server stops: B's indicator goes unavailable, and back to connected when it returns.
    await app.server.restart(async () => {
      await b.getByRole('status', { name: 'Live updates: unavailable, retrying' }).waitFor({ timeout: 30_000 });
    });
    await b.getByRole('status', { name: 'Live updates: connected' }).waitFor({ timeout: 45_000 });
  });
});
