import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { AppError } from '../errors/app-error';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp } from '../test/build-test-app';
import { startFakeSentry, type FakeSentry } from '../test/fake-sentry';

const CUSTOMER_EMAIL = 'maria.ivanova@example.com';
const CUSTOMER_PHONE = '+7 912 345-67-89';
const ROOT_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('error reporting to Sentry', () => {
  let sentry: FakeSentry;
  let t: TestApp;
  let token: string;
  let closed = false;

  before(async () => {
    sentry = await startFakeSentry();
    t = await buildTestApp({
      env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'ci', SENTRY_BROWSER_DSN: 'https://browser@sentry.example/3' },
      routes: (app) => {
        app.post('/api/test-only/boom/:id', { onRequest: [app.authenticate] }, () => {
          throw new Error(`Could not merge lead ${CUSTOMER_EMAIL} (${CUSTOMER_PHONE})`);
        });
        app.get('/api/test-only/missing', () => {
          throw new AppError('NOT_FOUND', 'No such lead');
        });
      },
    });
    token = await t.login();
  });
  after(async () => {
    if (!closed) await t?.close();
    await sentry?.close();
  });

  test('an unexpected error reaches Sentry with its route and without personal data; a 4xx does not', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/test-only/missing' });
    assert.equal(missing.statusCode, 404);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/test-only/boom/42?search=${encodeURIComponent(CUSTOMER_EMAIL)}`,
      headers: { ...bearer(token), cookie: `session=${token}` },
      payload: { email: CUSTOMER_EMAIL, phone: CUSTOMER_PHONE },
    });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: 'Something went wrong' });

    const event = await sentry.waitForEvent();
    const tags = event.tags as Record<string, string>;
    assert.equal(tags.route, '/api/test-only/boom/:id');
    assert.equal(tags.method, 'POST');
    assert.equal(event.environment, 'ci');
    // The release is the repository's version, as the host's footer shows it.
    assert.equal(event.release, `crm@${ROOT_VERSION}`);
    const exception = (event.exception as { values: Array<{ type: string; value: string }> }).values.at(-1)!;
    assert.equal(exception.type, 'Error');
    assert.equal(exception.value, 'Could not merge lead [email] ([phone])');
    assert.deepEqual(event.user, { id: 1 });

    // Everything the server sent, flushed: one report, and nowhere the customer's or the admin's data or the token.
    await t.close();
    closed = true;
    assert.equal(sentry.events().length, 1);
    for (const envelope of sentry.envelopes) {
      const raw = envelope.raw.toString('utf8');
      for (const secret of [CUSTOMER_EMAIL, TEST_ADMIN.email, token, '912 345', 'search=']) assert.ok(!raw.includes(secret), `an envelope contains ${secret}`);
    }
  });
});

describe('browser error reporting configuration', () => {
  test('the browser learns its DSN and replay rates, or null when reporting is off', async () => {
    const on = await buildTestApp({ env: { SENTRY_DSN: 'https://api@sentry.example/2', SENTRY_BROWSER_DSN: 'https://browser@sentry.example/3' } });
    try {
      const response = await on.app.inject({ method: 'GET', url: '/api/monitoring/config' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        data: {
          dsn: 'https://browser@sentry.example/3',
          environment: 'test',
          release: `crm@${ROOT_VERSION}`,
          tracesSampleRate: 0,
          replaysSessionSampleRate: 0.1,
          replaysOnErrorSampleRate: 1,
        },
      });
      // The browser may send its reports there: the page's Content Security Policy allows the DSN's origin.
      assert.match(String(response.headers['content-security-policy']), /connect-src[^;]*https:\/\/sentry\.example/);
    } finally {
      await on.close();
    }
    const off = await buildTestApp();
    try {
      assert.deepEqual((await off.app.inject({ method: 'GET', url: '/api/monitoring/config' })).json(), { data: null });
    } finally {
      await off.close();
    }
  });
});
