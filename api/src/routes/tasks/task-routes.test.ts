import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { LeadComment, LeadDetail, Notification, Task, TaskSummary } from '@crm/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * Resolves once no reminder job of these tasks waits or runs (the queue's `idle` would also wait for reminders queued
 * years ahead by other tests).
 */
async function remindersSettled(t: TestApp, taskIds: number[]) {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      t.app.db,
      sql`select count(*)::int as waiting from pgboss.job where name = 'task-reminder' and state < 'completed' and (data->>'taskId')::int = any(${sql.param(taskIds)}::int[])`,
    );
    if (Number(row.waiting) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const driver of testDrivers()) {
  describe(`tasks (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let anna: Record<string, string>;
    let annaId: number;
    let boris: Record<string, string>;
    let borisId: number;
    let outsider: Record<string, string>;
    let outsiderId: number;
    let noLeads: Record<string, string>;
    let noLeadsId: number;
    let lead: LeadDetail;
    let stepId: number;

    before(async () => {
      // The task.due webhook test delivers to a receiver on 127.0.0.1.
      t = await buildTestApp({ driver, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      admin = bearer(await t.login());
      const a = await createUser(t, { email: 'anna@test.local', role: 'Operator', name: 'Анна' });
      const b = await createUser(t, { email: 'boris@test.local', role: 'Operator', name: 'Борис' });
      const o = await createUser(t, { email: 'outsider@test.local', role: 'Operator' });
      await createRole(t, 'Documents only', [{ action: 'view', subject: 'document' }]);
      const n = await createUser(t, { email: 'noleads@test.local', role: 'Documents only' });
      [annaId, borisId, outsiderId, noLeadsId] = [a.id, b.id, o.id, n.id];
      [anna, boris, outsider, noLeads] = [bearer(await a.token()), bearer(await b.token()), bearer(await o.token()), bearer(await n.token())];
      const [status] = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      lead = await createLeadVia(t, admin, leadInput(status.id, { users: [a.id, b.id] }));
      stepId = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data[0].id;
    });
    after(() => t.close());

    const addTask = (headers: Record<string, string>, payload: object, leadId: number | null = lead.id) =>
      t.app.inject({ method: 'POST', url: leadId === null ? '/api/tasks' : `/api/leads/${leadId}/tasks`, headers, payload });
    const patch = (headers: Record<string, string>, id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers, payload });
    const list = async (headers: Record<string, string>, query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Task[];
    };
    const bell = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications?per_page=100', headers })).json().data as Notification[];

    test('POST /api/leads/{id}/tasks adds a task (201) for the caller by default; the lead lists it, open first', async () => {
      const created = await addTask(anna, { type: 'call', title: 'Перезвонить', due_at: '2030-01-02T10:00:00+03:00', note: 'Про КП' });
      assert.equal(created.statusCode, 201, created.body);
      const task = created.json().data as Task;
      assert.deepEqual(
        { lead: task.lead, type: task.type, title: task.title, note: task.note, due: task.due_at, assignee: task.assignee, done: task.done, version: task.version, reminder: task.remind_before_minutes },
        { lead: { id: lead.id, name: 'Иванов Иван' }, type: 'call', title: 'Перезвонить', note: 'Про КП', due: '2030-01-02T07:00:00.000Z', assignee: { id: annaId, name: 'Анна' }, done: false, version: 1, reminder: null },
      );
      const listed = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/tasks`, headers: boris });
      assert.equal(listed.statusCode, 200);
      assert.ok((listed.json().data as Task[]).some((x) => x.id === task.id));
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/tasks/${task.id}`, headers: boris })).json().data.title, 'Перезвонить');
    });

    test('401 without a token, 403 without view lead, 404 for a lead or task outside the scope', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode, 401);
      assert.equal((await addTask({}, { title: 'x', due_at: inMinutes(60) })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/tasks', headers: noLeads })).statusCode, 403);
      assert.equal((await addTask(noLeads, { title: 'x', due_at: inMinutes(60) })).statusCode, 403);
      const task = (await addTask(anna, { title: 'Встреча', type: 'meeting', due_at: inMinutes(120) })).json().data as Task;
      const outside = await addTask(outsider, { title: 'Чужой', due_at: inMinutes(60) });
      assert.deepEqual([outside.statusCode, outside.json().message], [404, 'Лид не найден']);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/tasks`, headers: outsider })).statusCode, 404);
      for (const method of ['GET', 'DELETE'] as const) {
        const answer = await t.app.inject({ method, url: `/api/tasks/${task.id}`, headers: outsider });
        assert.deepEqual([answer.statusCode, answer.json().message], [404, 'Задача не найдена']);
      }
      assert.equal((await patch(outsider, task.id, { version: 1, done: true })).statusCode, 404);
      assert.ok(!(await list(outsider, 'assignee=any')).some((x) => x.id === task.id), 'another scope lists none of it');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/tasks/999999', headers: anna })).statusCode, 404);
    });

    test('422 by field: title, due time without an offset, type, reminder, assignee not found / inactive / not seeing the lead', async () => {
      const bad = await addTask(anna, { title: ' ', due_at: '2030-01-02T10:00:00', type: 'lunch', remind_before_minutes: -5 });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['due_at', 'remind_before_minutes', 'title', 'type']);
      assert.deepEqual(bad.json().errors.due_at, ['Укажите срок: дату и время']);
      const missing = await addTask(anna, { title: 'x', due_at: inMinutes(60), assignee_id: 999_999 });
      assert.deepEqual([missing.statusCode, missing.json().errors], [422, { assignee_id: ['Пользователь не найден'] }]);
      const blind = await addTask(anna, { title: 'x', due_at: inMinutes(60), assignee_id: outsiderId });
      assert.deepEqual([blind.statusCode, blind.json().errors], [422, { assignee_id: ['Исполнитель не видит этот лид'] }]);
      const noAccess = await addTask(anna, { title: 'x', due_at: inMinutes(60), assignee_id: noLeadsId }, null);
      assert.deepEqual([noAccess.statusCode, noAccess.json().errors], [422, { assignee_id: ['Исполнителю недоступны лиды'] }]);
      const task = (await addTask(anna, { title: 'x', due_at: inMinutes(60) })).json().data as Task;
      const noVersion = await patch(anna, task.id, { title: 'y' });
      assert.deepEqual([noVersion.statusCode, Object.keys(noVersion.json().errors)], [422, ['version']]);
      const comment = await patch(anna, task.id, { version: 1, comment: { step_id: stepId, body: 'Без отметки' } });
      assert.deepEqual([comment.statusCode, Object.keys(comment.json().errors)], [422, ['comment']]);
    });

    test('PATCH saves over the version; a stale version answers 409 naming who changed it', async () => {
      const task = (await addTask(anna, { title: 'Письмо', type: 'email', due_at: inMinutes(90) })).json().data as Task;
      const saved = await patch(boris, task.id, { version: 1, title: 'Письмо с КП' });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual([saved.json().data.title, saved.json().data.version], ['Письмо с КП', 2]);
      const stale = await patch(anna, task.id, { version: 1, title: 'Моё' });
      assert.equal(stale.statusCode, 409);
      assert.equal(stale.json().code, 'TASK_VERSION_CONFLICT');
      assert.deepEqual(stale.json().conflict.updated_by, { id: borisId, name: 'Борис' });
      assert.equal(stale.json().conflict.version, 2);
    });

    test('marking a call done records who and when, and adds a comment to the lead in the same step', async () => {
      const task = (await addTask(anna, { title: 'Позвонить', type: 'call', due_at: inMinutes(30) })).json().data as Task;
      const done = await patch(anna, task.id, { version: 1, done: true, comment: { step_id: stepId, body: 'Договорились о встрече' } });
      assert.equal(done.statusCode, 200, done.body);
      const saved = done.json().data as Task;
      assert.deepEqual([saved.done, saved.done_by], [true, { id: annaId, name: 'Анна' }]);
      assert.ok(saved.done_at);
      const comments = (await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/comments`, headers: anna })).json().data as LeadComment[];
      assert.ok(comments.some((c) => c.body === 'Договорились о встрече'));
      assert.ok((await list(anna, 'due=done')).some((x) => x.id === task.id));
      const reopened = (await patch(anna, task.id, { version: 2, done: false })).json().data as Task;
      assert.deepEqual([reopened.done, reopened.done_by, reopened.done_at], [false, null, null]);
    });

    test('GET /api/tasks buckets the caller\'s open tasks: overdue, today (in tz), week; summary counts them; 422 for an unknown zone', async () => {
      const headers = boris;
      const overdue = (await addTask(headers, { title: 'Просрочена', due_at: inMinutes(-60) })).json().data as Task;
      const later = (await addTask(headers, { title: 'Через 3 дня', due_at: inMinutes(3 * 24 * 60) })).json().data as Task;
      const standalone = (await addTask(headers, { title: 'Своя', due_at: inMinutes(-5) }, null)).json().data as Task;
      assert.equal(standalone.lead, null);
      const ids = (tasks: Task[]) => tasks.map((x) => x.id);
      const overdueList = await list(headers, 'assignee=me&due=overdue&tz=Europe/Moscow');
      assert.ok(ids(overdueList).includes(overdue.id) && ids(overdueList).includes(standalone.id));
      assert.ok(!ids(overdueList).includes(later.id));
      assert.ok(ids(await list(headers, 'due=week&tz=UTC')).includes(later.id));
      assert.ok(!ids(await list(anna, 'assignee=me')).includes(standalone.id), 'a standalone task is its creator\'s and assignee\'s only');
      const summary = (await t.app.inject({ method: 'GET', url: '/api/tasks/summary?tz=Asia/Tokyo', headers })).json().data as TaskSummary;
      assert.equal(summary.overdue, 2);
      for (const zone of ['Mars/Olympus', '%2B03:00']) {
        const badZone = await t.app.inject({ method: 'GET', url: `/api/tasks?due=today&tz=${zone}`, headers });
        assert.deepEqual([badZone.statusCode, Object.keys(badZone.json().errors)], [422, ['tz']], zone);
      }
      const badDue = await t.app.inject({ method: 'GET', url: '/api/tasks?due=yesterday', headers });
      assert.deepEqual([badDue.statusCode, Object.keys(badDue.json().errors)], [422, ['due']]);
    });

    test('the calendar feed: a secret URL answered once, serving the owner\'s open tasks as iCalendar, rotated and revoked', async () => {
      const task = (await addTask(anna, { type: 'meeting', title: 'Встреча, офис; 3 этаж', due_at: '2031-03-04T12:00:00+03:00', remind_before_minutes: 15 })).json().data as Task;
      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/api/account/calendar-token', headers: anna })).json().data, { active: false });
      const created = await t.app.inject({ method: 'POST', url: '/api/account/calendar-token', headers: anna });
      assert.equal(created.statusCode, 200, created.body);
      const feedUrl = new URL(created.json().data.url as string);
      assert.match(feedUrl.pathname, /^\/api\/tasks\/calendar\/[\w-]{43}\.ics$/);
      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/api/account/calendar-token', headers: anna })).json().data, { active: true });
      const feed = await t.app.inject({ method: 'GET', url: feedUrl.pathname });
      assert.equal(feed.statusCode, 200, feed.body);
      assert.match(String(feed.headers['content-type']), /^text\/calendar/);
      assert.match(feed.body, /^BEGIN:VCALENDAR\r\n/);
      assert.ok(feed.body.includes(`UID:task-${task.id}@crm.test`));
      assert.ok(feed.body.includes('SUMMARY:Встреча: Встреча\\, офис\\; 3 этаж'), 'text is escaped by RFC 5545');
      assert.ok(feed.body.includes('DTSTART:20310304T090000Z'));
      assert.ok(feed.body.includes('TRIGGER:-PT15M'));
      assert.ok(!feed.body.includes('Перезвонить завтра'), 'only the owner\'s tasks');
      const rotated = new URL((await t.app.inject({ method: 'POST', url: '/api/account/calendar-token', headers: anna })).json().data.url as string);
      assert.equal((await t.app.inject({ method: 'GET', url: feedUrl.pathname })).statusCode, 404, 'the old URL stops working');
      assert.equal((await t.app.inject({ method: 'GET', url: rotated.pathname })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/account/calendar-token', headers: anna })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: rotated.pathname })).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/tasks/calendar/not-a-token.ics' })).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/account/calendar-token' })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/account/calendar-token', headers: noLeads })).statusCode, 403);
    });

    test('a reminder is delivered once to the webhooks subscribed to task.due, as the owner reads the task', async () => {
      const bodies: string[] = [];
      const receiver = http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        request.on('end', () => {
          bodies.push(body);
          response.end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
        const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: admin, payload: { url, events: ['task.due'] } });
        assert.equal(hook.statusCode, 201, hook.body);
        const task = (await addTask(admin, { title: 'Вебхук-напоминание', due_at: inMinutes(0.5), remind_before_minutes: 1 })).json().data as Task;
        await remindersSettled(t, [task.id]);
        await t.app.jobs.idle(['webhook-delivery']);
        const delivered = bodies.map((body) => JSON.parse(body) as { event: string; data: Task });
        assert.deepEqual(
          delivered.map((d) => [d.event, d.data.id, d.data.title, d.data.lead?.id]),
          [['task.due', task.id, 'Вебхук-напоминание', lead.id]],
        );
      } finally {
        await new Promise<void>((resolve) => receiver.close(() => resolve()));
      }
    });

    test('assigning a task to someone else notifies them; the reminder comes once, and never for a task done first', async () => {
      const given = await addTask(anna, { title: 'Отправить договор', due_at: inMinutes(0.5), remind_before_minutes: 1, assignee_id: borisId });
      assert.equal(given.statusCode, 201, given.body);
      const task = given.json().data as Task;
      const assigned = (await bell(boris)).filter((n) => n.type === 'task-assigned' && n.body.startsWith('Отправить договор'));
      assert.deepEqual(assigned.map((n) => [n.title, n.link]), [['Вам назначена задача', `/leads/${lead.id}`]]);
      await remindersSettled(t, [task.id]);
      const reminders = (await bell(boris)).filter((n) => n.type === 'task-reminder' && n.body === 'Отправить договор');
      assert.deepEqual(reminders.map((n) => [n.title, n.link]), [['Напоминание о задаче', `/leads/${lead.id}`]]);
      // A second job for the same reminder time (a retry, another instance) sends nothing more.
      await t.app.jobs.enqueue('task-reminder', { taskId: task.id, remindAt: new Date(Date.parse(task.due_at) - 60_000).toISOString() });
      await remindersSettled(t, [task.id]);
      assert.equal((await bell(boris)).filter((n) => n.type === 'task-reminder' && n.body === 'Отправить договор').length, 1);

      const soon = (await addTask(anna, { title: 'Сделано заранее', due_at: new Date(Date.now() + 1500).toISOString(), remind_before_minutes: 0 })).json().data as Task;
      assert.equal((await patch(anna, soon.id, { version: 1, done: true })).statusCode, 200);
      const removed = (await addTask(anna, { title: 'Удалено заранее', due_at: new Date(Date.now() + 1500).toISOString(), remind_before_minutes: 0 })).json().data as Task;
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/tasks/${removed.id}`, headers: anna })).statusCode, 200);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await remindersSettled(t, [soon.id, removed.id]);
      assert.ok(!(await bell(anna)).some((n) => n.type === 'task-reminder'), 'no reminder for a task done or deleted first');
    });
  });
}

