import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';

/** Locale chunks the page fetched so far (webpack names them locale-<code>). */
function localeRequests(urls: string[], code: string): string[] {
  return urls.filter((url) => new RegExp(`/locale-${code}[.-]`).test(new URL(url).pathname));
}

describe('languages with I18N_ENABLED: the shell switches, the lead and admin screens stay Russian', () => {
  const app = useAppAndBrowser({ env: { I18N_ENABLED: 'true' } });

  it('Arabic loads on switch, turns the shell Arabic and right to left, and survives a reload', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await login(page, app.server.baseUrl);
    await navigate(page, app.server.baseUrl, '/leads/list');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Leads' }).waitFor();
    assert.deepEqual(localeRequests(requested, 'ar'), [], 'the Arabic texts are not part of the first load');

    await page.getByRole('button', { name: 'Language' }).click();
    const options = await page.getByRole('menuitemradio').allTextContents();
    assert.deepEqual(options, ['English', 'Français', 'العربية', 'Русский']);
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();

    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await nav.getByRole('link', { name: 'العملاء المحتملون' }).waitFor();
    assert.equal(localeRequests(requested, 'ar').length, 1, 'the switch fetched the Arabic locale chunk');
    assert.equal(await page.locator('html').getAttribute('lang'), 'ar');
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    // The lead screen is Russian whatever the shell's language, its kit texts included.
    await page.getByRole('heading', { name: 'Лиды' }).waitFor();
    await page.getByText('Строк на странице:').waitFor();

    await page.reload();
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'العملاء المحتملون' }).waitFor();
    await page.getByRole('button', { name: 'اللغة' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ar');
    await page.getByRole('heading', { name: 'Лиды' }).waitFor();
    await context.close();
  });

  it('the admin pages read in Russian in an English shell', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    const pages = [
      ['/apps/users', 'Пользователи', 'Добавить пользователя'],
      ['/team', 'Команды', 'Добавить команду'],
      ['/apps/roles', 'Роли', 'Добавить роль'],
      ['/apps/permissions', 'Разрешения', 'Добавить разрешение'],
      ['/audit-log', 'Журнал действий', null],
      ['/comment-step/list', 'Шаги комментариев', null],
      ['/white-ip/list', 'Разрешённые IP-адреса', 'Добавить адрес'],
    ] as const;
    for (const [path, heading, addButton] of pages) {
      await navigate(page, app.server.baseUrl, path);
      await page.getByRole('heading', { name: heading }).waitFor();
      if (addButton) await page.getByRole('button', { name: addButton }).waitFor();
      const main = (await page.getByRole('main').textContent()) ?? '';
      // The texts these pages showed in English before (data such as role names may be English, so not every word).
      for (const english of ['Rows per page', 'Could not', 'Retry', 'Add user', 'Add team', 'Add role', 'Add permission', 'Team lead', 'Assigned to', 'Audit log', 'Choose File']) {
        assert.ok(!main.includes(english), `${path} shows no English "${english}"`);
      }
    }
    // The shell around them stays English.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await context.close();
  });
});

describe('languages by default (internationalisation off)', () => {
  const app = useAppAndBrowser();

  it('the shell is English and offers no language switcher', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    await navigate(page, app.server.baseUrl, '/leads/list');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Leads' }).waitFor();
    await page.getByRole('button', { name: 'Theme' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Language' }).count(), 0);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await context.close();
  });
});
