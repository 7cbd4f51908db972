import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startFakeSentry, type FakeSentry } from '../../api/src/test/fake-sentry';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server';
import { launchBrowser, login, navigate, newPage } from '../support/browser';
import type { Browser } from 'playwright-core';

const CUSTOMER_EMAIL = 'olga.smirnova@example.com';

/**
 * A federation remote entry (the `global` kind: a script that defines `window.remote_documents`) whose every page
 * throws while rendering, as a remote deployed with a bug would. The app gets it through REMOTE_DOCUMENTS_URL, the
 * way operators point the host at a redeployed remote: the product has no test hook.
 */
const BROKEN_REMOTE_ENTRY = `
window.remote_documents = {
  init: function () {},
  get: function (request) {
    return Promise.resolve(function () {
      return {
        default: function BrokenPage() {
          throw new Error('Cannot read the categories of ${CUSTOMER_EMAIL} (' + request + ')');
        },
      };
    });
  },
};
`;

async function serveBrokenRemote(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/remoteEntry.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(BROKEN_REMOTE_ENTRY);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/remoteEntry.js`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('error reporting', () => {
  let browser: Browser;
  let sentry: FakeSentry;
  let remote: Awaited<ReturnType<typeof serveBrokenRemote>>;
  let server: AppServer;

  before(async () => {
    sentry = await startFakeSentry();
    remote = await serveBrokenRemote();
    server = await startAppServer({ env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'e2e', REMOTE_DOCUMENTS_URL: remote.url } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await remote?.close();
    await sentry?.close();
  });

  it('a remote that throws shows its boundary with Retry, the shell keeps working, and Sentry gets the event with its tags', async () => {
    const context = await browser.newContext();
    const page = await newPage(context);
    await login(page, server.baseUrl);
    await navigate(page, server.baseUrl, '/document-category/list');

    const boundary = page.getByTestId('module-failure');
    await boundary.getByRole('alert').filter({ hasText: 'remote_documents' }).waitFor();
    await boundary.getByRole('button', { name: 'Retry' }).waitFor();

    // The error was thrown before the SDK had loaded: it was queued and sent once the SDK came.
    const event = await sentry.waitForEvent((e) => (e.tags as Record<string, string> | undefined)?.remote === 'remote_documents', 20_000);
    const { remote: remoteTag, module, route, failure, replayId } = event.tags as Record<string, string>;
    assert.deepEqual(
      { remoteTag, module, route, failure },
      { remoteTag: 'remote_documents', module: 'remote_documents/document-category-list-page', route: '/document-category/list', failure: 'render' },
    );
    // Session Replay keeps every session with an error and links it to the event.
    assert.match(replayId, /^[0-9a-f]{32}$/);
    assert.equal(event.environment, 'e2e');
    const exception = (event.exception as { values: Array<{ value: string }> }).values.at(-1)!;
    assert.equal(exception.value, 'Cannot read the categories of [email] (./document-category-list-page)');

    // The rest of the app works in the same page session.
    await page.getByRole('link', { name: 'Lead statuses' }).click();
    await page.getByRole('row', { name: /Новый/ }).waitFor();

    // Retry tries the remote again and reports the second failure too.
    await page.goBack();
    await page.getByTestId('module-failure').getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('module-failure').waitFor();

    await context.close();
    // Nothing personal left the browser: neither the signed-in user's email nor the one in the error message.
    const everything = sentry.envelopes.map((envelope) => envelope.raw.toString('utf8')).join('\n');
    assert.ok(sentry.envelopes.length > 0);
    assert.ok(!everything.includes(ADMIN.email), 'an envelope contains the user email');
    assert.ok(!everything.includes(CUSTOMER_EMAIL), 'an envelope contains the email from the error');
  });

  it('the browser downloads no Sentry code when no DSN is set', async () => {
    const plain = await startAppServer();
    try {
      const context = await browser.newContext();
      const page = await newPage(context);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const config = page.waitForResponse((response) => response.url().endsWith('/api/monitoring/config'));
      await navigate(page, plain.baseUrl, '/login');
      assert.deepEqual(await (await config).json(), { data: null });
      await page.getByLabel(/email/i).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(scripts.filter((url) => /sentry/i.test(url)), []);
      await context.close();
    } finally {
      await plain.stop();
    }
  });
});
