import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiGet, apiSend } from '../support/api';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';

const MEMBER = { email: 'team.member@e2e.test', password: 'team-member-password-1' };
const VIEW = 'Ничьи лиды';

/** Picks an option of a kit Select found by its label inside `scope`, as a keyboard user does: focus, open with ↓, pick. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
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

const lead = (surname: string, statusId: number, users: number[] = []) => ({
  surname,
  firstname: 'Тест',
  patronymic: '',
  phone: `+7 912 ${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`,
  status_id: statusId,
  users,
  additional_info: '',
});

describe('saved views', () => {
  const app = useAppAndBrowser({ env: { LOG_LEVEL: 'info' } });

  it('the Admin saves a filtered view without the phone column and shares it with a team; a member opens it and sees only their own leads in it, without phones', async () => {
    const base = app.server.baseUrl;
    const adminContext = await app.browser.newContext();
    const admin = await newPage(adminContext);
    await login(admin, base);

    // A team member (Operator: own scope) with a password, and leads: one nobody is responsible for, one assigned to
    // the member; the member will add one of their own without a responsible user.
    const roles = await apiGet<{ data: { id: number; name: string }[] }>(admin, base, '/roles/options');
    const operatorRole = roles.data.find((role) => role.name === 'Operator')!.id;
    const member = await apiSend<{ data: { id: number } }>(admin, base, 'POST', '/users', { name: 'Олег Командный', first_name: 'Олег', email: MEMBER.email, role_id: operatorRole });
    await apiSend(admin, base, 'POST', '/teams', { name: 'Продажи', member_ids: [member.data.id] });
    const statusId = (await apiGet<{ data: { id: number }[] }>(admin, base, '/lead-status')).data[0].id;
    await apiSend(admin, base, 'POST', '/leads', lead('Ничейный', statusId));
    await apiSend(admin, base, 'POST', '/leads', lead('Олегов', statusId, [member.data.id]));
    let token: string | undefined;
    for (let i = 0; i < 40 && !token; i += 1) {
      token = invitationToken(app.server.output(), MEMBER.email);
      if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(token, 'the invitation mail was sent');
    await apiSend(admin, base, 'POST', '/auth/reset-password', { email: MEMBER.email, token, password: MEMBER.password, password_confirmation: MEMBER.password });

    // The Admin filters the list, saves it as a view and shares it with the team.
    await navigate(admin, base, '/leads/list');
    await admin.getByRole('button', { name: 'Ещё фильтры' }).click();
    await admin.getByRole('checkbox', { name: 'Без ответственного' }).click();
    await admin.waitForURL((url) => url.searchParams.get('no_user') === '1');
    await admin.getByRole('link', { name: 'Ничейный Тест', exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Олегов Тест', exact: true }).waitFor({ state: 'detached' });
    // …hides the phone column from the keyboard ("Столбцы", then Space on the focused "Телефон")…
    const table = admin.getByRole('table', { name: 'Лиды' });
    await table.getByRole('columnheader', { name: 'Телефон' }).waitFor();
    await admin.getByRole('button', { name: 'Столбцы' }).click();
    const columns = admin.getByRole('dialog', { name: 'Столбцы' });
    await columns.getByRole('checkbox', { name: 'Телефон' }).waitFor();
    // The panel puts the focus on its first choice as it opens.
    await admin.waitForFunction(() => document.activeElement?.closest('label')?.textContent === 'Телефон');
    await admin.keyboard.press('Space');
    await admin.waitForURL((url) => url.searchParams.get('columns') === 'name,status,responsible,is_favorite,created_at,actions');
    await table.getByRole('columnheader', { name: 'Телефон' }).waitFor({ state: 'detached' });
    await admin.keyboard.press('Escape');
    await columns.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Сохранить вид' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Сохранить вид' });
    await dialog.getByLabel('Название').fill(VIEW);
    await choose(admin, dialog, 'Кто видит', 'Команда');
    await choose(admin, dialog, 'Команда', 'Продажи');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The tab shows once the tabs reload, and is selected once the URL names it (a router navigation, which can land
    // after the dialog has gone).
    await admin.getByRole('tablist', { name: 'Виды списка' }).getByRole('tab', { name: VIEW, selected: true }).waitFor();
    assert.ok(new URL(admin.url()).searchParams.get('saved_view'));

    // The member signs in, adds a lead of their own, and opens the team's view from the tabs.
    const memberContext = await app.browser.newContext();
    const page = await newPage(memberContext);
    await navigate(page, base, '/login');
    await fillLogin(page, MEMBER);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await apiSend(page, base, 'POST', '/leads', lead('Свойский', statusId));
    await navigate(page, base, '/leads/list');
    await page.getByRole('link', { name: 'Олегов Тест', exact: true }).waitFor();
    await page.getByRole('tablist', { name: 'Виды списка' }).getByRole('tab', { name: VIEW }).click();
    await page.getByText('Вид от Admin Administrator: в нём видны только лиды, доступные вам.').waitFor();
    // The view's filter, within the member's own scope: their unassigned lead, not the Admin's, not the assigned one.
    await page.getByRole('link', { name: 'Свойский Тест', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Олегов Тест', exact: true }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('link', { name: 'Ничейный Тест', exact: true }).count(), 0);
    assert.equal(await page.getByRole('checkbox', { name: 'Без ответственного' }).isChecked(), true);
    // The view's columns: no phone column, the others as the Admin left them.
    const memberTable = page.getByRole('table', { name: 'Лиды' });
    await memberTable.getByRole('columnheader', { name: 'Статус' }).waitFor();
    assert.equal(await memberTable.getByRole('columnheader', { name: 'Телефон' }).count(), 0);
    assert.equal(await memberTable.getByRole('cell', { name: /^\+7 912/ }).count(), 0);
    await page.getByRole('button', { name: 'Столбцы' }).click();
    assert.equal(await page.getByRole('dialog', { name: 'Столбцы' }).getByRole('checkbox', { name: 'Телефон' }).isChecked(), false);
    const params = new URL(page.url()).searchParams;
    assert.equal(params.get('columns'), 'name,status,responsible,is_favorite,created_at,actions');
    assert.equal(params.get('no_user'), '1');
    assert.ok(params.get('saved_view'));

    await memberContext.close();
    await adminContext.close();
  });
});
