import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet } from '../support/api';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { commentStepSchema, DataEnvelope, DataListEnvelope, LeadListItem, LeadListResponse, leadDetailSchema, leadHistoryEntrySchema, listedUserSchema } from '@crm/shared/schemas';

/** Picks an option of a kit Select found by its label, as a keyboard user does: focus, open with ↓, pick. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  // Within the open menu: the kit loads Radix Select on first use, so the menu opens a moment after the key.
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

async function findLead(page: Page, baseUrl: string, search: string): Promise<LeadListItem> {
  const { data } = await apiGet<LeadListResponse>(page, baseUrl, `/leads?search=${encodeURIComponent(search)}`);
  assert.equal(data.length, 1, `one lead matches ${search}`);
  return data[0];
}

describe('the leads area', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it('creates, lists, edits, stars, changes status, comments, hands over, moves on the kanban and deletes a lead', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);
    await navigate(page, base, '/leads/list');
    await page.getByRole('button', { name: 'Добавить лида' }).click();
    await page.getByRole('heading', { name: 'Добавить лида' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Передать' }).count(), 0, 'no hand-over while creating');

    // The server's 422 messages appear under their fields.
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Укажите фамилию').waitFor();
    await page.getByText('Укажите телефон').waitFor();

    await page.getByLabel('Фамилия').fill('Тестовый');
    await page.getByLabel('Имя', { exact: true }).fill('Лид');
    await page.getByLabel('Телефон').fill('8 (912) 000-11-22');
    await choose(page, 'Статус', 'Новый');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/build\/leads\/list/);

    await page.getByLabel('Поиск').fill('912 000-11');
    const row = page.getByRole('row', { name: /Тестовый Лид/ });
    await row.waitFor();
    let lead = await findLead(page, base, 'Тестовый');
    assert.equal(lead.phone.replace(/\D/g, ''), '79120001122', 'the phone is stored normalised');

    // Edit.
    await row.getByRole('link', { name: 'Редактировать Тестовый Лид' }).click();
    await page.getByRole('heading', { name: 'Редактировать лида' }).waitFor();
    await page.getByLabel('Отчество').fill('Проверочный');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/build\/leads\/list/);
    await page.getByLabel('Поиск').fill('Тестовый');
    // The search is in the URL once typed; the filtered page then replaces the rows: act on the rows it shows.
    await page.waitForURL(/search=/);
    await page.waitForLoadState('networkidle');
    const edited = page.getByRole('row', { name: /Тестовый Лид Проверочный/ });
    await edited.waitFor();

    // Star and inline status.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/leads/favorite/') && r.ok()),
      edited.getByRole('button', { name: /Избранное/ }).click(),
    ]);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/leads/status/') && r.ok()),
      edited.getByRole('combobox', { name: /Статус/ }).selectOption({ label: 'В работе' }),
    ]);
    lead = await findLead(page, base, 'Тестовый');
    assert.equal(lead.is_favorite, true, 'starred for this user');
    assert.equal(lead.status?.name, 'В работе', 'status changed inline');

    // Comment on the detail page.
    await edited.getByRole('link', { name: 'Открыть Тестовый Лид Проверочный' }).click();
    await page.waitForURL(new RegExp(`/build/leads/${lead.id}$`));
    await choose(page, 'Этап', (await apiGet<DataListEnvelope<typeof commentStepSchema>>(page, base, '/comment-steps')).data[0].name);
    await page.getByRole('textbox', { name: 'Комментарий' }).click();
    await page.keyboard.type('Клиент просит перезвонить в пятницу');
    // The typed text is already on the page (in the editor): wait for the server's answer, not for the text.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/leads\/\d+\/comments/.test(r.url()) && r.ok()),
      page.getByRole('button', { name: 'Добавить комментарий' }).click(),
    ]);
    await page.getByText('Клиент просит перезвонить в пятницу').first().waitFor();
    const history = await apiGet<DataListEnvelope<typeof leadHistoryEntrySchema>>(page, base, `/leads/${lead.id}/history`);
    assert.ok(history.data.some((h) => h.action === 'comment_added'), 'the comment is in the history');

    // Hand over to the Manager: the app says to whom, the list shows them, and the server holds only them.
    const { data: users } = await apiGet<DataListEnvelope<typeof listedUserSchema>>(page, base, '/users');
    const manager = users.find((u) => u.email === 'manager@example.com');
    assert.ok(manager, 'the demo data has the Manager');
    await navigate(page, base, `/leads/${lead.id}/edit`);
    await page.getByRole('button', { name: 'Передать' }).click();
    const dialog = page.getByRole('dialog', { name: 'Передать лид' });
    await dialog.waitFor();
    const target = dialog.getByRole('listitem').filter({ hasText: 'manager@example.com' });
    await target.getByRole('button', { name: 'Передать' }).click();
    await page.getByRole('alertdialog', { name: 'Уверены?' }).getByRole('button', { name: 'Да' }).click();
    await page.waitForURL(/\/build\/leads\/list/);
    await page.getByText(`Лид передан: ${manager.name}`).waitFor();
    await page.getByLabel('Поиск').fill('Тестовый');
    const handed = page.getByRole('row', { name: /Тестовый Лид Проверочный/ });
    await handed.getByText(manager.name, { exact: true }).waitFor();
    lead = await findLead(page, base, 'Тестовый');
    assert.deepEqual(
      lead.responsible.map((u) => ({ id: u.id, name: u.name })),
      [{ id: manager.id, name: manager.name }],
      'the Manager is now the only responsible user',
    );

    // Kanban: drag the card to another status.
    await navigate(page, base, '/leads/list?view=kanban&search=Тестовый');
    const card = page.getByRole('article', { name: 'Тестовый Лид Проверочный' });
    await card.waitFor();
    const column = page.getByRole('region', { name: 'Квалифицирован' });
    // At 1280 px the board scrolls sideways ('Без статуса' comes first): bring the target column into view, as a user would.
    await column.scrollIntoViewIfNeeded();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/leads/status/') && r.ok()),
      card.dragTo(column),
    ]);
    lead = await findLead(page, base, 'Тестовый');
    assert.equal(lead.status?.name, 'Квалифицирован', 'dragging changed the status');

    // Delete.
    await navigate(page, base, '/leads/list?search=Тестовый');
    await page.getByRole('row', { name: /Тестовый Лид/ }).getByRole('button', { name: /Удалить/ }).click();
    await page.getByRole('alertdialog', { name: /^Удалить лида Тестовый Лид/ }).getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('row', { name: /Тестовый Лид/ }).waitFor({ state: 'detached' });
    // The request is sent once the 10 s of Отменить have passed (docs/decisions/064).
    await page.getByRole('button', { name: 'Отменить' }).waitFor({ state: 'detached', timeout: 20_000 });
    let left = Infinity;
    for (let waited = 0; waited < 10_000 && left > 0; waited += 250) {
      left = (await apiGet<LeadListResponse>(page, base, '/leads?search=Тестовый')).data.length;
      if (left > 0) await page.waitForTimeout(250);
    }
    assert.equal(left, 0, 'deleted on the server');
    await context.close();
  });

  it('gives the second of two editors a 409 and loses nothing', async () => {
    const base = app.server.baseUrl;
    const [ctxA, ctxB] = [await app.browser.newContext(), await app.browser.newContext()];
    const [a, b] = [await newPage(ctxA), await newPage(ctxB)];
    await login(a, base);
    await login(b, base);
    const { data } = await apiGet<LeadListResponse>(a, base, '/leads?per_page=5');
    const target = data[0];
    await navigate(a, base, `/leads/${target.id}/edit`);
    await navigate(b, base, `/leads/${target.id}/edit`);
    await a.getByLabel('Имя', { exact: true }).waitFor();
    await b.getByLabel('Имя', { exact: true }).waitFor();
    await a.getByLabel('Отчество').waitFor();

    await a.getByLabel('Имя', { exact: true }).fill('ИмяИзПервогоОкна');
    await a.getByRole('button', { name: 'Сохранить' }).click();
    await a.waitForURL(/\/build\/leads\/list/);

    await b.getByLabel('Отчество').fill('ОтчествоИзВторогоОкна');
    await b.getByRole('button', { name: 'Сохранить' }).click();
    const conflict = b.getByRole('dialog', { name: 'Лид изменён другим пользователем' });
    await conflict.waitFor();
    let current = await apiGet<DataEnvelope<typeof leadDetailSchema>>(b, base, `/leads/${target.id}`);
    assert.equal(current.data.firstname, 'ИмяИзПервогоОкна', "the first editor's change is kept");
    assert.equal(current.data.patronymic, target.patronymic, 'the stale save did not overwrite anything');

    // Review: keep my patronymic, take their first name, save again.
    await conflict.getByRole('button', { name: 'Сравнить изменения' }).click();
    await b.getByRole('button', { name: 'Сохранить выбранное' }).click();
    await b.waitForURL(/\/build\/leads\/list/);
    current = await apiGet<DataEnvelope<typeof leadDetailSchema>>(b, base, `/leads/${target.id}`);
    assert.equal(current.data.firstname, 'ИмяИзПервогоОкна');
    assert.equal(current.data.patronymic, 'ОтчествоИзВторогоОкна');
    await ctxA.close();
    await ctxB.close();
  });

  it('imports a CSV with bad rows and offers a report of them', async () => {
    const base = app.server.baseUrl;
    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await newPage(context);
    await login(page, base);
    await navigate(page, base, '/leads/list');
    const csv = [
      'Фамилия,Имя,Отчество,Телефон,Статус',
      'Импортов,Первый,,+7 901 555-00-01,Новый',
      'Импортов,Второй,,8 901 555 00 02,В работе',
      ',БезФамилии,,+7 901 555-00-03,Новый',
      'Импортов,ПлохойТелефон,,12,Новый',
    ].join('\n');
    await page.getByRole('button', { name: 'Импорт' }).click();
    const wizard = page.getByRole('dialog', { name: 'Импорт лидов' });
    await wizard.getByLabel('Файл CSV').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await wizard.getByRole('button', { name: 'Начать импорт' }).click();
    await wizard.getByText('Импорт завершён').waitFor({ timeout: 30_000 });
    const downloadPromise = page.waitForEvent('download');
    await wizard.getByRole('button', { name: 'Скачать отчёт' }).click();
    const download = await downloadPromise;
    const report = readFileSync((await download.path())!, 'utf8');
    assert.match(report, /БезФамилии/);
    assert.match(report, /ПлохойТелефон/);
    assert.doesNotMatch(report, /Первый/);
    const { data } = await apiGet<LeadListResponse>(page, base, '/leads?search=Импортов');
    assert.equal(data.length, 2, 'the two good rows were imported');
    await context.close();
  });

  it('works in remote-leads standalone: list, detail and form at /build/remotes/leads/', async () => {
    const base = app.server.baseUrl;
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await page.goto(`${base}/build/remotes/leads/leads/list`);
    await fillLogin(page);
    const firstRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: /^\+7/ }) }).first();
    await firstRow.waitFor();
    await firstRow.getByRole('link', { name: /Открыть/ }).click();
    await page.waitForURL(/\/build\/remotes\/leads\/leads\/\d+$/);
    await page.getByRole('heading', { name: 'Комментарии' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${base}/build/remotes/leads/leads/${id}/edit`);
    await page.getByRole('heading', { name: 'Редактировать лида' }).waitFor();
    await page.getByRole('button', { name: 'Передать' }).waitFor();
    await context.close();
  });
});
