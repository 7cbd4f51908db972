import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from './test/build-test-app';

describe('the request log', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  /** The URL of every log line about this request (its "incoming request" and any error line). */
  async function loggedUrls(url: string): Promise<string[]> {
    const from = t.logs.length;
    await t.app.inject({ method: 'GET', url });
    const lines = t.logs.slice(from);
    assert.ok(lines.some((line) => line.req), 'the request was logged');
    return lines.flatMap((line) => ((line.req as { url?: string } | undefined)?.url ? [(line.req as { url: string }).url] : []));
  }

  test('a reset link shows neither its token nor the address', async () => {
    const urls = await loggedUrls('/build/reset-password?token=abc&email=a@b.c');
    assert.deepEqual(urls, ['/build/reset-password?token=[redacted]&email=[redacted]']);
  });

  test('a signed file URL shows its type and expiry, not its signature', async () => {
    const urls = await loggedUrls('/api/files/f1a2/contract.pdf?type=application%2Fpdf&expires=1900000000&signature=s3cr3t-sig');
    assert.deepEqual(urls, ['/api/files/f1a2/contract.pdf?type=application%2Fpdf&expires=1900000000&signature=[redacted]']);
    assert.ok(!JSON.stringify(t.logs).includes('s3cr3t-sig'));
  });

  test('passwords, codes, keys and secrets go too, in any spelling of the key; other parameters stay', async () => {
    const urls = await loggedUrls('/api/leads?search=ann&Password=p1&code=123456&auth%5Fkey=k&client_secret=s&access_token=t&page=2');
    assert.deepEqual(urls, [
      '/api/leads?search=ann&Password=[redacted]&code=[redacted]&auth%5Fkey=[redacted]&client_secret=[redacted]&access_token=[redacted]&page=2',
    ]);
  });
});
