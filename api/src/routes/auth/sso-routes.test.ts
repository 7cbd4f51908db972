import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log';
import { signInAttempts } from '../../db/schema/sign-in-attempts';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createTeam, createUser, TEST_PASSWORD } from '../../test/fixtures';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/test-oidc-provider';
import { PASSWORD_SIGN_IN_OFF } from '../../services/auth-service';
import { SSO_CODE_INVALID } from '../../services/sso-service';

const CALLBACK = 'http://crm.test/api/auth/oidc/callback';

const ACCOUNTS = {
  manager: { email: 'Manager.SSO@test.local', email_verified: true, name: 'Мария Менеджер' },
  unverified: { email: 'unverified@test.local', email_verified: false },
  stranger: { email: 'stranger@test.local', email_verified: true, name: 'Странник' },
  deactivated: { email: 'deactivated.sso@test.local', email_verified: true },
  claimed: { email: 'claimed@test.local', email_verified: true, name: 'Клим Клеймов', roles: ['Unknown role', 'Manager'], teams: ['Север', 'Nowhere'] },
  plain: { email: 'plain@test.local', email_verified: true, name: 'Пётр Простой' },
  promoted: { email: 'promoted@test.local', email_verified: true, roles: ['Manager'], teams: ['Юг'] },
};

