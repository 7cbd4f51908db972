import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { webhooks } from '../../db/schema/webhooks';
import { isPublicAddress } from '../../lib/webhook-request';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createUser, leadInput } from '../../test/fixtures';

/** The README's recipe (its "Webhooks" section), as a receiver would copy it. */
function verify(secret: string, rawBody: string, signatureHeader: string | undefined): boolean {
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex'));
  const given = Buffer.from(signatureHeader ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request and answers with `respond` (200 by default). */
async function startReceiver() {
  const received: Received[] = [];
  let respond: (request: Received, response: http.ServerResponse) => void = (_request, response) => response.end('ok');
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      respond(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    answer(fn: typeof respond) {
      respond = fn;
    },
    reset() {
      received.length = 0;
      respond = (_request, response) => response.end('ok');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const driver of testDrivers()) {
  describe(`webhooks (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let statusId: number;
    before(async () => {
      t = await buildTestApp({
        driver,
        // WEBHOOK_ALLOW_PRIVATE unset; the tests that deliver to the local receiver turn it on (`privateAllowed`).
        config: { webhooks: { allowPrivate: false, timeoutMs: 3000, retryLimit: 2, disableAfterFailures: 4 } },
      });
      admin = bearer(await t.login());
      receiver = await startReceiver();
      statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
    });
    after(async () => {
      await receiver.close();
      await t.close();
    });

    const call = (options: InjectOptions) => t.app.inject({ headers: admin, ...options });
    const privateAllowed = (allowed: boolean) => {
      t.app.config.webhooks.allowPrivate = allowed;
    };
    const delivered = async () => {
      await t.app.jobs.idle(['webhook-delivery']);
      return receiver.received;
    };
    async function fresh(events: string[], headers = admin) {
      await t.app.db.delete(webhooks);
      receiver.reset();
      privateAllowed(true);
      const created = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url(), events } });
      assert.equal(created.statusCode, 201, created.body);
      return created.json().data as { id: number; secret: string };
    }

    test('401 without a token, 403 without manage webhooks, on every route', async () => {
      const manager = await createUser(t, { email: 'manager-wh@test.local', role: 'Manager' });
      const managerHeaders = bearer(await manager.token());
      const routes: InjectOptions[] = [
        { method: 'GET', url: '/api/webhooks' },
        { method: 'POST', url: '/api/webhooks', payload: { url: 'https://example.com/', events: ['lead.created'] } },
        { method: 'GET', url: '/api/webhooks/1' },
        { method: 'PATCH', url: '/api/webhooks/1', payload: { active: false } },
        { method: 'DELETE', url: '/api/webhooks/1' },
        { method: 'POST', url: '/api/webhooks/1/test' },
        { method: 'GET', url: '/api/webhooks/1/deliveries' },
      ];
      for (const route of routes) {
        assert.equal((await t.app.inject(route)).statusCode, 401, `${route.method} ${route.url}`);
        assert.equal((await t.app.inject({ ...route, headers: managerHeaders })).statusCode, 403, `${route.method} ${route.url}`);
      }
    });

    test('create answers the secret once; list and read never show it; update, rotate and delete are audited; 422 by field; 404 for unknown ids', async () => {
      await t.app.db.delete(webhooks);
      privateAllowed(true);
      const bad = await call({ method: 'POST', url: '/api/webhooks', payload: { url: 'ftp://example.com/x', events: [], secret: 'short' } });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['events', 'secret', 'url']);
      const unknownEvent = await call({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://example.com/', events: ['lead.exploded'] } });
      assert.equal(unknownEvent.statusCode, 422);
      assert.ok(Object.keys(unknownEvent.json().errors).some((key) => key.startsWith('events')));
      assert.equal((await call({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://user:pw@example.com/', events: ['lead.created'] } })).statusCode, 422);

      const created = await call({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url(), events: ['lead.created', 'task.due'], secret: 'a-secret-of-my-own-1' } });
      assert.equal(created.statusCode, 201);
      const hook = created.json().data;
      assert.equal(hook.secret, 'a-secret-of-my-own-1');
      assert.deepEqual(hook.events, ['lead.created', 'task.due']);
      assert.equal(hook.active, true);
      assert.equal(hook.owner.email, 'admin@test.local');

      const drawn = (await call({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url('/other'), events: ['lead.updated'] } })).json().data;
      assert.match(drawn.secret, /^whsec_[\w-]{43}$/);

      const list = (await call({ method: 'GET', url: '/api/webhooks' })).json().data;
      assert.deepEqual(list.map((h: { id: number }) => h.id), [hook.id, drawn.id]);
      assert.ok(list.every((h: object) => !('secret' in h)));
      const one = await call({ method: 'GET', url: `/api/webhooks/${hook.id}` });
      assert.equal(one.statusCode, 200);
      assert.equal('secret' in one.json().data, false);

      const changed = await call({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { events: ['lead.updated'], active: false } });
      assert.equal(changed.statusCode, 200);
      assert.deepEqual(changed.json().data.events, ['lead.updated']);
      assert.equal(changed.json().data.active, false);
      assert.equal('secret' in changed.json().data, false);
      const rotated = await call({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { rotate_secret: true } });
      assert.match(rotated.json().data.secret, /^whsec_/);
      assert.equal((await call({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { url: 'javascript:alert(1)' } })).statusCode, 422);

      assert.equal((await call({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode, 200);
      for (const route of [
        { method: 'GET', url: `/api/webhooks/${hook.id}` },
        { method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { active: true } },
        { method: 'DELETE', url: `/api/webhooks/${hook.id}` },
        { method: 'POST', url: `/api/webhooks/${hook.id}/test` },
        { method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` },
      ] as InjectOptions[]) {
        const response = await call(route);
        assert.equal(response.statusCode, 404, `${route.method} ${route.url}`);
        assert.equal(response.json().code, 'NOT_FOUND');
      }
      assert.equal((await call({ method: 'GET', url: '/api/webhooks/abc' })).statusCode, 422);

      const audit = await t.app.db.select().from(auditLog).where(like(auditLog.action, 'webhook.%')).orderBy(auditLog.id);
      assert.deepEqual(audit.map((row) => row.action), ['webhook.create', 'webhook.create', 'webhook.update', 'webhook.update', 'webhook.delete']);
      assert.ok(!JSON.stringify(audit).includes('a-secret-of-my-own-1'), 'the audit log never holds a secret');
    });

    test('a lead change reaches the receiver signed (the README recipe verifies it), with the lead as its owner reads it; the log shows the attempt', async () => {
      const hook = await fresh(['lead.created', 'lead.updated']);
      const before = Math.floor(Date.now() / 1000);
      const lead = (await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId, { surname: 'Вебхуков' }) })).json().data;
      const [request] = await delivered();
      assert.equal(request.path, '/hook');
      assert.equal(request.headers['content-type'], 'application/json');
      assert.ok(verify(hook.secret, request.body, String(request.headers['x-crm-signature'])), 'the signature verifies');
      assert.ok(!verify('another-secret-123', request.body, String(request.headers['x-crm-signature'])));
      assert.ok(Number(request.headers['x-crm-timestamp']) >= before);
      const body = JSON.parse(request.body);
      assert.equal(body.event, 'lead.created');
      assert.equal(request.headers['x-crm-event'], 'lead.created');
      assert.equal(request.headers['x-crm-delivery'], body.id);
      assert.ok(!Number.isNaN(Date.parse(body.occurred_at)));
      const asRead = (await call({ method: 'GET', url: `/api/leads/${lead.id}` })).json().data;
      assert.deepEqual(body.data, asRead);

      const log = (await call({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).json().data;
      assert.equal(log.length, 1);
      assert.equal(log[0].status_code, 200);
      assert.equal(log[0].ok, true);
      assert.equal(log[0].event, 'lead.created');
      assert.equal(log[0].attempt, 1);
      assert.equal(log[0].delivery_id, body.id);
      assert.ok(log[0].duration_ms >= 0);

      // An event the webhook does not subscribe to sends nothing.
      await call({ method: 'DELETE', url: `/api/leads/${lead.id}` });
      assert.equal((await delivered()).length, 1);
    });

    test('a comment added and a document created and deleted reach their subscribers, each as its owner reads it', async () => {
      await fresh(['lead.comment_added', 'document.created', 'document.deleted']);
      const lead = (await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId) })).json().data;
      const [step] = (await call({ method: 'GET', url: '/api/comment-steps' })).json().data;
      const comment = (await call({ method: 'POST', url: `/api/leads/${lead.id}/comments`, payload: { step_id: step.id, body: 'Позвонил' } })).json().data;
      const [categoryId] = (await call({ method: 'GET', url: '/api/document-category' })).json().data.map((c: { id: number }) => c.id);
      const document = (await call({ method: 'POST', url: '/api/document', payload: { title: 'Регламент', category_id: categoryId, text: '<p>Текст</p>', links: [] } })).json().data;
      const asRead = (await call({ method: 'GET', url: `/api/document/${document.id}` })).json().data;
      await call({ method: 'DELETE', url: `/api/document/${document.id}` });
      // Deliveries run side by side: their order of arrival is not promised.
      const bodies = new Map((await delivered()).map((r) => JSON.parse(r.body)).map((b) => [b.event, b.data]));
      assert.deepEqual([...bodies.keys()].sort(), ['document.created', 'document.deleted', 'lead.comment_added']);
      assert.deepEqual(bodies.get('lead.comment_added'), { lead_id: lead.id, comment });
      assert.deepEqual(bodies.get('document.created'), asRead);
      assert.deepEqual(bodies.get('document.deleted'), { id: document.id });
    });

    test('"send test" delivers a signed webhook.test at once and answers the logged attempt', async () => {
      const hook = await fresh(['document.created']);
      const response = await call({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().data.status_code, 200);
      assert.equal(response.json().data.event, 'webhook.test');
      const [request] = receiver.received;
      assert.ok(verify(hook.secret, request.body, String(request.headers['x-crm-signature'])));
      assert.equal(JSON.parse(request.body).data.webhook_id, hook.id);
    });

    test("deliveries respect the owner's lead scope; an inactive owner's webhooks send nothing", async () => {
      await createRole(t, 'Hook owner (own)', [
        { action: 'manage', subject: 'webhooks' },
        { action: 'view', subject: 'lead' },
      ]);
      const owner = await createUser(t, { email: 'hook-owner@test.local', role: 'Hook owner (own)' });
      await fresh(['lead.created'], bearer(await owner.token()));
      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId, { surname: 'Чужой' }) });
      assert.equal((await delivered()).length, 0, 'a lead the owner cannot see is not delivered');
      const theirs = (await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId, { surname: 'Свой', users: [owner.id] }) })).json().data;
      const received = await delivered();
      assert.equal(received.length, 1);
      assert.equal(JSON.parse(received[0].body).data.id, theirs.id);

      await t.app.db.update(users).set({ active: false }).where(eq(users.id, owner.id));
      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId, { surname: 'Ещё свой', users: [owner.id] }) });
      assert.equal((await delivered()).length, 1, 'nothing for a deactivated owner');
    });

    test('a failed delivery is retried with the same body and id until it succeeds; the failure count goes back to 0', async () => {
      const hook = await fresh(['lead.created']);
      let calls = 0;
      receiver.answer((_request, response) => {
        calls += 1;
        response.statusCode = calls <= 2 ? 503 : 200;
        response.end();
      });
      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId) });
      const received = await delivered();
      assert.equal(received.length, 3);
      assert.equal(new Set(received.map((r) => r.body)).size, 1, 'every attempt carries the same body');
      const log = (await call({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).json().data;
      assert.deepEqual(
        log.map((d: { attempt: number; status_code: number; ok: boolean }) => [d.attempt, d.status_code, d.ok]),
        [
          [3, 200, true],
          [2, 503, false],
          [1, 503, false],
        ],
      );
      assert.match(log[1].error, /503/);
      assert.equal((await call({ method: 'GET', url: `/api/webhooks/${hook.id}` })).json().data.failure_count, 0);
    });

    test('repeated failures turn the webhook off and notify its owner in the bell; turning it on again clears the count', async () => {
      const hook = await fresh(['lead.created']);
      receiver.answer((_request, response) => {
        response.statusCode = 500;
        response.end();
      });
      // retryLimit 2: three failed attempts for the first lead, the fourth (the limit) on the second.
      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId) });
      await delivered();
      assert.equal((await call({ method: 'GET', url: `/api/webhooks/${hook.id}` })).json().data.failure_count, 3);
      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId) });
      assert.equal((await delivered()).length, 4);
      const off = (await call({ method: 'GET', url: `/api/webhooks/${hook.id}` })).json().data;
      assert.equal(off.active, false);
      assert.equal(off.failure_count, 4);
      assert.match(off.disabled_reason, /4 неудачных попыток подряд/);
      const bell = (await call({ method: 'GET', url: '/api/notifications' })).json().data;
      assert.ok(
        bell.some((n: { type: string; title: string; link: string }) => n.type === 'webhook-disabled' && n.title === 'Вебхук отключён' && n.link === '/admin/webhooks'),
        JSON.stringify(bell),
      );

      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId) });
      assert.equal((await delivered()).length, 4, 'a webhook that is off gets nothing');
      const on = (await call({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { active: true } })).json().data;
      assert.equal(on.active, true);
      assert.equal(on.failure_count, 0);
      assert.equal(on.disabled_reason, null);
    });

    test('without WEBHOOK_ALLOW_PRIVATE, loopback, private, link-local and mapped addresses are refused when saved (422 on url) and when sent', async () => {
      await t.app.db.delete(webhooks);
      receiver.reset();
      privateAllowed(false);
      for (const url of [
        receiver.url(),
        'http://[::1]/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::ffff:127.0.0.1]/hook',
        'http://[fd00::1]/hook',
        'http://0.0.0.0/hook',
        'http://localhost/hook',
      ]) {
        const response = await call({ method: 'POST', url: '/api/webhooks', payload: { url, events: ['lead.created'] } });
        assert.equal(response.statusCode, 422, url);
        assert.ok(response.json().errors.url, url);
      }
      assert.equal(isPublicAddress('93.184.216.34'), true);
      assert.equal(isPublicAddress('2606:2800:220:1::1'), true);
      for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '172.16.5.4', '169.254.169.254', '::ffff:10.0.0.1', 'fe80::1', 'ff02::1', '224.0.0.1', '100.64.0.1', '::']) {
        assert.equal(isPublicAddress(ip), false, ip);
      }

      // Saved while it pointed elsewhere (or while DNS answered otherwise): the send is refused too, and logged.
      const [stored] = await t.app.db
        .insert(webhooks)
        .values({ url: receiver.url(), events: ['lead.created'], secret: 'stored-secret-12345', ownerId: (await t.app.db.select().from(users).where(eq(users.email, 'admin@test.local')))[0].id })
        .returning();
      await call({ method: 'POST', url: '/api/leads', payload: leadInput(statusId) });
      assert.equal((await delivered()).length, 0, 'the internal receiver got nothing');
      const tried = await call({ method: 'POST', url: `/api/webhooks/${stored.id}/test` });
      assert.equal(tried.statusCode, 200);
      assert.equal(tried.json().data.status_code, null);
      assert.match(tried.json().data.error, /внутренний/);
      assert.equal(receiver.received.length, 0);
      const log = (await call({ method: 'GET', url: `/api/webhooks/${stored.id}/deliveries` })).json().data;
      assert.ok(log.length >= 2 && log.every((d: { ok: boolean; error: string }) => !d.ok && /внутренний/.test(d.error)));
    });

    test('a redirect is never followed (to loopback or anywhere): the attempt fails with the 3xx', async () => {
      const hook = await fresh(['lead.created']);
      receiver.answer((request, response) => {
        if (request.path === '/hook') {
          response.writeHead(302, { location: receiver.url('/internal-admin') });
          response.end();
        } else response.end('should not be reached');
      });
      const tried = (await call({ method: 'POST', url: `/api/webhooks/${hook.id}/test` })).json().data;
      assert.equal(tried.status_code, 302);
      assert.equal(tried.ok, false);
      assert.match(tried.error, /Перенаправление/);
      assert.deepEqual(receiver.received.map((r) => r.path), ['/hook']);
    });
  });
}
