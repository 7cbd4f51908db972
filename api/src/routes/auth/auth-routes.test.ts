import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';
import { INVALID_CREDENTIALS, INVALID_RESET_TOKEN, RESET_LINK_SENT } from './auth-routes';

for (const driver of testDrivers()) {
  describe(`auth routes (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver, config: {
          loginRateLimit: { perIp: 8, perEmailAndIp: 3, slowdownAfter: 20, timeWindowMs: 60_000, slowdownWindowMs: 60_000, delayStepMs: 1, maxDelayMs: 5 },
        }, });
    });
    after(() => t.close());

    // Each test signs in from its own address so the per-address limit of one test does not leak into another.
    let nextAddress = 1;
    const login = (payload: unknown, remoteAddress = `10.0.0.${nextAddress++}`) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });

    test('login answers a session with the Admin rules', async () => {
      const response = await login(TEST_ADMIN);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.match(body.accessToken, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(body.userData, { id: body.userData.id, first_name: 'Admin', name: 'Administrator', email: TEST_ADMIN.email, role: 'Admin', avatar: null });
      assert.deepEqual(body.userAbilityRules, [{ action: 'manage', subject: 'remotes' }, { action: 'manage', subject: 'webhooks' }, { action: 'manage', subject: 'api-keys' }, { action: 'view', subject: 'dashboard' }, { action: 'manage', subject: 'saved-views' }, { action: 'manage', subject: 'all' }]);
    });

    test('without OIDC_* the single sign-on routes answer 404 and password sign-in stays on', async () => {
      for (const [method, url] of [['GET', '/api/auth/oidc/start'], ['GET', '/api/auth/oidc/callback?code=a&state=b'], ['POST', '/api/auth/oidc/exchange']] as const) {
        const response = await t.app.inject({ method, url, payload: method === 'POST' ? { code: 'abc' } : undefined });
        assert.equal(response.statusCode, 404, url);
        assert.deepEqual(response.json(), { message: 'Single sign-on is not configured.', code: 'NOT_FOUND' });
      }
      const config = await t.app.inject({ method: 'GET', url: '/build/web-config.json' });
      assert.deepEqual({ sso: config.json().sso, passwordSignIn: config.json().passwordSignIn }, { sso: null, passwordSignIn: true });


    });

    test('login accepts the email in any case and with spaces', async () => {
      const response = await login({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password });
      assert.equal(response.statusCode, 200);
    });

    test('a wrong password and an unknown email get the same 422', async () => {
      const wrongPassword = await login({ email: TEST_ADMIN.email, password: 'not-the-password' });
      const unknownEmail = await login({ email: 'nobody@test.local', password: 'whatever-password' });
      for (const response of [wrongPassword, unknownEmail]) {
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), {
          message: INVALID_CREDENTIALS,
          code: 'VALIDATION_FAILED',
          errors: { email: [INVALID_CREDENTIALS] },
        });
      }
    });

    test('login validates each field', async () => {
      const response = await login({ email: 'not-an-email', password: '' });
      assert.equal(response.statusCode, 422);
      const body = response.json();
      assert.equal(body.message, 'The given data was invalid.');
      assert.deepEqual(Object.keys(body.errors).sort(), ['email', 'password']);
      assert.deepEqual(body.errors.password, ['Enter your password']);
    });

    test('sign-ins from one address are limited, whatever the email', async () => {
      const address = '10.9.9.9';
      const answers: number[] = [];
      for (let attempt = 0; attempt < 9; attempt++) {
        answers.push((await login({ email: `user${attempt}@test.local`, password: 'guess-password' }, address)).statusCode);
      }
      assert.deepEqual(answers, [...Array(8).fill(422), 429]);
      const limited = await login(TEST_ADMIN, address);
      assert.equal(limited.statusCode, 429);
      assert.match(limited.json().message, /Too many attempts/);
      assert.ok(limited.headers['retry-after']);
    });

    test('me answers the user and rules of the token', async () => {
      const token = await t.login();
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().userData.email, TEST_ADMIN.email);
      assert.deepEqual(response.json().userAbilityRules, [{ action: 'manage', subject: 'remotes' }, { action: 'manage', subject: 'webhooks' }, { action: 'manage', subject: 'api-keys' }, { action: 'view', subject: 'dashboard' }, { action: 'manage', subject: 'saved-views' }, { action: 'manage', subject: 'all' }]);


    });

    test('me without a token, with a malformed header or an unknown token is 401 JSON', async () => {
      for (const headers of [{}, { authorization: 'Basic abc' }, bearer('not-a-real-token')]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.json(), { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
      }
    });

    test('logout revokes the token it was called with, and only that one', async () => {
      const token = await t.login();
      const other = await t.login();
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().message, 'Logged out.');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode, 200);
    });

    test('an expired token is refused', async () => {
      const user = await createUser(t, { email: 'expiring@test.local', role: 'Operator' });
      const token = await t.app.authRepository.createAccessToken(user.id, -1);
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      assert.equal(response.statusCode, 401);
    });

    test('forgot-password answers the same whether or not the address exists, and logs the mail', async () => {
      const user = await createUser(t, { email: 'forgetful@test.local', role: 'Operator', firstName: 'Фёдор' });
      const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@test.local' } });
      assert.equal(known.statusCode, 200);
      assert.equal(unknown.statusCode, 200);
      assert.deepEqual(known.json(), { message: RESET_LINK_SENT });
      assert.deepEqual(unknown.json(), known.json());

      await t.app.jobs.idle();
      const mails = t.logs.filter((line) => line.mail).map((line) => line.mail as { to: string; text: string });
      assert.deepEqual(
        mails.map((m) => m.to),
        [user.email],
      );
      assert.match(mails[0].text, /http:\/\/crm\.test\/build\/reset-password\?token=[\w-]+&email=forgetful%40test\.local/);
    });

    test('reset-password: the mailed token sets a new password once and ends old sessions', async () => {
      const user = await createUser(t, { email: 'resetter@test.local', role: 'Operator' });
      const oldSession = await user.token();
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      await t.app.jobs.idle();
      const mail = t.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === user.email).at(-1)!.mail as { text: string };
      const link = new URL(/http\S+/.exec(mail.text)![0]);
      const token = link.searchParams.get('token')!;
      assert.equal(link.searchParams.get('email'), user.email);

      const payload = { email: user.email, token, password: 'brand-new-password', password_confirmation: 'brand-new-password' };
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
      assert.equal(reset.statusCode, 200);
      assert.deepEqual(reset.json(), { message: 'Your password has been reset.' });

      assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldSession) })).statusCode, 401);
      assert.equal((await login({ email: user.email, password: 'brand-new-password' })).statusCode, 200);

      const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { ...payload, password: 'another-password', password_confirmation: 'another-password' } });
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.json().errors, { email: [INVALID_RESET_TOKEN] });
    });

    test('reset-password rejects a wrong token and mismatched confirmation per field', async () => {
      const wrongToken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: TEST_ADMIN.email, token: 'made-up', password: 'long-enough-1', password_confirmation: 'long-enough-1' },
      });
      assert.equal(wrongToken.statusCode, 422);
      assert.deepEqual(wrongToken.json().errors, { email: [INVALID_RESET_TOKEN] });

      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: TEST_ADMIN.email, token: 'x', password: 'short', password_confirmation: 'different' },
      });
      assert.equal(mismatch.statusCode, 422);
      assert.deepEqual(Object.keys(mismatch.json().errors).sort(), ['password', 'password_confirmation']);
    });
  });
}
