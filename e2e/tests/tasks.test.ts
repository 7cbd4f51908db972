import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiGet, apiSend } from '../support/api';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataEnvelope, DataListEnvelope, leadDetailSchema, leadStatusSchema, taskSchema } from '@crm/shared/schemas';

const pad = (n: number) => String(n).padStart(2, '0');

describe('tasks and reminders', () => {
  const app = useAppAndBrowser();

  it('adds a task due a minute ahead with a reminder a minute before: the toast comes within seconds; "My day" lists it, edits its title and due time, and marks it done', async () => {
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

    // Edited there: a new title and tomorrow at 11:30 move it to "Предстоящие" under its new name and time.
    await page.getByRole('button', { name: 'Изменить задачу: Позвонить клиенту' }).click();
    const dialog = page.getByRole('dialog', { name: 'Изменить задачу' });
    await dialog.getByLabel('Задача').fill('Позвонить клиенту повторно');
    const t = new Date();
    t.setDate(t.getDate() + 1);
    await dialog.getByLabel('Срок').fill(`${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T11:30`);
    const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/api\/tasks\/\d+$/.test(res.url()));
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('Задача сохранена').waitFor();
    const upcoming = page.getByRole('region', { name: 'Предстоящие' });
    const row = upcoming.getByRole('listitem').filter({ hasText: 'Позвонить клиенту повторно' });
    await row.getByText('11:30', { exact: false }).waitFor();

    await page.getByRole('checkbox', { name: 'Выполнено: Позвонить клиенту повторно' }).click();
    await page.getByText('Задача выполнена').waitFor();
    const [task] = (await apiGet<DataListEnvelope<typeof taskSchema>>(page, base, `/leads/${lead.id}/tasks`)).data;
    assert.deepEqual([task.title, task.done, task.remind_before_minutes], ['Позвонить клиенту повторно', true, 1]);
    const dueAt = new Date(task.due_at);
    assert.deepEqual([dueAt.getDate(), dueAt.getHours(), dueAt.getMinutes()], [t.getDate(), 11, 30]);
  });

  it('works in remote-leads standalone: "Мой день" from its menu, a task added and edited there', async () => {
    const base = app.server.baseUrl;
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await page.goto(`${base}/build/remotes/leads/leads/list`);
    await fillLogin(page);
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Мой день' }).click();
    await page.getByRole('heading', { name: 'Мой день' }).waitFor();
    const form = page.getByRole('form', { name: 'Новая задача' });
    await form.getByRole('button', { name: 'Завтра', exact: true }).click();
    await form.getByLabel('Задача').fill('Подготовить отчёт');
    await form.getByRole('button', { name: 'Добавить задачу' }).click();
    const upcoming = page.getByRole('region', { name: 'Предстоящие' });
    await upcoming.getByText('Подготовить отчёт', { exact: true }).waitFor();

    await upcoming.getByRole('button', { name: 'Изменить задачу: Подготовить отчёт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Изменить задачу' });
    await dialog.getByLabel('Задача').fill('Подготовить отчёт за месяц');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Задача сохранена').waitFor();
    await upcoming.getByText('Подготовить отчёт за месяц', { exact: true }).waitFor();
    await context.close();
  });
});
