import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../test/build-test-app';

const isWarning = (line: { level: number; msg?: string }) => line.level === 40 && /X-Forwarded-For/.test(line.msg ?? '');

describe('X-Forwarded-For from a peer that is not a trusted proxy', () => {
  describe('with TRUSTED_PROXIES unset', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp();
    });
    after(() => t.close());

    test('requests without the header say nothing; the first with it logs one warning naming the peer, once', async () => {
      await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5' });
      assert.deepEqual(t.logs.filter(isWarning), []);

      for (let i = 0; i < 3; i++) {
        await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      }
      const warnings = t.logs.filter(isWarning);
      assert.equal(warnings.length, 1);
      assert.equal(warnings[0].peer, '10.0.0.5');
      assert.match(warnings[0].msg!, /TRUSTED_PROXIES/);
    });
  });

  describe('with TRUSTED_PROXIES naming the proxy', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ env: { TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16' } });
    });
    after(() => t.close());

    test('the header from a listed proxy is expected; from any other peer it is warned about', async () => {
      await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.1' } });
      await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '203.0.113.2' } });
      assert.deepEqual(t.logs.filter(isWarning), []);

      await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.9', headers: { 'x-forwarded-for': '203.0.113.3' } });
      assert.deepEqual(t.logs.filter(isWarning).map((line) => line.peer), ['192.0.2.9']);
    });
  });
});
