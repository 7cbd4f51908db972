import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, type TestApp, testDrivers } from './test/build-test-app';
import { createUser, TEST_PASSWORD } from './test/fixtures';

/** Every route behind `authorize`, with the answer an Operator gets (their role lacks some abilities). */
const PROTECTED: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; operator: number }[] = [
  { method: 'GET', url: '/api/users', operator: 403 },
  { method: 'GET', url: '/api/lead-status', operator: 200 },
  { method: 'POST', url: '/api/lead-status', operator: 403 },
  { method: 'DELETE', url: '/api/lead-status/1/delete', operator: 403 },
  { method: 'PUT', url: '/api/lead-status/1', operator: 403 },
  { method: 'POST', url: '/api/lead-status/reorder', operator: 403 },
  { method: 'GET', url: '/api/leads', operator: 200 },
  // The Operator may view, create and edit leads: past the ability check, lead 1 does not exist (404), the empty
  // body is invalid (422), or a JSON body where a file is expected is the wrong media type (415).
  { method: 'GET', url: '/api/leads/1', operator: 404 },
  { method: 'POST', url: '/api/leads', operator: 422 },
  { method: 'POST', url: '/api/leads/1', operator: 422 },
  { method: 'DELETE', url: '/api/leads/1', operator: 403 },
  { method: 'GET', url: '/api/leads/favorite/1', operator: 404 },
  { method: 'POST', url: '/api/leads/status/1', operator: 422 },
  { method: 'GET', url: '/api/leads/1/assign/1', operator: 404 },
  { method: 'GET', url: '/api/leads/1/history', operator: 404 },
  { method: 'GET', url: '/api/leads/1/comments', operator: 404 },
  { method: 'POST', url: '/api/leads/bulk', operator: 422 },
  { method: 'GET', url: '/api/leads/export', operator: 200 },
  { method: 'POST', url: '/api/leads/import/preview', operator: 415 },
  { method: 'POST', url: '/api/leads/import', operator: 415 },
  { method: 'GET', url: '/api/leads/import/1', operator: 404 },
  { method: 'POST', url: '/api/upload', operator: 415 },
  { method: 'GET', url: '/api/document-category', operator: 200 },
  { method: 'POST', url: '/api/document-category', operator: 403 },
  { method: 'DELETE', url: '/api/document-category/1', operator: 403 },
  { method: 'GET', url: '/api/comment-steps', operator: 200 },
  { method: 'POST', url: '/api/comment-steps', operator: 403 },
  { method: 'DELETE', url: '/api/comment-steps/1', operator: 403 },
  { method: 'GET', url: '/api/roles', operator: 403 },
  { method: 'GET', url: '/api/permissions', operator: 403 },
];

for (const driver of testDrivers()) {
  describe(`app (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
    });
    after(() => t.close());

    test('health and readiness', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(health.statusCode, 200);
      assert.deepEqual(health.json(), { status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { status: 'ready' });
    });

    test('the seeds are idempotent: seeding again adds nothing', async () => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(await t.login()) })).json();
      const { seedDatabase } = await import('./db/seed');
      await seedDatabase(t.app.db, { admin: t.config.admin, log: t.app.log });
      const after = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(await t.login()) })).json();
      assert.deepEqual(after, before);
      const statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: bearer(await t.login()) })).json().data;
      assert.equal(statuses.length, 5);
    });

    test('every protected route answers 401 without a token', async () => {
      for (const route of PROTECTED) {
        const response = await t.app.inject({ method: route.method, url: route.url, payload: route.method === 'POST' || route.method === 'PUT' ? {} : undefined });
        assert.equal(response.statusCode, 401, `${route.method} ${route.url}`);
        assert.equal(response.json().code, 'UNAUTHENTICATED');
      }
    });

    test("an Operator gets 403 exactly where the role's rules stop", async () => {
      await createUser(t, { email: 'op@test.local', role: 'Operator' });
      const operator = bearer(await t.login('op@test.local', TEST_PASSWORD));
      for (const route of PROTECTED) {
        const payload = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
        const response = await t.app.inject({ method: route.method, url: route.url, headers: operator, payload });
        assert.equal(response.statusCode, route.operator, `${route.method} ${route.url}`);
      }
    });

    test('unknown routes answer 404 JSON, under /api and elsewhere', async () => {
      for (const url of ['/api/nope', '/api/leads/1/unknown', '/nope']) {
        const response = await t.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 404);
        assert.match(response.headers['content-type'] as string, /^application\/json/);
        assert.equal(response.json().code, 'NOT_FOUND');
      }
    });

    test('malformed JSON is 400 JSON, a wrong content type 415 JSON, an oversized body 413 JSON', async () => {
      const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      assert.equal(malformed.statusCode, 400);
      assert.deepEqual(malformed.json(), { message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });

      const wrongType = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      assert.equal(wrongType.statusCode, 415);
      assert.equal(wrongType.json().code, 'UNSUPPORTED_MEDIA_TYPE');

      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `${'a'.repeat(2 * 1024 * 1024)}@test.local` }),
      });
      assert.equal(huge.statusCode, 413);
      assert.equal(huge.json().code, 'PAYLOAD_TOO_LARGE');
    });

    test('/api/docs serves the UI and an OpenAPI document built from the zod schemas', async () => {
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
      assert.equal(ui.statusCode, 200);
      assert.match(ui.headers['content-type'] as string, /^text\/html/);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })).statusCode, 200);

      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      assert.match(doc.openapi, /^3\./);
      assert.ok(doc.paths['/api/auth/login'].post.requestBody);
      const listLeads = doc.paths['/api/leads'].get;
      assert.deepEqual(listLeads.security, [{ bearerAuth: [] }]);
      assert.ok(listLeads.parameters.some((p: { name: string; in: string }) => p.name === 'per_page' && p.in === 'query'));
      assert.ok(doc.paths['/api/lead-status/{id}/delete'].delete.responses['409']);
      assert.ok(!Object.keys(doc.paths).some((path) => path.startsWith('/build/remotes/:')));
    });
  });
}
