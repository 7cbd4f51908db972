import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Pusher from 'pusher';
import PusherClient from 'pusher-js';
import WebSocket from 'ws';

/** A Pusher-protocol service to test: the embedded endpoint, or Soketi (tooling/soketi-compat.sh). */
export interface ConformanceTarget {
  host: string;
  port: number;
  appId: string;
  key: string;
  secret: string;
  /** Publishes on a second instance sharing the first one's Redis, when there is one. */
  secondPort?: number;
}

type Client = InstanceType<typeof PusherClient>;

export function waitFor<T>(what: string, register: (resolve: (value: T) => void) => void, timeoutMs = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/**
 * The protocol as Pusher documents it, driven by the real `pusher-js` client and the real `pusher` server library,
 * so anything that passes here works with the browser client and with any Pusher-compatible service.
 */
export function describeConformance(name: string, setup: () => Promise<{ target: ConformanceTarget; close: () => Promise<void> }>) {
  describe(`Pusher protocol conformance: ${name}`, () => {
    let target: ConformanceTarget;
    let close: () => Promise<void>;
    let server: Pusher;
    const clients: Client[] = [];
    const sockets: WebSocket[] = [];

    before(async () => {
      ({ target, close } = await setup());
      server = publisher(target.port);
    });
    after(async () => {
      for (const client of clients) client.disconnect();
      for (const socket of sockets) socket.terminate();
      await close();
    });

    const publisher = (port: number, secret = target.secret) =>
      new Pusher({ appId: target.appId, key: target.key, secret, host: target.host, port: String(port), useTLS: false });

    /** A pusher-js client whose channel and user auth sign with the app secret, as an auth endpoint would. */
    function connect(options: { key?: string; userId?: string; port?: number; secret?: string } = {}): Client {
      const signer = publisher(target.port, options.secret ?? target.secret);
      const client = new PusherClient(options.key ?? target.key, {
        cluster: 'eu',
        wsHost: target.host,
        wsPort: options.port ?? target.port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          endpoint: '/unused',
          transport: 'ajax',
          customHandler: ({ socketId, channelName }, callback) => {
            const presence = channelName.startsWith('presence-')
              ? { user_id: options.userId ?? '1', user_info: { name: `User ${options.userId ?? '1'}` } }
              : undefined;
            callback(null, signer.authorizeChannel(socketId, channelName, presence));
          },
        },
        userAuthentication: {
          endpoint: '/unused',
          transport: 'ajax',
          customHandler: ({ socketId }, callback) => {
            callback(null, signer.authenticateUser(socketId, { id: options.userId ?? '1', name: 'Signed in' }));
          },
        },
      });
      clients.push(client);
      return client;
    }

    const connected = (client: Client) =>
      client.connection.state === 'connected' ? Promise.resolve() : waitFor<void>('connected', (done) => client.connection.bind('connected', () => done()));

    function subscribed(client: Client, channelName: string) {
      const channel = client.subscribe(channelName);
      return waitFor<{ channel: typeof channel; data: unknown }>(`subscription to ${channelName}`, (done) => {
        channel.bind('pusher:subscription_succeeded', (data: unknown) => done({ channel, data }));
        channel.bind('pusher:subscription_error', (error: unknown) => done({ channel, data: { error } }));
      });
    }

    function raw(path = `/app/${target.key}?protocol=7&client=test&version=1`): Promise<{ ws: WebSocket; messages: { event: string; data: unknown; channel?: string }[]; next: (event: string) => Promise<{ event: string; data: unknown }> }> {
      const ws = new WebSocket(`ws://${target.host}:${target.port}${path}`);
      sockets.push(ws);
      const messages: { event: string; data: unknown; channel?: string }[] = [];
      const waiting: { event: string; resolve: (m: { event: string; data: unknown }) => void }[] = [];
      ws.on('message', (buffer) => {
        const message = JSON.parse(String(buffer)) as { event: string; data: unknown; channel?: string };
        if (typeof message.data === 'string') {
          try {
            message.data = JSON.parse(message.data);
          } catch {
            // plain string data
          }
        }
        messages.push(message);
        const index = waiting.findIndex((w) => w.event === message.event);
        if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
      });
      const next = (event: string) => {
        const seen = messages.findIndex((m) => m.event === event);
        if (seen >= 0) return Promise.resolve(messages.splice(seen, 1)[0]);
        return waitFor<{ event: string; data: unknown }>(event, (resolve) => waiting.push({ event, resolve: (m) => { messages.splice(messages.indexOf(m as never), 1); resolve(m); } }));
      };
      return waitFor<void>('open', (done) => ws.on('open', () => done())).then(() => ({ ws, messages, next }));
    }

    async function rawEstablished() {
      const { next } = await raw();
      return (await next('pusher:connection_established')).data as { socket_id: string; activity_timeout: number };
    }

    test('connects and receives a socket id and an activity timeout', async () => {
      const client = connect();
      await connected(client);
      assert.match(client.connection.socket_id, /^\d+\.\d+$/);
      const established = await rawEstablished();
      assert.match(established.socket_id, /^\d+\.\d+$/);
      assert.ok(established.activity_timeout > 0 && established.activity_timeout <= 120, String(established.activity_timeout));
    });

    test('an unknown app key is refused with 4001', async () => {
      const ws = new WebSocket(`ws://${target.host}:${target.port}/app/not-a-key?protocol=7`);
      sockets.push(ws);
      const code = await waitFor<number>('close', (done) => ws.on('close', (c) => done(c)));
      assert.equal(code, 4001);
    });

    test('ping is answered with pong', async () => {
      const { ws, next } = await raw();
      ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      assert.equal((await next('pusher:pong')).event, 'pusher:pong');
    });

    test('a public channel receives what the pusher library publishes, until unsubscribed', async () => {
      const client = connect();
      const { channel } = await subscribed(client, 'public-news');
      const received = waitFor<unknown>('event', (done) => channel.bind('story', done));
      await server.trigger('public-news', 'story', { headline: 'Hello' });
      assert.deepEqual(await received, { headline: 'Hello' });

      client.unsubscribe('public-news');
      const after: unknown[] = [];
      channel.bind('story', (data: unknown) => after.push(data));
      // A probe on a second client proves the publish after it was delivered.
      const probe = connect();
      const { channel: probeChannel } = await subscribed(probe, 'public-news');
      const probed = waitFor<unknown>('probe', (done) => probeChannel.bind('story', done));
      await server.trigger('public-news', 'story', { headline: 'Again' });
      await probed;
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(after, []);
    });

    test('several channels in one publish, and batch events', async () => {
      const client = connect();
      const a = await subscribed(client, 'multi-a');
      const b = await subscribed(client, 'multi-b');
      const gotA = waitFor<unknown>('a', (done) => a.channel.bind('hit', done));
      const gotB = waitFor<unknown>('b', (done) => b.channel.bind('hit', done));
      await server.trigger(['multi-a', 'multi-b'], 'hit', { n: 1 });
      assert.deepEqual(await Promise.all([gotA, gotB]), [{ n: 1 }, { n: 1 }]);
      const batchA = waitFor<unknown>('batch a', (done) => a.channel.bind('batched', done));
      await server.triggerBatch([{ channel: 'multi-a', name: 'batched', data: { n: 2 } }]);
      assert.deepEqual(await batchA, { n: 2 });
    });

    test('a private channel needs a valid signature; a bad one answers subscription_error 401', async () => {
      const client = connect();
      const ok = await subscribed(client, 'private-orders');
      // Soketi sends no data with a private channel's success; the embedded endpoint sends {}.
      assert.equal((ok.data as { error?: unknown } | undefined)?.error, undefined);
      const received = waitFor<unknown>('private event', (done) => ok.channel.bind('paid', done));
      await server.trigger('private-orders', 'paid', { id: 7 });
      assert.deepEqual(await received, { id: 7 });

      const forger = connect({ secret: 'not-the-secret-of-this-app' });
      const refused = await subscribed(forger, 'private-orders');
      assert.equal((refused.data as { error: { status: number } }).error.status, 401);
    });

    test('the HTTP API refuses a request signed with the wrong secret, and nothing is delivered', async () => {
      const client = connect();
      const { channel } = await subscribed(client, 'public-guarded');
      const delivered: unknown[] = [];
      channel.bind('forged', (data: unknown) => delivered.push(data));
      // Pusher and the embedded endpoint answer 401; Soketi 1.6.1 answers 200 with {code: 401} in the body.
      const refusal = await publisher(target.port, 'wrong-secret-wrong-secret')
        .trigger('public-guarded', 'forged', {})
        .then(async (response) => ((await response.json()) as { code?: number }).code)
        .catch((error: { status?: number }) => error.status);
      assert.equal(refusal, 401);
      const probe = waitFor<unknown>('a genuine event after the forged one', (done) => channel.bind('genuine', done));
      await server.trigger('public-guarded', 'genuine', {});
      await probe;
      assert.deepEqual(delivered, []);
    });

    test('presence: member list, member_added and member_removed', async () => {
      const alice = connect({ userId: '101' });
      const joined = await subscribed(alice, 'presence-room');
      const members = joined.data as { count: number; me: { id: string } };
      assert.equal(members.count, 1);
      assert.equal(members.me.id, '101');

      const added = waitFor<{ id: string; info: unknown }>('member_added', (done) => joined.channel.bind('pusher:member_added', done));
      const bob = connect({ userId: '202' });
      const bobJoined = await subscribed(bob, 'presence-room');
      assert.equal((bobJoined.data as { count: number }).count, 2);
      const member = await added;
      assert.equal(member.id, '202');
      assert.deepEqual(member.info, { name: 'User 202' });

      const removed = waitFor<{ id: string }>('member_removed', (done) => joined.channel.bind('pusher:member_removed', done));
      bob.disconnect();
      assert.equal((await removed).id, '202');
    });

    test('user sign-in, then events sent to that user', async () => {
      const client = connect({ userId: '303' });
      await connected(client);
      client.signin();
      const got = waitFor<unknown>('user event', (done) => client.user.bind('hello', done));
      await waitFor<void>('signed in', (done) => {
        const check = () => (client.user.user_data ? done() : setTimeout(check, 20));
        check();
      });
      // The user's own channel is subscribed after sign-in: give the subscription a moment.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.sendToUser('303', 'hello', { to: 'you' });
      assert.deepEqual(await got, { to: 'you' });
    });

    test('a sign-in with a bad signature closes the connection with 4009', async () => {
      const { ws } = await raw();
      const closed = waitFor<number>('close', (done) => ws.on('close', (code) => done(code)));
      ws.send(JSON.stringify({ event: 'pusher:signin', data: { auth: `${target.key}:bad`, user_data: JSON.stringify({ id: '1' }) } }));
      assert.equal(await closed, 4009);
    });

    test('client events are refused unless the app enables them', async () => {
      const { ws, next } = await raw();
      ws.send(JSON.stringify({ event: 'client-typing', channel: 'private-chat', data: {} }));
      const error = (await next('pusher:error')) as { data: { code: number | null } };
      assert.ok(error.data.code === null || (error.data.code >= 4300 && error.data.code < 4400), JSON.stringify(error));
    });

    test('reconnects after the connection drops', async () => {
      const client = connect();
      await connected(client);
      const first = client.connection.socket_id;
      client.disconnect();
      client.connect();
      await connected(client);
      assert.notEqual(client.connection.socket_id, first);
      const { channel } = await subscribed(client, 'public-after-reconnect');
      const got = waitFor<unknown>('event after reconnect', (done) => channel.bind('e', done));
      await server.trigger('public-after-reconnect', 'e', { ok: true });
      assert.deepEqual(await got, { ok: true });
    });

    test('a second instance on the same Redis delivers events and presence', async (t) => {
      if (!target.secondPort) return t.diagnostic('one instance only');
      const onFirst = connect({ userId: '401' });
      const { channel } = await subscribed(onFirst, 'presence-shared');
      const added = waitFor<{ id: string }>('member added across instances', (done) => channel.bind('pusher:member_added', done));
      const onSecond = connect({ userId: '402', port: target.secondPort });
      const second = await subscribed(onSecond, 'presence-shared');
      assert.equal((second.data as { count: number }).count, 2);
      assert.equal((await added).id, '402');
      const got = waitFor<unknown>('event across instances', (done) => channel.bind('cross', done));
      await publisher(target.secondPort).trigger('presence-shared', 'cross', { from: 'second' });
      assert.deepEqual(await got, { from: 'second' });
      const removed = waitFor<{ id: string }>('member removed across instances', (done) => channel.bind('pusher:member_removed', done));
      onSecond.disconnect();
      assert.equal((await removed).id, '402');
    });
  });
}
