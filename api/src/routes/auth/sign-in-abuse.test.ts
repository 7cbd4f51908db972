import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { JOB_SCHEMA } from '../../jobs/job-queue';
import { buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';
import { RESET_LINK_SENT } from './auth-routes';

const LIMITS = {
  perIp: 1_000,
  perEmailAndIp: 10,
  slowdownAfter: 15,
  timeWindowMs: 60_000,
  slowdownWindowMs: 15 * 60_000,
  delayStepMs: 2,
  maxDelayMs: 8,
};

interface AttemptRow {
  email: string;
  ip: string;
  user_id: number | null;
  succeeded: boolean;
  reason: string | null;
  delay_ms: number;
}

for (const driver of testDrivers()) {
  describe(`sign-in abuse (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver, config: { loginRateLimit: LIMITS } });
    });
    after(() => t.close());

    const login = (app: TestApp, email: string, password: string, remoteAddress: string) =>
      app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

    const attempts = (email: string) =>
      queryRows<AttemptRow>(
        t.app.db,
        sql`select email, ip, user_id, succeeded, reason, delay_ms from sign_in_attempts where email = ${email} order by id`,
      );

    test('ten wrong passwords lock out that address only: the owner still signs in from elsewhere', async () => {
      const victim = await createUser(t, { email: 'victim@test.local', role: 'Operator' });
      const variants = ['victim@test.local', 'VICTIM@test.local', '  Victim@Test.Local ', 'victim@TEST.local\t'];
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) answers.push((await login(t, variants[i % variants.length], 'guess-password', '203.0.113.7')).statusCode);
      assert.deepEqual(answers, Array(10).fill(422));

      // The attacker's address is refused, even with the right password, in any spelling of the email…
      for (const email of variants) {
        const refused = await login(t, email, TEST_PASSWORD, '203.0.113.7');
        assert.equal(refused.statusCode, 429);
        assert.equal(refused.json().code, 'RATE_LIMITED');
        assert.match(refused.json().message, /^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
      }
      // …while the owner, at their own desk, signs in.
      assert.equal((await login(t, victim.email, TEST_PASSWORD, '198.51.100.20')).statusCode, 200);
      // And another colleague from the attacker's address is not affected either.
      await createUser(t, { email: 'colleague@test.local', role: 'Operator' });
      assert.equal((await login(t, 'colleague@test.local', TEST_PASSWORD, '203.0.113.7')).statusCode, 200);
    });

    test('failed and refused sign-ins are recorded with the normalised email, the address and the account', async () => {
      const rows = await attempts('victim@test.local');
      const victimId = rows[0].user_id;
      assert.ok(victimId);
      assert.deepEqual(rows.slice(0, 10), Array(10).fill({ email: 'victim@test.local', ip: '203.0.113.7', user_id: victimId, succeeded: false, reason: 'invalid_credentials', delay_ms: 0 }));
      assert.deepEqual(rows.slice(10, 14).map((r) => [r.ip, r.succeeded, r.reason]), Array(4).fill(['203.0.113.7', false, 'locked']));
      assert.deepEqual(rows.slice(14).map((r) => [r.ip, r.succeeded, r.reason]), [['198.51.100.20', true, null]]);
      await login(t, 'nobody@test.local', 'guess-password', '203.0.113.9');
      assert.deepEqual(await attempts('nobody@test.local'), [
        { email: 'nobody@test.local', ip: '203.0.113.9', user_id: null, succeeded: false, reason: 'invalid_credentials', delay_ms: 0 },
      ]);
    });

    test('many failures for one email from many addresses slow its answers down but never lock the owner out', async () => {
      const target = await createUser(t, { email: 'popular@test.local', role: 'Operator' });
      const answers: number[] = [];
      for (let i = 1; i <= 20; i++) answers.push((await login(t, target.email, 'guess-password', `192.0.2.${i}`)).statusCode);
      assert.deepEqual(answers, Array(20).fill(422), 'no address reached its own limit, so none is refused');
      assert.equal((await login(t, target.email, TEST_PASSWORD, '198.51.100.99')).statusCode, 200);

      const delays = (await attempts(target.email)).map((r) => r.delay_ms);
      // Nothing for the first 15 failures, then one step more per failure up to the ceiling — the owner included.
      assert.deepEqual(delays, [...Array(15).fill(0), 2, 4, 6, 8, 8, 8]);
    });

    test('the limit holds across instances of the API on one database', async () => {
      await createUser(t, { email: 'shared@test.local', role: 'Operator' });
      const other = await buildTestApp({ driver, sameDatabaseAs: t, config: { loginRateLimit: LIMITS } });
      try {
        for (let i = 0; i < 10; i++) {
          const instance = i % 2 === 0 ? t : other;
          assert.equal((await login(instance, 'shared@test.local', 'guess-password', '203.0.113.50')).statusCode, 422);
        }
        assert.equal((await login(t, 'shared@test.local', TEST_PASSWORD, '203.0.113.50')).statusCode, 429);
        assert.equal((await login(other, 'shared@test.local', TEST_PASSWORD, '203.0.113.50')).statusCode, 429);
      } finally {
        await other.close();
      }
    });

    test('forgot-password answers without looking the address up, the same for every address', async () => {
      const user = await createUser(t, { email: 'forgetful@test.local', role: 'Operator' });
      // Every account lookup waits until the answers are in: an answer that depended on one could not arrive.
      const repository = t.app.userRepository;
      const findByEmail = repository.findByEmail;
      let release!: () => void;
      const lookupsAllowed = new Promise<void>((resolve) => (release = resolve));
      repository.findByEmail = async (email) => {
        await lookupsAllowed;
        return findByEmail(email);
      };
      try {
        const ask = (email: string) =>
          Promise.race([
            t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '198.51.100.7' }),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('forgot-password waited on the account lookup')), 10_000).unref()),
          ]);
        const known = await ask(user.email);
        const unknown = await ask('ghost@test.local');
        assert.deepEqual([known.statusCode, unknown.statusCode], [200, 200]);
        assert.deepEqual(known.json(), { message: RESET_LINK_SENT });
        assert.deepEqual(unknown.json(), known.json());
      } finally {
        release();
        repository.findByEmail = findByEmail;
      }

      // Both addresses went to the queue; only the account's owner gets a mail.
      const queued = await queryRows<{ email: string }>(
        t.app.db,
        sql.raw(`select data->>'email' as email from ${JOB_SCHEMA}.job where name = 'password-reset' order by created_on`),
      );
      assert.deepEqual(queued.map((job) => job.email), [user.email, 'ghost@test.local']);
      await t.app.jobs.idle();
      const mails = t.logs.filter((line) => line.mail).map((line) => (line.mail as { to: string }).to);
      assert.deepEqual(mails, [user.email]);
    });
  });
}
