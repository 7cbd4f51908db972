import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LeadComment, LeadDetail, LeadHistory } from '@crm/shared/schemas';
import { apiGet, apiSend } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';

describe('merging duplicate leads', () => {
  const app = useAppAndBrowser();

  it('the Admin finds two leads with one phone under Возможные дубли and merges them; the other lead, its comment and history move', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);

    const [{ id: statusId }] = (await apiGet<{ data: { id: number }[] }>(page, base, '/lead-status')).data;
    const [{ id: stepId }] = (await apiGet<{ data: { id: number }[] }>(page, base, '/comment-steps')).data;
    const create = async (patronymic: string, phone: string) =>
      (
        await apiSend<{ data: LeadDetail }>(page, base, 'POST', '/leads', {
          surname: 'Двойников',
          firstname: 'Олег',
          patronymic,
          phone,
          status_id: statusId,
          users: [],
          additional_info: '',
        })
      ).data;
    const first = await create('Иванович', '+7 915 000-11-22');
    const second = await create('Игоревич', '8 (915) 000-11-22');
    await apiSend(page, base, 'POST', `/leads/${second.id}/comments`, { step_id: stepId, body: 'Комментарий дубля' });

    await navigate(page, base, '/leads/list?view=duplicates');
    const groups = page.getByRole('list', { name: 'Возможные дубли' });
    await groups.getByText(`Одинаковый телефон: ${first.phone}`).waitFor();
    await groups.getByRole('button', { name: `Объединить Двойников Олег Игоревич с #${first.id}` }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Объединение лидов' });
    await dialog.getByTestId('merge-result-patronymic').waitFor();
    // Each field starts from the kept (older) lead; a radio takes the duplicate's patronymic into the result.
    assert.equal(await dialog.getByTestId('merge-result-patronymic').textContent(), 'Иванович');
    await dialog.getByRole('radio', { name: `Отчество: Двойников Олег Игоревич (#${second.id})` }).check();
    assert.equal(await dialog.getByTestId('merge-result-patronymic').textContent(), 'Игоревич');
    assert.equal(await dialog.getByTestId('merge-result-phone').textContent(), first.phone);
    await dialog.getByRole('button', { name: 'Объединить' }).click();

    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/Объединение нельзя отменить/).waitFor();
    assert.match((await confirm.textContent()) ?? '', /только создав новый/);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/leads/merge') && r.status() === 200),
      confirm.getByRole('button', { name: 'Объединить' }).click(),
    ]);
    await page.getByText('Лиды объединены').waitFor();

    const kept = (await apiGet<{ data: LeadDetail }>(page, base, `/leads/${first.id}`)).data;
    assert.equal(kept.patronymic, 'Игоревич');
    assert.equal(kept.version, first.version + 1);
    await assert.rejects(apiGet(page, base, `/leads/${second.id}`), /answered 404/);
    const comments = (await apiGet<{ data: LeadComment[] }>(page, base, `/leads/${first.id}/comments`)).data;
    assert.ok(comments.some((comment) => comment.body.includes('Комментарий дубля')));
    const history = (await apiGet<LeadHistory>(page, base, `/leads/${first.id}/history`)).data;
    assert.ok(history.some((entry) => entry.action === 'merged'));

    // The kept lead's page tells the merge in its history.
    await navigate(page, base, `/leads/${first.id}`);
    await page.getByText('Объединён с другим лидом').waitFor();
    await page.getByText(`Объединён с: Двойников Олег (#${second.id})`).waitFor();
    await page.getByText('Отчество: Иванович → Игоревич').waitFor();
    await context.close();
  });
});
