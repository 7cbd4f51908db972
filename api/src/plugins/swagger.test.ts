import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bearer, buildTestApp } from '../test/build-test-app';

describe('API docs (API_DOCS)', () => {
  test('auth (the production default): the spec needs a bearer token; the UI sends the stored CRM token', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      assert.equal(t.config.apiDocs, 'auth');
      for (const url of ['/api/docs/json', '/api/docs/yaml']) {
        const anonymous = await t.app.inject({ method: 'GET', url });
        assert.equal(anonymous.statusCode, 401, url);
        assert.deepEqual(anonymous.json(), { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
      }
      const token = await t.login();
      const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(token) });
      assert.equal(spec.statusCode, 200);
      assert.ok(spec.json().paths['/api/leads']);
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      assert.equal(page.statusCode, 200);
      const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      assert.match(initializer.body, /"requestInterceptor":function withStoredToken\(request\)/);
      assert.match(initializer.body, /getItem\("accessToken"\)/);
    } finally {
      await t.close();
    }
  });

  test('public (the development default): anyone reads the spec', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'development' } });
    try {
      assert.equal(t.config.apiDocs, 'public');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode, 200);
      const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      assert.doesNotMatch(initializer.body, /accessToken/);
    } finally {
      await t.close();
    }
  });

  test('off: no docs at all, whoever asks', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'development', API_DOCS: 'off' } });
    try {
      const token = await t.login();
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        assert.equal(response.statusCode, 404, url);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      }
    } finally {
      await t.close();
    }
  });
});
