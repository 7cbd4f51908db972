import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LeadChangedEvent, Notification } from '@crm/shared/schemas';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { PublishedEvent } from '../../plugins/realtime';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

const SECRET = 'broadcasting-test-secret-0123';
// On buildTestApp's APP_URL: the embedded endpoint, signing with SECRET.
const env = { PUSHER_URL: `http://crm-key:${SECRET}@crm.test/apps/crm` };
const SOCKET = '1234.5678';
const sign = (value: string) => `crm-key:${createHmac('sha256', SECRET).update(value).digest('hex')}`;

for (const driver of testDrivers()) {
  describe(`realtime channel auth, events and notifications (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let operator: { id: number; headers: Record<string, string> };
    let colleague: { id: number; headers: Record<string, string> };
    let statusIds: number[];
    const published: PublishedEvent[] = [];

    before(async () => {
      t = await buildTestApp({ driver, env });
      t.app.realtime.onPublish((event) => published.push(event));
      admin = bearer(await t.login());
      const o = await createUser(t, { email: 'operator@test.local', role: 'Operator', name: 'Ольга Операторова' });
      const c = await createUser(t, { email: 'colleague@test.local', role: 'Operator', name: 'Коля Коллегин' });
      operator = { id: o.id, headers: bearer(await o.token()) };
      colleague = { id: c.id, headers: bearer(await c.token()) };
      statusIds = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data.map((s: { id: number }) => s.id);
    });
    after(() => t.close());

    const auth = (headers: Record<string, string>, channel: string, socketId = SOCKET) =>
      t.app.inject({
        method: 'POST',
        url: '/api/broadcasting/auth',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
      });
    const eventsOf = (name: string) => published.filter((e) => e.event === name);

    test('the client configuration names this server when no external service is set', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/realtime/config' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { data: { key: 'crm-key', cluster: 'eu', host: null, port: null, tls: null } });
    });

    test('channel auth needs a bearer token', async () => {
      assert.equal((await auth({}, 'private-leads')).statusCode, 401);
    });

    test('a user may listen on their own user channel only', async () => {
      const own = await auth(operator.headers, `private-App.Models.User.${operator.id}`);
      assert.equal(own.statusCode, 200);
      assert.deepEqual(own.json(), { auth: sign(`${SOCKET}:private-App.Models.User.${operator.id}`) });
      assert.equal((await auth(operator.headers, `private-App.Models.User.${colleague.id}`)).statusCode, 403);
    });

    test('the leads and documents channels need the view ability', async () => {
      assert.equal((await auth(operator.headers, 'private-leads')).statusCode, 200);
      assert.equal((await auth(operator.headers, 'private-documents')).statusCode, 200);
      await createRole(t, 'Documents only', [{ action: 'view', subject: 'document' }]);
      const [{ id: roleId }] = await t.app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Documents only'));
      const reader = await createUser(t, { email: 'reader@test.local', role: 'Operator' });
      await t.app.db.update(users).set({ roleId }).where(eq(users.id, reader.id));
      const readerHeaders = bearer(await reader.token());
      assert.equal((await auth(readerHeaders, 'private-leads')).statusCode, 403);
      assert.equal((await auth(readerHeaders, 'private-documents')).statusCode, 200);
    });

    test('a lead presence channel answers channel_data for users who see the lead, 403 for the others', async () => {
      const lead = await createLeadVia(t, operator.headers, leadInput(statusIds[0]));
      const allowed = await auth(operator.headers, `presence-lead.${lead.id}`);
      assert.equal(allowed.statusCode, 200);
      const body = allowed.json() as { auth: string; channel_data: string };
      assert.deepEqual(JSON.parse(body.channel_data), { user_id: String(operator.id), user_info: { name: 'Ольга Операторова', avatar: null } });
      assert.equal(body.auth, sign(`${SOCKET}:presence-lead.${lead.id}:${body.channel_data}`));
      // An Operator sees only their own leads; a missing lead answers the same.
      assert.equal((await auth(colleague.headers, `presence-lead.${lead.id}`)).statusCode, 403);
      assert.equal((await auth(colleague.headers, 'presence-lead.999999')).statusCode, 403);
    });

    test('unknown channels are refused and a bad socket id answers 422 by field', async () => {
      assert.equal((await auth(admin, 'private-anything')).statusCode, 403);
      assert.equal((await auth(admin, 'public-news')).statusCode, 403);
      const bad = await auth(admin, 'private-leads', 'not-a-socket');
      assert.equal(bad.statusCode, 422);
      assert.ok(bad.json().errors.socket_id);
    });

    test('user authentication answers auth and user_data at both paths', async () => {
      for (const url of ['/broadcasting/user-auth', '/api/broadcasting/user-auth']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...operator.headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `socket_id=${SOCKET}`,
        });
        assert.equal(response.statusCode, 200, url);
        const { auth: signature, user_data: userData } = response.json() as { auth: string; user_data: string };
        assert.deepEqual(JSON.parse(userData), { id: String(operator.id), name: 'Ольга Операторова' });
        assert.equal(signature, sign(`${SOCKET}::user::${userData}`));
        assert.equal((await t.app.inject({ method: 'POST', url, payload: { socket_id: SOCKET } })).statusCode, 401);
      }
    });

    test('lead changes are announced with ids, type and version only', async () => {
      published.length = 0;
      const lead = await createLeadVia(t, admin, leadInput(statusIds[0]));
      const changed = await t.app.inject({ method: 'POST', url: `/api/leads/status/${lead.id}`, headers: admin, payload: { status_id: statusIds[1] } });
      assert.equal(changed.statusCode, 200);
      const events = eventsOf('lead.changed');
      assert.deepEqual(events.map((e) => e.channels), [['private-leads'], ['private-leads']]);
      const [created, status] = events.map((e) => e.data as LeadChangedEvent);
      assert.deepEqual(created, { type: 'created', ids: [lead.id], versions: { [lead.id]: 1 }, by: { id: created.by!.id, name: created.by!.name } });
      assert.equal(status.type, 'status-changed');
      assert.deepEqual(status.versions, { [lead.id]: changed.json().data.version });
      assert.equal(JSON.stringify(status).includes(lead.surname), false);

      await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin });
      assert.deepEqual(eventsOf('lead.changed').at(-1)!.data, { type: 'deleted', ids: [lead.id], by: created.by });
    });

    test('handing a lead over notifies the new responsible user on their own channel', async () => {
      published.length = 0;
      const lead = await createLeadVia(t, operator.headers, leadInput(statusIds[0], { surname: 'Передаваемый' }));
      const handed = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/${colleague.id}`, headers: operator.headers });
      assert.equal(handed.statusCode, 200);
      assert.equal((eventsOf('lead.changed').at(-1)!.data as LeadChangedEvent).type, 'assigned');
      const pushed = eventsOf('notification.created');
      assert.equal(pushed.length, 1);
      assert.deepEqual(pushed[0].channels, [`private-App.Models.User.${colleague.id}`]);
      const { notification } = pushed[0].data as { notification: Notification };
      assert.equal(notification.title, 'Вам передан лид');
      assert.equal(notification.body, 'Передаваемый Иван — Ольга Операторова');
      assert.equal(notification.link, `/leads/${lead.id}`);

      const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: colleague.headers });
      assert.equal(list.json().data[0].id, notification.id);
      // Nobody is told about their own action.
      await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/${operator.id}`, headers: admin });
      await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/${operator.id}`, headers: operator.headers });
      assert.equal(eventsOf('notification.created').length, 2);
    });

    test('bulk hand-over notifies once with the count; a comment notifies the responsible users but not its author', async () => {
      published.length = 0;
      const a = await createLeadVia(t, admin, leadInput(statusIds[0]));
      const b = await createLeadVia(t, admin, leadInput(statusIds[0]));
      const bulk = await t.app.inject({ method: 'POST', url: '/api/leads/bulk', headers: admin, payload: { action: 'assign', ids: [a.id, b.id], user_id: colleague.id } });
      assert.equal(bulk.statusCode, 200);
      assert.deepEqual((eventsOf('lead.changed').at(-1)!.data as LeadChangedEvent).ids, [a.id, b.id]);
      const [bulkNote] = eventsOf('notification.created').map((e) => (e.data as { notification: Notification }).notification);
      assert.equal(bulkNote.title, 'Вам переданы лиды: 2');

      const steps = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data;
      const comment = await t.app.inject({ method: 'POST', url: `/api/leads/${a.id}/comments`, headers: admin, payload: { step_id: steps[0].id, body: 'Перезвонить' } });
      assert.equal(comment.statusCode, 201, comment.body);
      const commentNotes = eventsOf('notification.created').slice(1);
      assert.deepEqual(commentNotes.map((e) => e.channels[0]), [`private-App.Models.User.${colleague.id}`]);
      assert.equal((commentNotes[0].data as { notification: Notification }).notification.type, 'lead-comment');
      const own = await t.app.inject({ method: 'POST', url: `/api/leads/${a.id}/comments`, headers: colleague.headers, payload: { step_id: steps[0].id, body: 'Сам себе' } });
      assert.equal(own.statusCode, 201);
      assert.equal(eventsOf('notification.created').length, 2);
    });
  });
}
