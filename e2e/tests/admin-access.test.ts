import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';

const USER = { email: 'narrow.user@e2e.test', password: 'narrow-user-password-1' };
const ROLE = 'E2E narrow';
const SET_PASSWORD = 'Set new password';

/** Picks an option of a kit Select found by its label inside `scope`, as a keyboard user does: focus, open with ↓, pick. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  // Within the open menu: the kit loads Radix Select on first use, so the menu opens a moment after the key.
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').allTextContents();
}

/** The invitation mail the server logged (no SMTP_URL) for `email`: its link's token. */
function invitationToken(output: string, email: string): string | undefined {
  for (const line of output.split('\n').reverse()) {
    if (!line.includes('"mail"')) continue;
    const { mail } = JSON.parse(line) as { mail: { to: string; subject: string; text: string } };
    if (mail.to !== email || !mail.subject.includes('invited')) continue;
    return new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token') ?? undefined;
  }
  return undefined;
}

describe('administration: a narrow role, a user holding it, and a role change seen without signing out', () => {
  const app = useAppAndBrowser({ env: { LOG_LEVEL: 'info' } });

  it('the user sees only what the role allows, and the widened role appears in the open app', async () => {
    const adminContext = await app.browser.newContext();
    const admin = await newPage(adminContext);
    await login(admin, app.server.baseUrl);

    // A role that may only see leads.
    await navigate(admin, app.server.baseUrl, '/apps/roles');
    await admin.getByRole('button', { name: 'Добавить роль' }).click();
    const roleDialog = admin.getByRole('dialog');
    await roleDialog.getByLabel('Название роли').fill(ROLE);
    await roleDialog.getByRole('checkbox', { name: 'view lead', exact: true }).check();
    await roleDialog.getByRole('button', { name: 'Сохранить' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    const card = admin.getByRole('region', { name: `Роль ${ROLE}` });
    await card.getByText('Пользователей: 0').waitFor();

    // A user with it; they are mailed an invitation to choose a password.
    await navigate(admin, app.server.baseUrl, '/apps/users');
    await admin.getByRole('button', { name: 'Добавить пользователя' }).click();
    const userDialog = admin.getByRole('dialog');
    await userDialog.getByLabel('Полное имя').fill('Нина Узкова');
    await userDialog.getByLabel('Имя для обращения').fill('Нина');
    await userDialog.getByLabel('Эл. почта').fill(USER.email);
    await choose(admin, userDialog, 'Роль', ROLE);
    await userDialog.getByRole('button', { name: 'Сохранить' }).click();
    await userDialog.waitFor({ state: 'detached' });
    await admin.getByRole('row', { name: /Нина Узкова/ }).getByText(ROLE).waitFor();

    let token: string | undefined;
    for (let i = 0; i < 40 && !token; i += 1) {
      token = invitationToken(app.server.output(), USER.email);
      if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(token, 'the invitation mail was sent');

    // The invitation link opens the reset form, where the user chooses a password.
    const userContext = await app.browser.newContext();
    const user = await newPage(userContext);
    await user.goto(`${app.server.baseUrl}/build/reset-password?${new URLSearchParams({ token, email: USER.email })}`);
    await user.getByLabel('New password').fill(USER.password);
    await user.getByLabel('Confirm password').fill(USER.password);
    await user.getByRole('button', { name: SET_PASSWORD }).click();
    await user.waitForURL(/\/build\/login/);

    await fillLogin(user, USER);
    await user.waitForURL((url) => !url.pathname.endsWith('/login'));
    assert.deepEqual(await menuEntries(user), ['Leads', 'My day']);

    // A page the role does not allow goes to not-authorized.
    await navigate(user, app.server.baseUrl, '/apps/roles');
    await user.waitForURL(/\/build\/not-authorized/);
    await user.getByText('Not Authorized - 401').waitFor();

    await navigate(user, app.server.baseUrl, '/leads/list');
    await user.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Leads' }).waitFor();

    // The admin widens the role; the user's open app picks it up when its window gets the focus, no sign-out.
    await admin.goto(`${app.server.baseUrl}/build/apps/roles`);
    await admin.getByRole('region', { name: `Роль ${ROLE}` }).getByRole('button', { name: 'Изменить' }).click();
    const editDialog = admin.getByRole('dialog');
    await editDialog.getByRole('checkbox', { name: 'view lead-status', exact: true }).check();
    await editDialog.getByRole('button', { name: 'Сохранить' }).click();
    await editDialog.waitFor({ state: 'detached' });

    await user.evaluate(() => window.dispatchEvent(new Event('focus')));
    await user.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Lead statuses' }).waitFor();
    assert.deepEqual(await menuEntries(user), ['Leads', 'My day', 'Lead statuses']);
    assert.match(new URL(user.url()).pathname, /\/build\/leads\/list/);

    await userContext.close();
    await adminContext.close();
  });

  it('remote-admin standalone: users, teams and roles pages work on their own', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await page.goto(`${app.server.baseUrl}/build/remotes/admin/apps/users`);
    await fillLogin(page);
    await page.getByRole('table', { name: 'Пользователи' }).getByRole('row', { name: /Administrator/ }).waitFor();

    await page.getByRole('link', { name: 'Команды' }).click();
    await page.getByRole('button', { name: 'Добавить команду' }).click();
    await page.waitForURL(/\/build\/remotes\/admin\/team\/create$/);
    await page.getByLabel('Название', { exact: true }).fill('Standalone e2e');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/build\/remotes\/admin\/team$/);
    await page.getByRole('table', { name: 'Команды' }).getByRole('row', { name: /Standalone e2e/ }).waitFor();

    await page.getByRole('link', { name: 'Роли' }).click();
    await page.getByRole('region', { name: 'Роль Admin' }).waitFor();
    await context.close();
  });
});
