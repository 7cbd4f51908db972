import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { DataEnvelope, remoteSchema } from '@crm/shared/schemas';
import { repoRoot } from '../support/app-server';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import { collectPageErrors } from '../support/page-errors';
import { startStaticOrigin, type StaticOrigin } from '../support/static-origin';

const MANAGER = { email: 'manager@example.com', password: 'demo-password' };
const BUNDLED_LEADS = '/build/remotes/leads/mf-manifest.json';
/** The second build's version: today's leads build, recorded as another release by the server that deploys it. */
const NEXT_VERSION = '0.1.1-next';

type RemoteRow = DataEnvelope<typeof remoteSchema>['data'];

/** Calls the registry as the page's signed-in user. */
async function registry(page: Page, base: string, method: 'PUT' | 'POST', apiPath: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.fetch(`${base}/api${apiPath}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  return { status: res.status(), json: (await res.json()) as { data: RemoteRow; errors?: Record<string, string[]> } };
}

/** The manifest URLs a page asked for, in order (the host reads each remote's manifest before loading it). */
function recordManifestRequests(page: Page): () => string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mf-manifest.json')) urls.push(request.url());
  });
  return () => [...urls];
}

/** Marks the page's document: a reload starts a new one without the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('a remote switched through the registry while two browsers have the app open', () => {
  const app = useAppAndBrowser({ seedDemo: true, env: { DEMO_LEADS: '10' } });
  let cdn: StaticOrigin;

  before(async () => {
    // Another origin serving a second build of the leads remote, and the broken manifests a switch must refuse.
    const leadsDist = path.join(repoRoot, 'remote-leads/dist');
    cdn = await startStaticOrigin({
      mounts: { '/leads/': leadsDist, '/wrong-name/': path.join(repoRoot, 'remote-admin/dist') },
      answer: async (pathname, read) => {
        if (pathname === '/leads/mf-manifest.json') {
          const manifest = JSON.parse((await read(pathname))!);
          manifest.metaData.remoteBuild.version = NEXT_VERSION;
          return { status: 200, body: JSON.stringify(manifest), type: 'application/json' };
        }
        if (pathname === '/not-json/mf-manifest.json') return { status: 200, body: '<!doctype html><title>CDN</title>', type: 'text/html' };
        return null;
      },
    });
  });
  after(async () => {
    await cdn?.close();
  });

  it('B is told of a switch and of a rollback without a reload, reloads into each build, and keeps a dirty form', async () => {
    const base = app.server.baseUrl;
    const a = await newPage(await app.browser.newContext());
    const b = await newPage(await app.browser.newContext());
    const bErrors = collectPageErrors(b);
    const bManifests = recordManifestRequests(b);
    await login(a, base);
    await login(b, base, MANAGER);
    for (const page of [a, b]) {
      await navigate(page, base, '/leads/list');
      await page.getByRole('button', { name: 'Добавить лида' }).waitFor();
    }
    await b.getByRole('status', { name: 'Live updates: connected' }).waitFor();
    const notice = b.getByRole('status', { name: 'New version available' });

    // A broken manifest is refused with the reason, and nothing changes for anyone.
    const refusals = {
      [`${cdn.origin}/missing/mf-manifest.json`]: 'The manifest could not be fetched: it answered 404',
      [`${cdn.origin}/not-json/mf-manifest.json`]: 'The manifest is not JSON',
      [`${cdn.origin}/wrong-name/mf-manifest.json`]: 'The manifest is for remote_admin, not remote_leads',
    };
    for (const [entry, reason] of Object.entries(refusals)) {
      const refused = await registry(a, base, 'PUT', '/remotes/leads', { entry });
      assert.equal(refused.status, 422, entry);
      assert.deepEqual(refused.json.errors, { entry: [reason] });
    }
    const served = async () => ((await (await fetch(`${base}/build/remotes.json`)).json()) as { remotes: { name: string; entry: string }[] }).remotes;
    assert.equal((await served()).find((r) => r.name === 'remote_leads')?.entry, BUNDLED_LEADS);
    // A real switch of another remote afterwards: B's notice names only that one, so the refused ones sent nothing
    // (events on the channel arrive in order).
    assert.equal((await registry(a, base, 'PUT', '/remotes/documents', { entry: '/build/remotes/documents/mf-manifest.json' })).status, 200);
    await notice.getByText('A new version of Documents is available — reload to use it.').waitFor();
    await notice.getByRole('button', { name: 'Later' }).click();
    await notice.waitFor({ state: 'detached' });

    // A switches leads to the build on the other origin: B hears of it and does not reload by itself.
    await markDocument(b);
    const switched = await registry(a, base, 'PUT', '/remotes/leads', { entry: `${cdn.origin}/leads/mf-manifest.json` });
    assert.equal(switched.status, 200);
    assert.equal(switched.json.data.version, NEXT_VERSION);
    await notice.getByText('A new version of Leads is available — reload to use it.').waitFor();
    assert.ok(await sameDocument(b), 'no reload on its own');
    assert.deepEqual(bManifests().filter((url) => url.startsWith(cdn.origin)), [], 'B still runs the build it loaded');

    // B reloads from the notice: the new build is what loads.
    await Promise.all([b.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
    await b.getByRole('button', { name: 'Добавить лида' }).waitFor();
    // The reloaded page subscribes anew: A's next change must not go out before B listens again.
    await b.getByRole('status', { name: 'Live updates: connected' }).waitFor();
    await b.waitForLoadState('networkidle');
    assert.ok(bManifests().includes(`${cdn.origin}/leads/mf-manifest.json`), 'the manifest came from the new origin');
    assert.ok(cdn.requests().includes('/leads/remoteEntry.js'), "the new build's entry was loaded");

    // A rolls back: B is told again and reloads into the bundled build.
    const rolledBack = await registry(a, base, 'POST', '/remotes/leads/rollback');
    assert.equal(rolledBack.status, 200);
    assert.equal(rolledBack.json.data.entry, BUNDLED_LEADS);
    await notice.getByText('A new version of Leads is available — reload to use it.').waitFor();
    const beforeReload = bManifests().length;
    await Promise.all([b.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
    await b.getByRole('button', { name: 'Добавить лида' }).waitFor();
    // The reloaded page subscribes anew: A's next change must not go out before B listens again.
    await b.getByRole('status', { name: 'Live updates: connected' }).waitFor();
    await b.waitForLoadState('networkidle');
    const afterReload = bManifests().slice(beforeReload);
    assert.ok(afterReload.includes(`${base}${BUNDLED_LEADS}`), 'the bundled manifest again');
    assert.deepEqual(afterReload.filter((url) => url.startsWith(cdn.origin)), [], 'nothing from the rolled-back origin');

    // B is filling in a form when A switches again: the notice comes, the form and its text stay.
    await b.getByRole('button', { name: 'Добавить лида' }).click();
    await b.getByLabel('Фамилия').fill('Черновик');
    await markDocument(b);
    const url = b.url();
    assert.equal((await registry(a, base, 'PUT', '/remotes/leads', { entry: `${cdn.origin}/leads/mf-manifest.json` })).status, 200);
    await notice.getByText('A new version of Leads is available — reload to use it.').waitFor();
    assert.equal(await b.getByLabel('Фамилия').inputValue(), 'Черновик');
    assert.ok(await sameDocument(b), 'no reload on its own');
    assert.equal(b.url(), url);

    assert.deepEqual(bErrors(), [], 'no uncaught error and no console error in B');
  });
});
