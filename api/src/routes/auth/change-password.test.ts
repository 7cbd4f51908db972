import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';
import { PASSWORD_CHANGED, WRONG_CURRENT_PASSWORD } from './auth-routes';

for (const driver of testDrivers()) {
  describe(`POST /api/auth/change-password (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
    });
    after(() => t.close());

    const change = (token: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload: payload as object });
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

    test('needs a signed-in user', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: TEST_PASSWORD, password: 'new-password-1', password_confirmation: 'new-password-1' },
      });
      assert.equal(response.statusCode, 401);
    });

    test('422 names every failing field at once', async () => {
      const user = await createUser(t, { email: 'fields@test.local', role: 'Operator' });
      const token = await user.token();
      const response = await change(token, { current_password: '', password: 'short', password_confirmation: 'other' });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors, {
        current_password: ['Enter your current password'],
        password: ['Use at least 8 characters'],
        password_confirmation: ['The passwords do not match'],
      });
      const same = await change(token, { current_password: TEST_PASSWORD, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD });
      assert.equal(same.statusCode, 422);
      assert.deepEqual(same.json().errors, { password: ['Choose a password different from the current one'] });
      const garbage = await change(token, { current_password: 5, password: null });
      assert.equal(garbage.statusCode, 422);
      assert.deepEqual(Object.keys(garbage.json().errors).sort(), ['current_password', 'password', 'password_confirmation']);
    });

    test('a wrong current password is refused on its field and changes nothing', async () => {
      const user = await createUser(t, { email: 'wrong@test.local', role: 'Operator' });
      const token = await user.token();
      const response = await change(token, { current_password: 'not-my-password', password: 'new-password-1', password_confirmation: 'new-password-1' });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), {
        message: WRONG_CURRENT_PASSWORD,
        code: 'VALIDATION_FAILED',
        errors: { current_password: [WRONG_CURRENT_PASSWORD] },
      });
      assert.equal((await login(user.email, TEST_PASSWORD)).statusCode, 200);
      assert.equal((await me(token)).statusCode, 200);
    });

    test('changes the password, signs out the other sessions, keeps this one, and is audited', async () => {
      const user = await createUser(t, { email: 'changer@test.local', role: 'Operator' });
      const here = await user.token();
      const elsewhere = await user.token();
      const other = await createUser(t, { email: 'bystander@test.local', role: 'Operator' });
      const otherToken = await other.token();

      const response = await change(here, { current_password: TEST_PASSWORD, password: 'brand-new-password', password_confirmation: 'brand-new-password' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { message: PASSWORD_CHANGED });

      assert.equal((await me(here)).statusCode, 200, 'the session that changed it stays signed in');
      assert.equal((await me(elsewhere)).statusCode, 401, 'other sessions are signed out');
      assert.equal((await me(otherToken)).statusCode, 200, "another user's sessions are untouched");
      assert.equal((await login(user.email, TEST_PASSWORD)).statusCode, 422, 'the old password no longer works');
      assert.equal((await login(user.email, 'brand-new-password')).statusCode, 200);

      const admin = bearer(await t.login(TEST_ADMIN.email, TEST_ADMIN.password));
      const audit = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=auth.password_changed&per_page=100', headers: admin });
      assert.equal(audit.statusCode, 200, audit.body);
      const entries = audit.json().data as { actor: { id: number | null; email: string | null }; subject_id: string | null; after: unknown }[];
      const entry = entries.find((e) => e.subject_id === String(user.id));
      assert.ok(entry, 'an audit entry for the change');
      assert.equal(entry.actor.id, user.id);
      assert.deepEqual(entry.after, { other_sessions_signed_out: 1 });
      assert.ok(!JSON.stringify(entries).includes('brand-new-password'), 'no password in the audit log');
    });
  });
}
