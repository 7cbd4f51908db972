// The product with PUSHER_URL pointed at an external service (tooling/soketi-compat.sh starts Soketi): the API publishes
// lead events there through the `pusher` library, authorises a real pusher-js client's private channel at
// /api/broadcasting/auth, and the client receives a lead change made through the API. Not named *.test.ts: `pnpm test`
// does not run it.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import PusherClient from 'pusher-js';
import { type LeadChangedEvent, realtimeChannels, realtimeEvents } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp } from '../test/build-test-app';
import { createLeadVia, leadInput } from '../test/fixtures';
import { waitFor } from './conformance-suite';

const env = (name: string) => {
  const value = process.env[`REALTIME_TARGET_${name}`];
  if (!value) throw new Error(`Set REALTIME_TARGET_${name}`);
  return value;
};

let t: TestApp;
let client: InstanceType<typeof PusherClient> | undefined;
before(async () => {
  t = await buildTestApp({
    env: {
      PUSHER_URL: `http://${encodeURIComponent(env('KEY'))}:${encodeURIComponent(env('SECRET'))}@${env('HOST')}:${env('PORT')}/apps/${env('APP_ID')}`,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  client?.disconnect();
  await t.close();
});

test('with PUSHER_URL set, lead events reach a browser client through the external service', async () => {
  const apiPort = (t.app.server.address() as AddressInfo).port;
  const token = await t.login();
  const config = (await t.app.inject({ method: 'GET', url: '/api/realtime/config' })).json().data;
  assert.deepEqual(config, { key: env('KEY'), cluster: 'eu', host: env('HOST'), port: Number(env('PORT')), tls: false });
  // No embedded endpoint in this mode.
  assert.equal((await t.app.inject({ method: 'POST', url: `/apps/${env('APP_ID')}/events`, payload: {} })).statusCode, 404);

  client = new PusherClient(config.key, {
    cluster: config.cluster,
    wsHost: config.host,
    wsPort: config.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { endpoint: `http://127.0.0.1:${apiPort}/api/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
  });
  const channel = client.subscribe(realtimeChannels.leads);
  await waitFor<void>('subscription through /api/broadcasting/auth', (done) => channel.bind('pusher:subscription_succeeded', () => done()));
  const changed = waitFor<LeadChangedEvent>('lead.changed', (done) => channel.bind(realtimeEvents.leadChanged, done));
  const statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: bearer(token) })).json().data;
  const lead = await createLeadVia(t, bearer(token), leadInput(statuses[0].id));
  const event = await changed;
  assert.equal(event.type, 'created');
  assert.deepEqual(event.ids, [lead.id]);
});
