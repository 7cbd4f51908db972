import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startFakeSentry, type FakeSentry } from '../../api/src/test/fake-sentry';
import { startAppServer, type AppServer } from '../support/app-server';
import { launchBrowser, login, navigate, newPage } from '../support/browser';
import { collectPreloadErrors } from '../support/preload-errors';

const LEADS_MANIFEST = '**/build/remotes/leads/mf-manifest.json';

describe('the version contract between host and remotes', () => {
  let browser: Browser;
  let sentry: FakeSentry;
  let server: AppServer;

  before(async () => {
    sentry = await startFakeSentry();
    server = await startAppServer({ env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'e2e' } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await sentry?.close();
  });

  it('a leads remote that needs a newer @crm/shared is not mounted: the panel names the versions, documents keep working', async () => {
    const context = await browser.newContext();
    // The leads build as deployed, but recorded as built against a shared this host does not have.
    let built: { version: string; commit: string; sharedRange: string } | undefined;
    await context.route(LEADS_MANIFEST, async (route) => {
      const response = await route.fetch();
      const manifest = await response.json();
      manifest.metaData.remoteBuild.sharedRange = '^99.0.0';
      built = manifest.metaData.remoteBuild;
      await route.fulfill({ response, json: manifest });
    });
    const page = await newPage(context);
    const preloadErrors = await collectPreloadErrors(page);
    await login(page, server.baseUrl);
    await navigate(page, server.baseUrl, '/leads/list');

    const panel = page.getByTestId('module-failure').getByRole('alert');
    await panel.getByRole('heading', { name: 'remote_leads was built for another version of the app' }).waitFor();
    assert.ok(built, 'the leads manifest was served');
    const provided = (await (await fetch(`${server.baseUrl}/build/remotes/documents/mf-manifest.json`)).json()).metaData.remoteBuild
      .sharedRange.match(/^>=(\S+)/)[1];
    const text = await panel.textContent();
    assert.match(text!, new RegExp(`remote_leads ${built.version} \\(commit ${built.commit.slice(0, 12)}\\) was built for @crm/shared \\^99\\.0\\.0`));
    assert.match(text!, /Tell the team that owns remote_leads\./);
    assert.ok(await page.getByRole('navigation').first().isVisible(), 'the layout stays in place');

    const [raised] = await preloadErrors();
    assert.deepEqual(raised.source, 'remote_leads');
    assert.equal(raised.moduleId, 'remote_leads/leads-list-page');
    assert.equal(raised.versions?.shared_required, '^99.0.0');
    assert.equal(raised.versions?.remote_version, built.version);
    // Shared's version as the bundled remotes were built against it: the same as the host's.
    assert.equal(raised.versions?.shared_provided, provided);

    const event = await sentry.waitForEvent((e) => (e.tags as Record<string, string> | undefined)?.failure === 'incompatible', 20_000);
    const tags = event.tags as Record<string, string>;
    assert.deepEqual(
      { remote: tags.remote, remote_version: tags.remote_version, shared_required: tags.shared_required, shared_provided: tags.shared_provided },
      { remote: 'remote_leads', remote_version: built.version, shared_required: '^99.0.0', shared_provided: provided },
    );

    // Documents, another remote, mount in the same page session and raise nothing.
    await page.getByRole('link', { name: 'Document categories' }).click();
    await page.getByRole('heading', { name: 'Категории документов' }).first().waitFor();
    assert.equal((await preloadErrors()).length, 1, 'only the incompatible remote raised preload-error');
    await context.close();
  });
});
