import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiGet, apiSend } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataEnvelope, DataListEnvelope, leadDetailSchema, leadStatusSchema, taskSchema } from '@crm/shared/schemas';

const pad = (n: number) => String(n).padStart(2, '0');

describe('tasks and reminders', () => {
  const app = useAppAndBrowser();

  it('adds a task due a minute ahead with a reminder a minute before: the toast comes within seconds; "My day" lists it and marks it done', async () => {
    const base = app.server.baseUrl;
    const page = await newPage(await app.browser.newContext());
    await login(page, base);
    const [status] = (await apiGet<DataListEnvelope<typeof leadStatusSchema>>(page, base, '/lead-status')).data;
    const lead = (
      await apiSend<DataEnvelope<typeof leadDetailSchema>>(page, base, 'POST', '/leads', {
        surname: 'Задачин',
        firstname: 'Тест',
        patronymic: '',
        phone: '+7 912 555 77 01',
        status_id: status.id,
        users: [],
        additional_info: '',
      })
    ).data;

    await navigate(page, base, `/leads/${lead.id}`);
    const form = page.getByRole('form', { name: 'Новая задача' });
    await form.getByLabel('Задача').fill('Позвонить клиенту');
    // The field takes whole minutes: late in a minute, wait for the next one, so "in a minute" stays ahead of now
    // and the reminder a minute before it is already due.
    const seconds = new Date().getSeconds();
    if (seconds > 40) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    // The browser runs on this machine, in its zone: the local time here is the field's.
    const d = new Date(Date.now() + 60_000);
    const due = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    await form.getByLabel('Срок').fill(due);
    await form.getByLabel('Напоминание').click();
    await page.getByRole('option', { name: 'За 1 минуту' }).click();
    const added = Date.now();
    await form.getByRole('button', { name: 'Добавить задачу' }).click();

    await page.getByText('Напоминание о задаче: Позвонить клиенту').waitFor({ timeout: 15_000 });
    assert.ok(Date.now() - added < 15_000);
    await page.locator('section#tasks').getByText('Позвонить клиенту').waitFor();

    // The menu leads to "My day", where the task links back to its lead and is marked done.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /My day/ }).click();
    await page.getByRole('heading', { name: 'Мой день' }).waitFor();
    await page.getByRole('link', { name: 'Задачин Тест' }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Выполнено: Позвонить клиенту' }).click();
    await page.getByText('Задача выполнена').waitFor();
    const [task] = (await apiGet<DataListEnvelope<typeof taskSchema>>(page, base, `/leads/${lead.id}/tasks`)).data;
    assert.deepEqual([task.title, task.done, task.remind_before_minutes], ['Позвонить клиенту', true, 1]);
  });
});
