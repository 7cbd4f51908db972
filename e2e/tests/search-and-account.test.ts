import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiGet, apiSend } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataEnvelope, DataListEnvelope, leadDetailSchema, leadStatusSchema, Me } from '@crm/shared/schemas';

describe('global search and account sessions', () => {
  const app = useAppAndBrowser();

  it('Ctrl+K finds a lead by a phone typed in another format and opens it', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    const statuses = await apiGet<DataListEnvelope<typeof leadStatusSchema>>(page, app.server.baseUrl, '/lead-status');
    const lead = await apiSend<DataEnvelope<typeof leadDetailSchema>>(page, app.server.baseUrl, 'POST', '/leads', {
      surname: 'Телефонов',
      firstname: 'Семён',
      patronymic: '',
      phone: '+7 (916) 555-12-34',
      status_id: statuses.data[0].id,
      users: [],
      additional_info: '',
    });

    await navigate(page, app.server.baseUrl, '/leads/list');
    await page.getByRole('button', { name: 'Search (Ctrl+K)' }).waitFor();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search leads, documents, users and pages' });
    await box.waitFor();
    // Stored as +7 (916) 555-12-34; typed the way people dial it at home.
    await box.fill('8 916 5551234');
    const option = page.getByRole('option', { name: /Телефонов Семён/ });
    await option.waitFor();
    assert.equal(await option.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/build/leads/${lead.data.id}`);
    assert.equal(await page.getByRole('dialog').count(), 0);
    await context.close();
  });

  it('"Sign out everywhere else" ends the session of another browser', async () => {
    const here = await app.browser.newContext();
    const elsewhere = await app.browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0' });
    const page = await newPage(here);
    const other = await newPage(elsewhere);
    await login(page, app.server.baseUrl);
    await login(other, app.server.baseUrl);

    await navigate(page, app.server.baseUrl, '/pages/account-settings');
    await page.waitForURL(/\/build\/pages\/user-profile\?tab=account/);
    const table = page.getByRole('table');
    await table.getByText('This device').waitFor();
    await table.getByText('Firefox on Linux').first().waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText(/Your other sessions were signed out/).waitFor();

    // The other browser's next request is refused and it lands on the sign-in page; this one stays signed in.
    await navigate(other, app.server.baseUrl, '/leads/list');
    await other.waitForURL((url) => url.pathname === '/build/login');
    const me = await apiGet<Me>(page, app.server.baseUrl, '/auth/me');
    assert.ok(me.userData.email);
    await here.close();
    await elsewhere.close();
  });

  it('an API key is created on the account tab, shown once, works as a bearer within its scope, and is revoked', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    await navigate(page, app.server.baseUrl, '/pages/account-settings');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByLabel('Name').fill('E2E integration');
    await dialog.getByRole('checkbox', { name: 'view lead', exact: true }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const key = (await dialog.getByTestId('api-key-secret').textContent()) ?? '';
    assert.match(key, /^crm_[0-9A-Za-z]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await section.getByText(`${key.slice(0, 12)}…`).waitFor();
    assert.equal(await page.getByText(key).count(), 0, 'the key is not shown again');

    const call = (path: string) => page.request.get(`${app.server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await call('/leads')).status(), 200);
    assert.equal((await call('/users')).status(), 403);

    await section.getByRole('button', { name: 'Revoke: E2E integration' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('No keys yet.').waitFor();
    assert.equal((await call('/leads')).status(), 401);
    await context.close();
  });
});
