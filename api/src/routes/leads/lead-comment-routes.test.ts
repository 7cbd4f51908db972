import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeadComment, LeadDetail, LeadHistoryEntry } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput } from '../../test/fixtures';
import type { Database } from '../../db/client';
import { type LeadChanges, leadHistory } from '../../db/schema/lead-history';

for (const driver of testDrivers()) {
  describe(`lead comments (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let author: Record<string, string>;
    let authorId: number;
    let colleague: Record<string, string>;
    let outsider: Record<string, string>;
    let steps: { id: number; name: string; color: string }[];
    let lead: LeadDetail;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const a = await createUser(t, { email: 'author@test.local', role: 'Operator', name: 'Анна Автор' });
      const c = await createUser(t, { email: 'colleague@test.local', role: 'Operator' });
      authorId = a.id;
      author = bearer(await a.token());
      colleague = bearer(await c.token());
      outsider = bearer(await (await createUser(t, { email: 'outsider@test.local', role: 'Operator' })).token());
      steps = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data;
      const [status] = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      lead = await createLeadVia(t, admin, leadInput(status.id, { users: [a.id, c.id] }));
    });
    after(() => t.close());

    const url = (suffix = '') => `/api/leads/${lead.id}/comments${suffix}`;
    const post = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: url(), headers, payload });
    const list = async () => (await t.app.inject({ method: 'GET', url: url(), headers: admin })).json().data as LeadComment[];
    const history = async () => (await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/history`, headers: admin })).json().data as LeadHistoryEntry[];

    test('POST adds a sanitised comment under a step (201), listed oldest first, recorded in history', async () => {
      const first = await post(author, { step_id: steps[0].id, body: '<p>Позвонил<img src=x onerror="alert(1)"></p>' });
      assert.equal(first.statusCode, 201, first.body);
      const comment = first.json().data as LeadComment;
      assert.equal(comment.body, '<p>Позвонил</p>');
      assert.deepEqual(comment.step, { id: steps[0].id, name: steps[0].name, color: steps[0].color });
      assert.deepEqual(comment.author, { id: authorId, first_name: 'author', name: 'Анна Автор' });
      assert.equal(comment.lead_id, lead.id);
      const second = (await post(colleague, { step_id: steps[1].id, body: 'Отправил КП' })).json().data as LeadComment;
      assert.deepEqual((await list()).map((c) => c.id), [comment.id, second.id]);
      const [entry] = await history();
      assert.deepEqual([entry.action, entry.changes], ['comment_added', { step_id: { from: null, to: steps[1].id }, body: { from: null, to: 'Отправил КП' } }]);
      assert.ok(!JSON.stringify(await history()).includes('comment_id'), 'the history names no internal field');
    });

    test('422 for an unknown step, an empty body, or a body that is empty once sanitised', async () => {
      const unknown = await post(author, { step_id: 999_999, body: 'Текст' });
      assert.deepEqual([unknown.statusCode, unknown.json().errors], [422, { step_id: ['Этап не найден'] }]);
      const empty = await post(author, { step_id: steps[0].id, body: '   ' });
      assert.deepEqual([empty.statusCode, empty.json().errors], [422, { body: ['Напишите комментарий'] }]);
      const script = await post(author, { step_id: steps[0].id, body: '<script>alert(1)</script>' });
      assert.deepEqual([script.statusCode, script.json().errors], [422, { body: ['Напишите комментарий'] }]);
    });

    test('only the author edits (PUT) or deletes a comment; others get 403', async () => {
      const comment = (await post(author, { step_id: steps[0].id, body: 'Черновик' })).json().data as LeadComment;
      const edit = (headers: Record<string, string>, body: string) =>
        t.app.inject({ method: 'PUT', url: url(`/${comment.id}`), headers, payload: { step_id: steps[2].id, body } });
      const denied = await edit(colleague, 'Чужая правка');
      assert.equal(denied.statusCode, 403);
      assert.equal((await edit(admin, 'Правка администратора')).statusCode, 403);
      const edited = await edit(author, '<p>Итог</p>');
      assert.equal(edited.statusCode, 200, edited.body);
      assert.deepEqual([edited.json().data.body, edited.json().data.step.id], ['<p>Итог</p>', steps[2].id]);
      const [updated] = await history();
      assert.deepEqual(updated.changes, {
        step_id: { from: steps[0].id, to: steps[2].id },
        body: { from: 'Черновик', to: '<p>Итог</p>' },
      });
      const unchanged = await edit(author, '<p>Итог</p>');
      assert.equal(unchanged.statusCode, 200, unchanged.body);
      assert.equal((await history())[0].id, updated.id, 'saving the same step and text records nothing');

      assert.equal((await t.app.inject({ method: 'DELETE', url: url(`/${comment.id}`), headers: colleague })).statusCode, 403);
      const removed = await t.app.inject({ method: 'DELETE', url: url(`/${comment.id}`), headers: author });
      assert.deepEqual([removed.statusCode, removed.json()], [200, { message: 'Комментарий удалён' }]);
      assert.ok(!(await list()).some((c) => c.id === comment.id));
      assert.deepEqual((await history())[0].changes, { step_id: { from: steps[2].id, to: null }, body: { from: '<p>Итог</p>', to: null } });
      assert.ok(!JSON.stringify(await history()).includes('comment_id'));
      assert.equal((await t.app.inject({ method: 'DELETE', url: url(`/${comment.id}`), headers: author })).statusCode, 404);
    });

    test('an older history row holding an internal field (comment_id) answers without it', async () => {
      const db = t.connection.db as unknown as Database;
      await db.insert(leadHistory).values({
        leadId: lead.id,
        userId: authorId,
        action: 'comment_added',
        changes: { comment_id: { from: null, to: 3 }, step_id: { from: null, to: steps[0].id } } as LeadChanges,
      });
      const entries = await history();
      assert.ok(entries.length > 0);
      assert.ok(!JSON.stringify(entries).includes('comment_id'), 'no entry names comment_id');
      assert.ok(entries.some((e) => e.action === 'comment_added' && e.changes?.step_id?.to === steps[0].id));
    });

    test("a comment is reached only through its own lead: another lead's id is 404", async () => {
      const comment = (await post(author, { step_id: steps[0].id, body: 'Текст' })).json().data as LeadComment;
      const [status] = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      const other = await createLeadVia(t, author, leadInput(status.id));
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${other.id}/comments/${comment.id}`,
        headers: author,
        payload: { step_id: steps[0].id, body: 'x' },
      });
      assert.equal(response.statusCode, 404);
    });

    test('out of scope: 404 for every comment call; without a token: 401', async () => {
      const comment = (await post(author, { step_id: steps[0].id, body: 'Текст' })).json().data as LeadComment;
      const calls = [
        { method: 'GET' as const, url: url() },
        { method: 'POST' as const, url: url(), payload: { step_id: steps[0].id, body: 'x' } },
        { method: 'PUT' as const, url: url(`/${comment.id}`), payload: { step_id: steps[0].id, body: 'x' } },
        { method: 'DELETE' as const, url: url(`/${comment.id}`) },
      ];
      for (const call of calls) {
        assert.equal((await t.app.inject({ ...call, headers: outsider })).statusCode, 404, `${call.method} ${call.url}`);
        assert.equal((await t.app.inject(call)).statusCode, 401, `${call.method} ${call.url}`);
      }
    });

    test('a comment step in use is not deleted (409); archived, it stays on its comments', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: 'Временный' } });
      const step = created.json().data as { id: number; name: string; color: string };
      const comment = (await post(author, { step_id: step.id, body: 'Под временным этапом' })).json().data as LeadComment;
      const refused = await t.app.inject({ method: 'DELETE', url: `/api/comment-steps/${step.id}`, headers: admin });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'STEP_IN_USE');
      await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { archived: true } });
      assert.deepEqual((await list()).find((c) => c.id === comment.id)?.step, { id: step.id, name: step.name, color: step.color });
    });
  });
}