describe('task reminders with two API instances on one database', () => {
  for (const driver of testDrivers()) {
    test(`one reminder, whichever instance runs it (${driver})`, async () => {
      const first = await buildTestApp({ driver });
      const second = await buildTestApp({ driver, sameDatabaseAs: first });
      try {
        const admin = bearer(await first.login());
        const [status] = (await first.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
        const lead = await createLeadVia(first, admin, leadInput(status.id));
        const answer = await second.app.inject({
          method: 'POST',
          url: `/api/leads/${lead.id}/tasks`,
          headers: admin,
          payload: { title: 'Звонок клиенту', type: 'call', due_at: new Date(Date.now() + 1000).toISOString(), remind_before_minutes: 0 },
        });
        assert.equal(answer.statusCode, 201, answer.body);
        const task = answer.json().data as Task;
        // Both instances are handed a job for the same reminder time: only one claim succeeds.
        await first.app.jobs.enqueue('task-reminder', { taskId: task.id, remindAt: task.due_at });
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await Promise.all([first.app.jobs.idle(['task-reminder']), second.app.jobs.idle(['task-reminder'])]);
        const bell = (await first.app.inject({ method: 'GET', url: '/api/notifications?per_page=100', headers: admin })).json().data as Notification[];
        assert.equal(bell.filter((n) => n.type === 'task-reminder' && n.body === 'Звонок клиенту').length, 1);
      } finally {
        await second.close();
        await first.close();
      }
    });
  }
});
