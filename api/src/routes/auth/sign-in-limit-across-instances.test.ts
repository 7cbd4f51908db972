import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { loadConfig } from '../../config';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../test/build-test-app';

// Two API instances behind one load balancer share a Redis (CI and the brief's machine have one on 127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const env = { REDIS_URL: redisUrl, PUSHER_URL: 'http://crm-key:sign-in-limit-secret-0123@crm.test/apps/crm' };
const loginRateLimit = { ...loadConfig({}).loginRateLimit, perIp: 6 };

describe('the per-address sign-in limit with two instances on one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const redis = new Redis(redisUrl);
  // An address of its own per run, so counts left by an earlier run (within the minute) never meet this one.
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  before(async () => {
    first = await buildTestApp({ env, config: { loginRateLimit } });
    second = await buildTestApp({ env, config: { loginRateLimit }, sameDatabaseAs: first });
  });
  after(async () => {
    await second?.close();
    await first?.close();
    const keys = await redis.keys(`*${address}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const attempt = (t: TestApp, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: address });

  test('attempts through either instance count together: the one after the limit is refused on both', async () => {
    const answers: number[] = [];
    for (let i = 0; i < loginRateLimit.perIp; i++) {
      answers.push((await attempt(i % 2 === 0 ? first : second, { email: `guess${i}@test.local`, password: 'guess-password' })).statusCode);
    }
    assert.deepEqual(answers, Array(loginRateLimit.perIp).fill(422));
    for (const t of [first, second]) {
      const refused = await attempt(t, TEST_ADMIN);
      assert.equal(refused.statusCode, 429);
      assert.match(refused.json().message, /Too many attempts/);
    }
  });
});
