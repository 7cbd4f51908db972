import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Pusher from 'pusher';
import WebSocket from 'ws';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { waitFor } from './conformance-suite';

const APP = { id: 'crm-test', key: 'crm-test-key', secret: 'server-test-secret-0123456789' };
// On buildTestApp's APP_URL (http://crm.test): the embedded endpoint, with this id, key and secret.
const env = { PUSHER_URL: `http://${APP.key}:${APP.secret}@crm.test/apps/${APP.id}` };

interface Frame {
  event: string;
  channel?: string;
  data: Record<string, unknown> & { code?: number | null; message?: string };
}

/** A raw protocol client: every frame it got, and a way to wait for the next of one event. */
async function open(port: number, path = `/app/${APP.key}?protocol=7`) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const frames: Frame[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (buffer) => {
    const frame = JSON.parse(String(buffer)) as { event: string; channel?: string; data: unknown };
    frames.push({ ...frame, data: typeof frame.data === 'string' ? (JSON.parse(frame.data) as Frame['data']) : (frame.data as Frame['data']) });
    for (const listener of listeners) listener();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (event: string, channel?: string) =>
    waitFor<Frame>(event, (done) => {
      const check = () => {
        const index = frames.findIndex((f) => f.event === event && (channel === undefined || f.channel === channel));
        if (index < 0) return;
        listeners.delete(check);
        done(frames.splice(index, 1)[0]);
      };
      listeners.add(check);
      check();
    });
  const send = (event: string, data: unknown, channel?: string) => ws.send(JSON.stringify({ event, data, channel }));
  return { ws, frames, next, send, closed };
}

type RawClient = Awaited<ReturnType<typeof open>>;

describe('embedded realtime endpoint: limits, activity and client events', () => {
  let t: TestApp;
  let port: number;
  let signer: Pusher;
  const clients: RawClient[] = [];

  before(async () => {
    const base = loadConfig({ ...env, APP_URL: 'http://crm.test' });
    t = await buildTestApp({
      env,
      config: { realtime: { ...base.realtime, clientEvents: true, activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 } },
      realtime: { limits: { maxChannelsPerConnection: 2, maxConnectionsPerIp: 6, maxMessageBytes: 2048, maxClientEventsPerSecond: 3 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    signer = new Pusher({ appId: APP.id, key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(port), useTLS: false });
  });
  after(async () => {
    for (const client of clients) client.ws.terminate();
    await t.close();
  });

  async function client() {
    const c = await open(port);
    clients.push(c);
    const established = await c.next('pusher:connection_established');
    return { ...c, socketId: String(established.data.socket_id), done: () => c.ws.close() };
  }

  test('tells the client its activity timeout, pings it when idle and closes with 4201 without a pong', async () => {
    const c = await open(port);
    const established = await c.next('pusher:connection_established');
    assert.equal(established.data.activity_timeout, 1);
    await c.next('pusher:ping');
    assert.equal(await c.closed, 4201);
  });

  test('a pong keeps an idle connection open', async () => {
    const c = await client();
    await c.next('pusher:ping');
    c.send('pusher:pong', {});
    await c.next('pusher:ping');
    assert.equal(c.ws.readyState, WebSocket.OPEN);
    c.done();
  });

  test('a missing or old protocol version is refused with 4008 or 4007', async () => {
    assert.equal(await (await open(port, `/app/${APP.key}`)).closed, 4008);
    assert.equal(await (await open(port, `/app/${APP.key}?protocol=3`)).closed, 4007);
  });

  test('refuses a channel over the per-connection limit with a clear subscription error', async () => {
    const c = await client();
    c.send('pusher:subscribe', { channel: 'one' });
    c.send('pusher:subscribe', { channel: 'two' });
    c.send('pusher:subscribe', { channel: 'three' });
    await c.next('pusher_internal:subscription_succeeded', 'two');
    const refused = await c.next('pusher:subscription_error', 'three');
    assert.deepEqual(refused.data, { type: 'LimitReached', error: 'A connection may subscribe to at most 2 channels.', status: 400 });
    c.done();
  });

  test('closes a frame over the size limit with 1009', async () => {
    const c = await client();
    c.ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(4096) }));
    assert.equal(await c.closed, 1009);
  });

  test('refuses connections over the per-address limit with 4100', async () => {
    const held = await Promise.all(Array.from({ length: 6 }, () => client()));
    const over = await open(port);
    const error = await over.next('pusher:error');
    assert.equal(error.data.code, 4100);
    assert.equal(await over.closed, 4100);
    for (const c of held) c.done();
    await Promise.all(held.map((c) => c.closed));
  });

  test('client events, when enabled, reach the other members of a private channel only', async () => {
    const [a, b] = [await client(), await client()];
    for (const c of [a, b]) {
      c.send('pusher:subscribe', { channel: 'private-room', auth: signer.authorizeChannel(c.socketId, 'private-room').auth });
      await c.next('pusher_internal:subscription_succeeded', 'private-room');
    }
    a.send('client-typing', { who: 'a' }, 'private-room');
    const got = await b.next('client-typing', 'private-room');
    assert.deepEqual(got.data, { who: 'a' });
    assert.equal(a.frames.some((f) => f.event === 'client-typing'), false);

    a.send('client-typing', {}, 'public-room');
    assert.equal((await a.next('pusher:error')).data.code, 4301);
    for (let i = 0; i < 4; i++) a.send('client-typing', { i }, 'private-room');
    assert.match(String((await a.next('pusher:error')).data.message), /At most 3 client events per second/);
    a.done();
    b.done();
  });

  test('presence announces a user once, however many sockets they open', async () => {
    const watcher = await client();
    const member = { user_id: '9', user_info: { name: 'Nine' } };
    const join = (c: Awaited<ReturnType<typeof client>>) => {
      const auth = signer.authorizeChannel(c.socketId, 'presence-doc', member);
      c.send('pusher:subscribe', { channel: 'presence-doc', ...auth });
      return c.next('pusher_internal:subscription_succeeded', 'presence-doc');
    };
    const watcherAuth = signer.authorizeChannel(watcher.socketId, 'presence-doc', { user_id: '1' });
    watcher.send('pusher:subscribe', { channel: 'presence-doc', ...watcherAuth });
    await watcher.next('pusher_internal:subscription_succeeded', 'presence-doc');

    const [tab1, tab2] = [await client(), await client()];
    const first = await join(tab1);
    assert.deepEqual(first.data, { presence: { ids: ['1', '9'], hash: { 1: null, 9: { name: 'Nine' } }, count: 2 } });
    await watcher.next('pusher_internal:member_added', 'presence-doc');
    await join(tab2);
    tab1.done();
    await tab1.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(watcher.frames.filter((f) => f.event.startsWith('pusher_internal:member')).length, 0);
    tab2.done();
    const removed = await watcher.next('pusher_internal:member_removed', 'presence-doc');
    assert.deepEqual(removed.data, { user_id: '9' });
    watcher.done();
  });

  test('the HTTP API answers unknown apps, oversized data and stale signatures with 4xx JSON', async () => {
    const other = new Pusher({ appId: 'other', key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(port), useTLS: false });
    await assert.rejects(other.trigger('x', 'e', {}), (error: { status?: number }) => error.status === 404);
    await assert.rejects(signer.trigger('x', 'e', 'y'.repeat(11 * 1024)), (error: { status?: number; body?: string }) => {
      assert.equal(error.status, 413);
      assert.match(String(error.body), /data: at most 10240 bytes/);
      return true;
    });
    const stale = await t.app.inject({
      method: 'POST',
      url: `/apps/${APP.id}/events?auth_key=${APP.key}&auth_timestamp=1&auth_version=1.0&body_md5=x&auth_signature=y`,
      payload: { name: 'e', data: '{}', channels: ['x'] },
    });
    assert.equal(stale.statusCode, 401);
    assert.match(stale.json().message, /auth_timestamp/);
  });

  test("the app's own events reach subscribed sockets as the HTTP API would deliver them; oversized ones are dropped", async () => {
    const c = await client();
    c.send('pusher:subscribe', { channel: 'private-leads', auth: signer.authorizeChannel(c.socketId, 'private-leads').auth });
    await c.next('pusher_internal:subscription_succeeded', 'private-leads');
    await t.app.realtime.publish('private-leads', 'too-big', { text: 'y'.repeat(11 * 1024) });
    await t.app.realtime.publish(['private-leads', 'private-other'], 'lead.changed', { type: 'updated', ids: [7], versions: { 7: 3 } });
    const got = await c.next('lead.changed', 'private-leads');
    assert.deepEqual(got.data, { type: 'updated', ids: [7], versions: { 7: 3 } });
    assert.equal(c.frames.some((f) => f.event === 'too-big'), false);
    // A string is sent as it is, as the `pusher` library sends it.
    await t.app.realtime.publish('private-leads', 'raw', '{"a":1}');
    assert.deepEqual((await c.next('raw', 'private-leads')).data, { a: 1 });
    c.done();
  });

  test('a broadcast arrives whole at any length, in order with the frames the server sends one socket', async () => {
    const c = await client();
    const order: string[] = [];
    c.ws.on('message', (buffer) => order.push((JSON.parse(String(buffer)) as { event: string }).event));
    c.send('pusher:subscribe', { channel: 'sizes' });
    await c.next('pusher_internal:subscription_succeeded', 'sizes');
    const deliver = t.app.realtime.server!.deliver;
    // Multi-byte text in each, at a length under 126 bytes, under 64 KiB and over it (the three header forms).
    const texts = { small: 'ё', medium: 'я'.repeat(100), large: 'я'.repeat(40_000) };
    for (const [event, text] of Object.entries(texts)) deliver('sizes', { event, data: JSON.stringify({ text }) });
    c.send('pusher:ping', {});
    await c.next('pusher:pong');
    deliver('sizes', { event: 'after', data: '{}' });
    await c.next('after', 'sizes');
    for (const [event, text] of Object.entries(texts)) assert.deepEqual((await c.next(event, 'sizes')).data, { text });
    assert.deepEqual(order, ['pusher_internal:subscription_succeeded', 'small', 'medium', 'large', 'pusher:pong', 'after']);
    c.done();
  });

  test('presence users through the HTTP API', async () => {
    const c = await client();
    const auth = signer.authorizeChannel(c.socketId, 'presence-listed', { user_id: '77' });
    c.send('pusher:subscribe', { channel: 'presence-listed', ...auth });
    await c.next('pusher_internal:subscription_succeeded', 'presence-listed');
    const response = await signer.get({ path: '/channels/presence-listed/users' });
    assert.deepEqual(await response.json(), { users: [{ id: '77' }] });
    c.done();
  });
});
