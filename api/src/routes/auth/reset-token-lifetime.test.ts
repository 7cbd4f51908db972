import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AdminUser } from '@crm/shared/schemas';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { roleIdsByName } from '../../db/seed';
import { generateToken, hashToken } from '../../lib/tokens';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';
import { INVALID_RESET_TOKEN } from './auth-routes';

for (const driver of testDrivers()) {
  describe(`reset tokens end with the account change they predate (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    /** Asks for a reset link as the user would and answers the token of the mail that arrived. */
    async function mailedToken(email: string): Promise<string> {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      await t.app.jobs.idle();
      const mail = t.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === email).at(-1)!.mail as { text: string };
      return new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    }

    const reset = (email: string, token: string, password = 'chosen-by-thief-1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email, token, password, password_confirmation: password } });

    const signIn = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

    function assertRefused(response: Awaited<ReturnType<typeof reset>>) {
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.json(), { message: INVALID_RESET_TOKEN, code: 'VALIDATION_FAILED', errors: { email: [INVALID_RESET_TOKEN] } });
    }

    test('a link mailed before the user changed their password no longer works', async () => {
      const user = await createUser(t, { email: 'changer@test.local', role: 'Operator' });
      const token = await mailedToken(user.email);
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(await user.token()),
        payload: { current_password: TEST_PASSWORD, password: 'my-new-password-1', password_confirmation: 'my-new-password-1' },
      });
      assert.equal(changed.statusCode, 200, changed.body);

      assertRefused(await reset(user.email, token));
      assert.equal((await signIn(user.email, 'my-new-password-1')).statusCode, 200);
    });

    test('a link mailed before an administrator forced a reset stops; the forced mail works', async () => {
      const user = await createUser(t, { email: 'forced.reset@test.local', role: 'Operator' });
      const before = await mailedToken(user.email);
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/password-reset`, headers: admin })).statusCode, 200);
      await t.app.jobs.idle();
      const mail = t.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === user.email).at(-1)!.mail as { text: string };
      const forced = new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token')!;
      assert.notEqual(forced, before);

      assertRefused(await reset(user.email, before));
      assert.equal((await reset(user.email, forced, 'after-forced-reset')).statusCode, 200);
    });

    test('a link mailed before a deactivation is refused like an unknown account, and after reactivation too', async () => {
      const user = await createUser(t, { email: 'leaving@test.local', role: 'Operator' });
      const token = await mailedToken(user.email);
      const off = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/status`, headers: admin, payload: { active: false } });
      assert.equal(off.statusCode, 200, off.body);

      const whileInactive = await reset(user.email, token);
      const unknown = await reset('nobody@test.local', token);
      assertRefused(whileInactive);
      assert.deepEqual(whileInactive.json(), unknown.json());

      await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/status`, headers: admin, payload: { active: true } });
      assertRefused(await reset(user.email, token));
      // The password never changed.
      assert.equal((await signIn(user.email, TEST_PASSWORD)).statusCode, 200);
    });

    test('a token of a deactivated account is refused even if it was issued after the deactivation', async () => {
      // A reset job that read the account just before the deactivation can still write its token afterwards.
      const user = await createUser(t, { email: 'late.token@test.local', role: 'Operator' });
      await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/status`, headers: admin, payload: { active: false } });
      const token = generateToken();
      await t.app.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });

      assertRefused(await reset(user.email, token));
    });

    test('a link mailed before a role change no longer works', async () => {
      const user = await createUser(t, { email: 'promoted@test.local', role: 'Operator' });
      const token = await mailedToken(user.email);
      const roleIds = await roleIdsByName(t.app.db, ['Manager']);
      const current: AdminUser = (await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).json().data;
      const promoted = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: admin,
        payload: { name: current.name, first_name: current.first_name, email: current.email, role_id: roleIds.Manager, team_ids: [], version: current.version },
      });
      assert.equal(promoted.statusCode, 200, promoted.body);

      assertRefused(await reset(user.email, token));
    });

    test('saving the user form without a role change leaves the link working', async () => {
      const user = await createUser(t, { email: 'renamed@test.local', role: 'Operator' });
      const token = await mailedToken(user.email);
      const current: AdminUser = (await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).json().data;
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: admin,
        payload: { name: 'Другое имя', first_name: current.first_name, email: current.email, role_id: current.role.id, team_ids: [], version: current.version },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);

      assert.equal((await reset(user.email, token, 'renamed-new-password')).statusCode, 200);
    });
  });
}
