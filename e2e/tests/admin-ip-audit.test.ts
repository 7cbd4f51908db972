import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';

// The server trusts X-Forwarded-For from 127.0.0.1 only: the browser, connecting directly, is 127.0.0.1; a second
// browser whose requests say `X-Forwarded-For: 10.20.30.40` stands for a colleague in the office behind the proxy.
const OFFICE_CLIENT = '10.20.30.40';

describe('IP allow-list and audit log', () => {
  const app = useAppAndBrowser({ env: { TRUSTED_PROXIES: '127.0.0.1' } });

  // First, while this browser may still reach the API: the comment steps page of remote-admin standalone.
  it('comment steps in remote-admin standalone: add one with a colour, archive it, and the audit log will list it', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await page.goto(`${app.server.baseUrl}/build/remotes/admin/comment-step/list`);
    await fillLogin(page);
    await page.getByRole('table', { name: 'Шаги комментариев' }).getByRole('row', { name: /Первичный контакт/ }).waitFor();

    await page.getByRole('button', { name: 'Добавить шаг' }).click();
    const drawer = page.getByRole('dialog', { name: 'Новый шаг' });
    await drawer.getByLabel('Название').fill('Повторный звонок');
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await drawer.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Повторный звонок/ });
    await row.waitFor();
    assert.equal(await row.locator('[data-color]').first().getAttribute('data-color'), '#0D9394');

    await row.getByRole('button', { name: 'В архив Повторный звонок' }).click();
    await row.getByText('В архиве').waitFor();
    await row.getByRole('button', { name: 'Восстановить Повторный звонок' }).waitFor();
    await context.close();
  });

  it('an entry that excludes the browser needs confirmation, then the app shows the restriction page naming the address; the audit log records it', async () => {
    const admin = await app.browser.newContext();
    const page = await newPage(admin);
    await login(page, app.server.baseUrl);
    await navigate(page, app.server.baseUrl, '/white-ip/list');
    await page.getByTestId('your-ip').filter({ hasText: '127.0.0.1' }).waitFor();

    await page.getByRole('button', { name: 'Добавить адрес' }).click();
    await page.waitForURL(/\/build\/white-ip\/list\/AddDrawer$/);
    const drawer = page.getByRole('dialog', { name: 'Новый IP-адрес' });
    await drawer.getByLabel('Адрес или диапазон').fill('10.0.0.0/8');
    await drawer.getByLabel('Комментарий').fill('Office network only');
    await drawer.getByRole('button', { name: 'Сохранить' }).click();

    const lockout = page.getByRole('alertdialog', { name: /ваш адрес 127\.0\.0\.1 больше не будет разрешён/ });
    await lockout.waitFor();
    await lockout.getByRole('button', { name: 'Всё равно сохранить' }).click();

    await page.getByRole('heading', { name: 'Access from this address is not allowed' }).waitFor();
    assert.equal(await page.getByTestId('refused-address').textContent(), '127.0.0.1');
    // A reload is refused too: the front end loads, its first API call is answered 403.
    await page.reload();
    await page.getByRole('heading', { name: 'Access from this address is not allowed' }).waitFor();
    await admin.close();

    const office = await app.browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': OFFICE_CLIENT } });
    const officePage = await newPage(office);
    await login(officePage, app.server.baseUrl);
    await navigate(officePage, app.server.baseUrl, '/audit-log');
    const row = officePage.getByRole('row', { name: /IP-адрес добавлен/ });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    assert.match(text, /10\.0\.0\.0\/8/);
    assert.match(text, /Office network only/);
    assert.match(text, /127\.0\.0\.1/, 'the entry names the address it was made from');
    await officePage.getByRole('row', { name: /Шаг комментариев изменён.*archived: false → true/ }).waitFor();
    // The office colleague's own sign-in is there too, from the address the proxy named.
    await officePage.getByRole('row', { name: new RegExp(`Вход.*${OFFICE_CLIENT.replaceAll('.', '\\.')}`) }).first().waitFor();
    await office.close();
  });
});
