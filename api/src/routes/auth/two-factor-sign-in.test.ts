import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createUser, TEST_PASSWORD } from '../../test/fixtures';

const LIMITS = { perIp: 1_000, perEmailAndIp: 10, slowdownAfter: 15, timeWindowMs: 60_000, slowdownWindowMs: 15 * 60_000, delayStepMs: 2, maxDelayMs: 8 };
const STEP_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until at least 5 s of the current 30 s step remain, so a request sent now is checked within the same step. */
async function freshStep(): Promise<number> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 5_000) await sleep(left + 50);
  return Math.floor(Date.now() / STEP_MS);
}

/** The code an authenticator app shows `offset` steps from `step`, made at a fixed time inside that step. */
const codeAt = (secret: string, step: number, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: (step + offset) * STEP_MS + 1_000 });

for (const driver of testDrivers()) {
  describe(`two-factor sign-in (${driver})`, () => {
    let t: TestApp;
    let adminToken: string;
    before(async () => {
      t = await buildTestApp({ driver, config: { loginRateLimit: LIMITS } });
      adminToken = await t.login();
    });
    after(() => t.close());

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const login = (email: string, password = TEST_PASSWORD, remoteAddress = '198.51.100.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
    const giveCode = (challenge: string, code: string, remoteAddress = '198.51.100.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code }, remoteAddress });
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const post = (url: string, token: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const status = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/me/two-factor', headers: bearer(token) })).json();

    /** A user with two-factor sign-in on, set up through the account routes; the set-up's code was the previous step's. */
    async function userWith2fa(email: string) {
      const user = await createUser(t, { email, role: 'Operator' });
      const token = await user.token();
      const setup = (await post('/api/me/two-factor/setup', token)).json();
      const step = await freshStep();
      const confirmed = await post('/api/me/two-factor/confirm', token, { code: codeAt(setup.secret, step, -1) });
      assert.equal(confirmed.statusCode, 200);
      return { ...user, token, secret: setup.secret as string, recoveryCodes: confirmed.json().recovery_codes as string[] };
    }

    async function challengeFor(email: string, remoteAddress?: string): Promise<string> {
      const answer = await login(email, TEST_PASSWORD, remoteAddress);
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.json().two_factor, 'code');
      return answer.json().challenge;
    }

    const attempts = (email: string) =>
      queryRows<{ succeeded: boolean; reason: string | null }>(t.app.db, sql`select succeeded, reason from sign_in_attempts where email = ${email} order by id`);
    const auditActions = (userId: number) =>
      queryRows<{ action: string; actor_id: number | null }>(t.app.db, sql`select action, actor_id from audit_log where subject_id = ${String(userId)} and subject_type = 'user' order by id`);

    test('set-up on the account: a QR code and the secret, confirmed by a code, ten recovery codes shown once', async () => {
      const user = await createUser(t, { email: 'setup@test.local', role: 'Operator' });
      const token = await user.token();
      assert.deepEqual(await status(token), { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

      const setup = await post('/api/me/two-factor/setup', token);
      assert.equal(setup.statusCode, 200);
      const { secret, otpauth_url, qr_svg_data_url } = setup.json();
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.equal(new URL(otpauth_url).protocol, 'otpauth:');
      assert.equal(new URL(otpauth_url).searchParams.get('secret'), secret);
      assert.match(decodeURIComponent(otpauth_url), /setup@test\.local/);
      assert.match(Buffer.from(qr_svg_data_url.replace('data:image/svg+xml;base64,', ''), 'base64').toString(), /^<svg /);

      // Until a code confirms it, the secret is only pending: sign-in still needs no code.
      assert.ok('accessToken' in (await login(user.email)).json());

      const empty = await post('/api/me/two-factor/confirm', token, { code: ' ' });
      assert.equal(empty.statusCode, 422);
      assert.deepEqual(Object.keys(empty.json().errors), ['code']);
      const step = await freshStep();
      const wrong = await post('/api/me/two-factor/confirm', token, { code: codeAt(secret, step, 3) });
      assert.equal(wrong.statusCode, 422);
      assert.match(wrong.json().errors.code[0], /not valid/);

      const confirmed = await post('/api/me/two-factor/confirm', token, { code: codeAt(secret, step) });
      assert.equal(confirmed.statusCode, 200);
      const codes: string[] = confirmed.json().recovery_codes;
      assert.equal(codes.length, 10);
      assert.equal(new Set(codes).size, 10);
      for (const code of codes) assert.match(code, /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      const now = await status(token);
      assert.equal(now.enabled, true);
      assert.equal(now.recovery_codes_left, 10);
      // Only hashes are kept.
      const stored = await queryRows<{ code_hash: string }>(t.app.db, sql`select code_hash from two_factor_recovery_codes where user_id = ${user.id}`);
      assert.ok(stored.every((row) => !codes.includes(row.code_hash)));

      assert.equal((await post('/api/me/two-factor/setup', token)).statusCode, 422);
      assert.deepEqual((await auditActions(user.id)).map((r) => r.action), ['auth.sign_in', 'auth.sign_in', 'auth.two_factor_enabled']);
    });

    test('the account routes answer 401 without a token', async () => {
      for (const url of ['/api/me/two-factor/setup', '/api/me/two-factor/confirm', '/api/me/two-factor/recovery-codes', '/api/me/two-factor/disable']) {
        assert.equal((await t.app.inject({ method: 'POST', url, payload: { code: '123456', password: 'x' } })).statusCode, 401, url);
      }
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/me/two-factor' })).statusCode, 401);
    });

    test('sign-in with 2FA: the password answers a challenge, the right code the session; a challenge and a code work once', async () => {
      const user = await userWith2fa('code@test.local');
      const plain = await createUser(t, { email: 'plain@test.local', role: 'Operator' });
      // A user without 2FA gets exactly the answer of before.
      assert.deepEqual(Object.keys((await login(plain.email)).json()).sort(), ['accessToken', 'userAbilityRules', 'userData']);

      const answer = await login(user.email);
      assert.equal(answer.statusCode, 200);
      const body = answer.json();
      assert.deepEqual(Object.keys(body).sort(), ['challenge', 'expires_at', 'two_factor']);
      assert.equal(body.two_factor, 'code');
      const ttl = new Date(body.expires_at).getTime() - Date.now();
      assert.ok(ttl > 4 * 60_000 && ttl <= 5 * 60_000, `challenge lives about 5 minutes (${ttl} ms)`);
      // The challenge is not a bearer token.
      assert.equal((await me(body.challenge)).statusCode, 401);

      const step = await freshStep();
      const signedIn = await giveCode(body.challenge, codeAt(user.secret, step));
      assert.equal(signedIn.statusCode, 200);
      assert.equal(signedIn.json().userData.email, user.email);
      assert.equal((await me(signedIn.json().accessToken)).statusCode, 200);

      // The spent challenge opens nothing more, with any code.
      const again = await giveCode(body.challenge, codeAt(user.secret, step, 1));
      assert.equal(again.statusCode, 422);
      assert.deepEqual(Object.keys(again.json().errors), ['challenge']);
      // The same code with a new challenge is a replay.
      const replay = await giveCode(await challengeFor(user.email), codeAt(user.secret, step));
      assert.equal(replay.statusCode, 422);
      assert.deepEqual(Object.keys(replay.json().errors), ['code']);
      assert.equal((await giveCode('not-a-challenge', codeAt(user.secret, step, 1))).statusCode, 422);
    });

    test('codes one step either side are accepted, two steps away refused', async () => {
      const user = await userWith2fa('window@test.local');
      // As if the set-up had been confirmed long ago: no step spent yet.
      await t.app.db.execute(sql`update users set two_factor_last_step = null where id = ${user.id}`);
      const step = await freshStep();
      for (const offset of [-2, 2]) {
        const refused = await giveCode(await challengeFor(user.email), codeAt(user.secret, step, offset));
        assert.equal(refused.statusCode, 422, `offset ${offset}`);
      }
      for (const offset of [-1, 0, 1]) {
        const accepted = await giveCode(await challengeFor(user.email), codeAt(user.secret, step, offset));
        assert.equal(accepted.statusCode, 200, `offset ${offset}`);
      }
    });

    test('a recovery code signs in once, typed in any case and spacing', async () => {
      const user = await userWith2fa('recovery@test.local');
      const [code] = user.recoveryCodes;
      const typed = ` ${code.toUpperCase().replace(/-/g, ' ')} `;
      const signedIn = await giveCode(await challengeFor(user.email), typed);
      assert.equal(signedIn.statusCode, 200);
      assert.equal((await status(signedIn.json().accessToken)).recovery_codes_left, 9);
      assert.equal((await giveCode(await challengeFor(user.email), code)).statusCode, 422);
      const audit = await queryRows<{ after: unknown }>(t.app.db, sql`select after from audit_log where action = 'auth.sign_in' and subject_id = ${String(user.id)} order by id desc limit 1`);
      assert.deepEqual(typeof audit[0].after === 'string' ? JSON.parse(audit[0].after) : audit[0].after, { second_factor: 'recovery_code' });
    });

    test('wrong codes are recorded and audited, and count toward the sign-in limit of the email and address', async () => {
      const user = await userWith2fa('guessed@test.local');
      const step = await freshStep();
      const challenge = await challengeFor(user.email, '203.0.113.50');
      for (let i = 0; i < 10; i++) {
        const wrong = await giveCode(challenge, String(100000 + i), '203.0.113.50');
        assert.equal(wrong.statusCode, 422);
      }
      // Locked for this address, even with the right code or the password…
      const locked = await giveCode(challenge, codeAt(user.secret, step), '203.0.113.50');
      assert.equal(locked.statusCode, 429);
      assert.equal(locked.json().code, 'RATE_LIMITED');
      assert.equal((await login(user.email, TEST_PASSWORD, '203.0.113.50')).statusCode, 429);
      // …while the owner signs in from elsewhere.
      assert.equal((await giveCode(await challengeFor(user.email, '198.51.100.77'), codeAt(user.secret, step), '198.51.100.77')).statusCode, 200);

      const rows = await attempts(user.email);
      assert.equal(rows.filter((r) => r.reason === 'invalid_two_factor_code').length, 10);
      assert.equal(rows.filter((r) => r.reason === 'locked').length, 2);
      const failed = (await auditActions(user.id)).filter((r) => r.action === 'auth.two_factor_failed');
      assert.equal(failed.length, 10);
      assert.ok(failed.every((r) => r.actor_id === user.id));
    });

    test('new recovery codes need a current code and replace the old ones', async () => {
      const user = await userWith2fa('regenerate@test.local');
      const step = await freshStep();
      const wrong = await post('/api/me/two-factor/recovery-codes', user.token, { code: user.recoveryCodes[0] });
      assert.equal(wrong.statusCode, 422);
      assert.deepEqual(Object.keys(wrong.json().errors), ['code']);
      const fresh = await post('/api/me/two-factor/recovery-codes', user.token, { code: codeAt(user.secret, step) });
      assert.equal(fresh.statusCode, 200);
      const codes: string[] = fresh.json().recovery_codes;
      assert.equal(codes.length, 10);
      assert.equal((await giveCode(await challengeFor(user.email), user.recoveryCodes[1])).statusCode, 422);
      assert.equal((await giveCode(await challengeFor(user.email), codes[0])).statusCode, 200);
    });

    test('turning it off needs the password and a code', async () => {
      const user = await userWith2fa('disable@test.local');
      const step = await freshStep();
      const missing = await post('/api/me/two-factor/disable', user.token, {});
      assert.equal(missing.statusCode, 422);
      assert.deepEqual(Object.keys(missing.json().errors).sort(), ['code', 'password']);
      const badPassword = await post('/api/me/two-factor/disable', user.token, { password: 'wrong-password', code: codeAt(user.secret, step) });
      assert.equal(badPassword.statusCode, 422);
      assert.deepEqual(Object.keys(badPassword.json().errors), ['password']);
      const badCode = await post('/api/me/two-factor/disable', user.token, { password: TEST_PASSWORD, code: '000000' });
      assert.equal(badCode.statusCode, 422);
      assert.deepEqual(Object.keys(badCode.json().errors), ['code']);
      const off = await post('/api/me/two-factor/disable', user.token, { password: TEST_PASSWORD, code: codeAt(user.secret, step) });
      assert.equal(off.statusCode, 200);
      assert.equal((await status(user.token)).enabled, false);
      assert.ok('accessToken' in (await login(user.email)).json());
      assert.ok((await auditActions(user.id)).some((r) => r.action === 'auth.two_factor_disabled'));
    });

    test('a role requiring 2FA: open sessions are refused, the password leads to set-up only, then the session', async () => {
      await createRole(t, 'Secured', [{ action: 'view', subject: 'document' }]);
      const user = await createUser(t, { email: 'secured@test.local', role: 'Secured' });
      const oldToken = await user.token();
      const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(adminToken) })).json().data as { id: number; name: string; version: number; lead_scope: string; permission_ids: number[]; two_factor_required: boolean }[];
      const role = roles.find((r) => r.name === 'Secured')!;
      assert.equal(role.two_factor_required, false);
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        headers: bearer(adminToken),
        payload: { name: role.name, lead_scope: role.lead_scope, permission_ids: role.permission_ids, version: role.version, two_factor_required: true },
      });
      assert.equal(saved.statusCode, 200);
      assert.equal(saved.json().data.two_factor_required, true);

      const refused = await me(oldToken);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().code, 'TWO_FACTOR_SETUP_REQUIRED');
      // Only password sessions: a session another way of signing in opened (single sign-on) is not shut out.
      const otherWay = await t.app.authRepository.createAccessToken(user.id, 1);
      assert.equal((await me(otherWay)).statusCode, 200);

      const answer = (await login(user.email)).json();
      assert.equal(answer.two_factor, 'setup');
      assert.equal(answer.accessToken, undefined);
      // A set-up challenge is no code challenge, and no bearer token.
      assert.equal((await giveCode(answer.challenge, '123456')).statusCode, 422);
      assert.equal((await me(answer.challenge)).statusCode, 401);

      const setup = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor/setup', payload: { challenge: answer.challenge } });
      assert.equal(setup.statusCode, 200);
      const { secret } = setup.json();
      const step = await freshStep();
      const confirm = (code: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor/confirm', payload: { challenge: answer.challenge, code }, remoteAddress: '198.51.100.1' });
      const wrong = await confirm(codeAt(secret, step, 5));
      assert.equal(wrong.statusCode, 422);
      assert.deepEqual(Object.keys(wrong.json().errors), ['code']);
      const done = await confirm(codeAt(secret, step));
      assert.equal(done.statusCode, 200);
      assert.equal(done.json().recovery_codes.length, 10);
      const token = done.json().accessToken;
      assert.equal((await me(token)).statusCode, 200);
      const now = await status(token);
      assert.deepEqual([now.enabled, now.required, now.recovery_codes_left], [true, true, 10]);
      // The role requires it: it cannot be turned off.
      const off = await post('/api/me/two-factor/disable', token, { password: TEST_PASSWORD, code: done.json().recovery_codes[0] });
      assert.equal(off.statusCode, 422);
      assert.match(off.json().errors.code[0], /role requires/);
      // The next sign-in asks for a code.
      assert.equal((await login(user.email)).json().two_factor, 'code');
    });

    test('an administrator resets a user\u2019s 2FA: audited, sessions ended, the badge gone; others may not', async () => {
      const user = await userWith2fa('lost-phone@test.local');
      const listed = async () =>
        ((await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: bearer(adminToken) })).json().data as { two_factor_enabled: boolean }).two_factor_enabled;
      assert.equal(await listed(), true);
      const reset = (token?: string, id = user.id) =>
        t.app.inject({ method: 'DELETE', url: `/api/users/${id}/two-factor`, headers: token ? bearer(token) : {} });

      assert.equal((await reset()).statusCode, 401);
      const operator = await createUser(t, { email: 'operator-resets@test.local', role: 'Operator' });
      assert.equal((await reset(await operator.token())).statusCode, 403);
      assert.equal((await reset(adminToken, 999_999)).statusCode, 404);

      const done = await reset(adminToken);
      assert.equal(done.statusCode, 200);
      assert.equal(await listed(), false);
      assert.equal((await me(user.token)).statusCode, 401);
      assert.ok('accessToken' in (await login(user.email)).json());
      const audit = (await auditActions(user.id)).filter((r) => r.action === 'user.two_factor_reset');
      assert.equal(audit.length, 1);
      assert.notEqual(audit[0].actor_id, user.id);
    });
  });
}
