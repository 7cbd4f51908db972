import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import { MAIL_QUEUE } from '../jobs/mail-job';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../test/build-test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const scrape = (t: TestApp, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample line of the exposition text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('answers exactly as a route that does not exist, whatever the caller sends', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-route' });
    for (const headers of [{}, { authorization: 'Bearer anything' }, bearer(await t.login())]) {
      const response = await scrape(t, headers);
      assert.equal(response.statusCode, 404);
      assert.deepEqual(Object.keys(response.json()).sort(), Object.keys(unknown.json()).sort());
      assert.equal(response.json().code, unknown.json().code);
      assert.doesNotMatch(response.body, /http_request|crm_/);
    }
  });
});

for (const driver of testDrivers()) {
  describe(`GET /metrics with METRICS_TOKEN (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver, env: { METRICS_TOKEN: TOKEN } });
    });
    after(() => t.close());

    test('refuses a missing or wrong token and a user\'s bearer token with 401', async () => {
      const userToken = await t.login();
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, bearer(userToken)]) {
        const response = await scrape(t, headers);
        assert.equal(response.statusCode, 401, JSON.stringify(headers));
        assert.equal(response.json().code, 'UNAUTHENTICATED');
        assert.equal(response.headers['www-authenticate'], 'Bearer');
      }
    });

    test('counts requests by matched route, method and status class, never by raw URL', async () => {
      const admin = bearer(await t.login());
      for (const id of [987_654, 987_655, 987_656]) await t.app.inject({ method: 'GET', url: `/api/leads/${id}`, headers: admin });
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' });
      const response = await scrape(t);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      const text = response.body;
      assert.equal(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/leads/:id",status_class="4xx"}'), 3);
      assert.equal(sample(text, 'http_request_duration_seconds_bucket{le="5",method="GET",route="/api/leads/:id",status_class="4xx"}'), 3);
      assert.equal(sample(text, 'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/leads/:id",status_class="4xx"}') !== undefined, true);
      assert.equal(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}'), 1);
      assert.doesNotMatch(text, /987654|no-such-thing/);
    });

    test('reports job queue depth by queue and state', async () => {
      await t.app.jobs.enqueue(MAIL_QUEUE, { to: 'someone@test.local', subject: 'Later', text: 'Later' } as never, { startAfterSeconds: 3_600 });
      const text = (await scrape(t)).body;
      assert.equal(sample(text, `crm_jobs{queue="${MAIL_QUEUE}",state="created"}`), 1);
    });

    test('reports the realtime endpoint\'s open connections', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      assert.equal(sample((await scrape(t)).body, 'crm_realtime_connections'), 0);
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${t.config.realtime.key}?protocol=7`);
      await new Promise((resolve) => ws.once('message', resolve));
      assert.equal(sample((await scrape(t)).body, 'crm_realtime_connections'), 1);
      ws.close();
      await new Promise((resolve) => ws.once('close', resolve));
    });

    test(driver === 'postgres' ? 'reports the PostgreSQL pool' : 'reports no pool on PGlite, which has none', async () => {
      const text = (await scrape(t)).body;
      if (driver === 'postgres') {
        assert.equal(sample(text, 'crm_db_pool_max_clients'), 10);
        assert.ok((sample(text, 'crm_db_pool_clients{state="total"}') ?? 0) >= 1);
        // The scrape's own queue count may be waiting for a client meanwhile: present, whatever its value.
        assert.ok((sample(text, 'crm_db_pool_clients{state="waiting"}') ?? -1) >= 0);
        assert.ok((sample(text, 'crm_db_pool_clients{state="idle"}') ?? -1) >= 0);
      } else {
        assert.doesNotMatch(text, /crm_db_pool/);
      }
      // Node's own process metrics come along.
      assert.match(text, /^process_resident_memory_bytes \d+/m);
    });

    test('is reachable from an address outside the IP allow-list, with the token only', async () => {
      const admin = bearer(await t.login());
      const entry = await t.app.inject({ method: 'POST', url: '/api/white-ips', headers: admin, payload: { address: '10.0.0.0/8', confirm: true } });
      assert.equal(entry.statusCode, 201);
      try {
        const outsider = '198.51.100.77';
        assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin, remoteAddress: outsider })).statusCode, 403);
        assert.equal((await scrape(t, undefined, outsider)).statusCode, 200);
        assert.equal((await scrape(t, {}, outsider)).statusCode, 401);
      } finally {
        await t.app.whiteIpRepository.disableEnforcement();
        await t.app.ipAllowList.reload();
      }
    });
  });
}