/** The browser's part: the CRM's start, the provider's sign-in form (any password), up to the CRM's callback URL. */
async function signInAtProvider(t: TestApp, login: keyof typeof ACCOUNTS) {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  assert.equal(start.statusCode, 302);
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  const jar = new Map<string, string>();
  let url = new URL(String(start.headers.location));
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(CALLBACK)) return { cookie, query: url.search };
    const interaction = /^\/interaction\/[\w-]+$/.test(url.pathname);
    const response = await fetch(url, {
      redirect: 'manual',
      method: interaction ? 'POST' : 'GET',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(interaction ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: interaction ? new URLSearchParams({ prompt: 'login', login, password: 'any' }) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    assert.ok(response.status >= 300 && response.status < 400, `provider answered ${response.status} at ${url}`);
    url = new URL(response.headers.get('location')!, url);
  }
  throw new Error('the provider never sent the browser back');
}

const callback = (t: TestApp, query: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/auth/oidc/callback${query}`, headers: cookie ? { cookie } : {} });

/** Where the callback sent the browser: the one-time code, or the error code. */
function landing(response: { statusCode: number; headers: Record<string, unknown> }) {
  assert.equal(response.statusCode, 302);
  const location = new URL(String(response.headers.location), 'http://crm.test');
  assert.equal(location.pathname, '/build/login');
  return { sso: location.searchParams.get('sso'), error: location.searchParams.get('sso_error') };
}

const exchange = (t: TestApp, code: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code } });

async function ssoSignIn(t: TestApp, login: keyof typeof ACCOUNTS) {
  const { cookie, query } = await signInAtProvider(t, login);
  return landing(await callback(t, query, cookie));
}

for (const driver of testDrivers()) {
  describe(`single sign-on (${driver})`, () => {
    let provider: TestOidcProvider;
    before(async () => {
      provider = await startTestOidcProvider({ redirectUris: [CALLBACK], accounts: ACCOUNTS });
    });
    after(() => provider.close());

    describe('matching existing users, password sign-in off', () => {
      let t: TestApp;
      before(async () => {
        t = await buildTestApp({
          driver,
          env: { ...provider.env, OIDC_NAME: 'Keycloak', PASSWORD_SIGN_IN: 'false', PASSWORD_SIGN_IN_BREAK_GLASS: ` ${TEST_ADMIN.email.toUpperCase()} ` },
        });
        await createUser(t, { email: 'manager.sso@test.local', role: 'Manager' });
        await createUser(t, { email: 'unverified@test.local', role: 'Manager' });
        const gone = await createUser(t, { email: 'deactivated.sso@test.local', role: 'Manager' });
        await t.app.userRepository.setActive(gone.id, false);
      });
      after(() => t.close());

      test('the provider signs a user in by verified email; the one-time code gives a session once', async () => {
        const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
        const authorize = new URL(String(start.headers.location));
        assert.equal(authorize.origin, provider.issuer);
        assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
        for (const name of ['state', 'nonce', 'code_challenge']) assert.match(authorize.searchParams.get(name) ?? '', /^[\w-]{43}$/);
        assert.match(String(start.headers['set-cookie']), /^crm_sso=[\w-]{43}; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax; Max-Age=600$/);

        const { cookie, query } = await signInAtProvider(t, 'manager');
        const answer = await callback(t, query, cookie);
        assert.match(String(answer.headers['set-cookie']), /^crm_sso=; .*Max-Age=0/);
        const { sso, error } = landing(answer);
        assert.equal(error, null);
        assert.match(sso ?? '', /^[\w-]{43}$/);

        const session = await exchange(t, sso);
        assert.equal(session.statusCode, 200);
        assert.equal(session.json().userData.email, 'manager.sso@test.local');
        assert.equal(session.json().userData.role, 'Manager');
        const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.json().accessToken) });
        assert.equal(me.statusCode, 200);

        const again = await exchange(t, sso);
        assert.equal(again.statusCode, 422);
        assert.deepEqual(again.json().errors, { code: [SSO_CODE_INVALID] });

        const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in')).orderBy(desc(auditLog.id)).limit(1);
        assert.deepEqual(audit.after, { method: 'sso' });
        assert.equal(audit.actorEmail, 'manager.sso@test.local');
      });

      test('a callback whose state is not this browser\'s flow is refused, and so is one without the cookie', async () => {
        const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
        const cookie = String(start.headers['set-cookie']).split(';')[0];
        assert.equal(landing(await callback(t, '?code=anything&state=not-the-state', cookie)).error, 'state');
        const state = new URL(String(start.headers.location)).searchParams.get('state');
        assert.equal(landing(await callback(t, `?code=anything&state=${state}`)).error, 'state');
        assert.equal(landing(await callback(t, `?code=anything&state=${state}`, 'crm_sso=forged')).error, 'state');
        const [failure] = await t.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'auth.sign_in_failed')))
          .orderBy(desc(auditLog.id))
          .limit(1);
        assert.deepEqual(failure.after, { reason: 'sso_state', method: 'sso' });
      });

      test('a replayed authorization code is refused, with the same cookie or in a new flow', async () => {
        const { cookie, query } = await signInAtProvider(t, 'manager');
        assert.ok(landing(await callback(t, query, cookie)).sso);
        assert.equal(landing(await callback(t, query, cookie)).error, 'code');

        const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
        const freshCookie = String(fresh.headers['set-cookie']).split(';')[0];
        const replay = new URLSearchParams(query);
        replay.set('state', new URL(String(fresh.headers.location)).searchParams.get('state')!);
        assert.equal(landing(await callback(t, `?${replay}`, freshCookie)).error, 'code');
      });

      test('an email the provider has not verified is refused, though a user has it', async () => {
        assert.equal((await ssoSignIn(t, 'unverified')).error, 'unverified_email');
        const [attempt] = await t.app.db.select().from(signInAttempts).orderBy(desc(signInAttempts.id)).limit(1);
        assert.equal(attempt.email, 'unverified@test.local');
        assert.equal(attempt.reason, 'sso_unverified_email');
        assert.equal(attempt.succeeded, false);
      });

      test('an unknown email is not created without OIDC_AUTO_CREATE; a deactivated user stays out', async () => {
        assert.equal((await ssoSignIn(t, 'stranger')).error, 'unknown_user');
        assert.equal(await t.app.userRepository.findByEmail('stranger@test.local'), undefined);
        assert.equal((await ssoSignIn(t, 'deactivated')).error, 'deactivated');
      });

      test('the exchange names a missing code by field', async () => {
        const response = await exchange(t, '');
        assert.equal(response.statusCode, 422);
        assert.deepEqual(Object.keys(response.json().errors), ['code']);
        assert.equal((await exchange(t, 'x'.repeat(43))).statusCode, 422);
      });

      test('password sign-in and reset answer 403 except for the break-glass Admin', async () => {
        const manager = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'manager.sso@test.local', password: TEST_PASSWORD } });
        assert.equal(manager.statusCode, 403);
        assert.deepEqual(manager.json(), { message: PASSWORD_SIGN_IN_OFF, code: 'PASSWORD_SIGN_IN_OFF' });
        const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@test.local', password: 'whatever' } });
        assert.equal(unknown.statusCode, 403);
        for (const url of ['/api/auth/forgot-password', '/api/auth/reset-password']) {
          const payload = { email: 'manager.sso@test.local', token: 't', password: 'new-password-1', password_confirmation: 'new-password-1' };
          assert.equal((await t.app.inject({ method: 'POST', url, payload })).statusCode, 403, url);
        }
        const admin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
        assert.equal(admin.statusCode, 200);
        const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: TEST_ADMIN.email } });
        assert.equal(forgot.statusCode, 200);
      });

      test('web-config.json names the button and says password sign-in is off', async () => {
        const response = await t.app.inject({ method: 'GET', url: '/build/web-config.json' });
        assert.deepEqual(response.json(), { i18nEnabled: false, defaultLanguage: 'en', sso: { name: 'Keycloak' }, passwordSignIn: false });
      });
    });

    describe('creating users, role and teams from claims', () => {
      let t: TestApp;
      before(async () => {
        t = await buildTestApp({
          driver,
          env: { ...provider.env, OIDC_AUTO_CREATE: 'true', OIDC_ROLE_CLAIM: 'crm_roles', OIDC_TEAM_CLAIM: 'crm_teams' },
        });
        await createTeam(t, 'Север', []);
        await createTeam(t, 'Юг', []);
        await createUser(t, { email: 'promoted@test.local', role: 'Operator' });
      });
      after(() => t.close());

      const me = async (sso: string | null) => {
        const session = await exchange(t, sso);
        assert.equal(session.statusCode, 200);
        const user = await t.app.userRepository.findByEmail(session.json().userData.email);
        return { role: session.json().userData.role as string, name: session.json().userData.name as string, teams: (await t.app.userRepository.teamsOf(user!.id)).map((team) => team.name) };
      };

      test('an unknown email becomes a user with the first known role and the known teams of the claims', async () => {
        const { sso, error } = await ssoSignIn(t, 'claimed');
        assert.equal(error, null);
        assert.deepEqual(await me(sso), { role: 'Manager', name: 'Клим Клеймов', teams: ['Север'] });
        const [created] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'user.create')).orderBy(desc(auditLog.id)).limit(1);
        assert.equal((created.after as { source: string }).source, 'sso');
      });

      test('without a role claim the new user gets OIDC_DEFAULT_ROLE (Operator) and no team', async () => {
        assert.deepEqual(await me((await ssoSignIn(t, 'plain')).sso), { role: 'Operator', name: 'Пётр Простой', teams: [] });
      });

      test("an existing user's role and teams follow the claims at each sign-in", async () => {
        assert.deepEqual(await me((await ssoSignIn(t, 'promoted')).sso), { role: 'Manager', name: 'promoted', teams: ['Юг'] });
        const [update] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'user.update')).orderBy(desc(auditLog.id)).limit(1);
        assert.deepEqual(update.before, { role: 'Operator', team_ids: [] });
      });

      test('an unverified email is still refused with auto-create on, and nobody is created', async () => {
        assert.equal((await ssoSignIn(t, 'unverified')).error, 'unverified_email');
        assert.equal(await t.app.userRepository.findByEmail('unverified@test.local'), undefined);
      });
    });
  });
}
