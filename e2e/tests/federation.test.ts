import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAppServer } from '../support/app-server';
import { launchBrowser, login, navigate, newPage } from '../support/browser';
import { collectPreloadErrors } from '../support/preload-errors';

describe('federation', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('shows an inline error for a remote whose manifest answers 404 while the other areas keep working', async () => {
    const server = await startAppServer({ env: { REMOTE_DOCUMENTS_URL: '/api/no-such-remote/mf-manifest.json' } });
    try {
      const context = await browser.newContext();
      const page = await newPage(context);
      const preloadErrors = await collectPreloadErrors(page);
      await login(page, server.baseUrl);
      await navigate(page, server.baseUrl, '/document-category/list');
      const alert = page.getByRole('alert').filter({ hasText: 'Could not load remote_documents' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Retry' }).waitFor();
      assert.ok(await page.getByRole('navigation').first().isVisible(), 'the layout stays in place');
      const documentsFailed = { source: 'remote_documents', moduleId: 'remote_documents/document-category-list-page' };
      assert.deepEqual(await preloadErrors(), [documentsFailed], 'one preload-error, naming the remote that failed');

      // Another area, served by another remote, still works in the same page session, and raises nothing.
      await page.getByRole('link', { name: 'Lead statuses' }).click();
      await page.getByRole('row', { name: /Новый/ }).waitFor();
      assert.deepEqual(await preloadErrors(), [documentsFailed], 'the working remote raised no preload-error');
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it('runs host and remotes on one React instance', async () => {
    const server = await startAppServer();
    try {
      const context = await browser.newContext();
      const page = await newPage(context);
      // Every copy of react-dom registers itself with the DevTools hook when it loads: count the registrations.
      await page.addInitScript(() => {
        let id = 0;
        const renderers = new Map<number, unknown>();
        (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          renderers,
          supportsFiber: true,
          isDisabled: false,
          inject(renderer: unknown) {
            id += 1;
            renderers.set(id, renderer);
            return id;
          },
          onScheduleFiberRoot() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        };
      });
      const preloadErrors = await collectPreloadErrors(page);
      await login(page, server.baseUrl);
      await navigate(page, server.baseUrl, '/lead-status/list');
      await page.getByRole('row', { name: /Новый/ }).waitFor();
      // Client-side navigation keeps one page session, so all three remotes load into it.
      await page.getByRole('link', { name: /comment steps/i }).click();
      await page.getByRole('heading', { name: 'Шаги комментариев' }).first().waitFor();
      await page.getByRole('link', { name: /document categories/i }).click();
      await page.getByRole('heading', { name: 'Категории документов' }).first().waitFor();
      const count = await page.evaluate(
        () => ((window as unknown as Record<string, { renderers: Map<number, unknown> }>).__REACT_DEVTOOLS_GLOBAL_HOOK__).renderers.size,
      );
      assert.equal(count, 1, 'exactly one react-dom registered across host and three remotes');
      assert.deepEqual(await preloadErrors(), [], 'every remote loaded: no preload-error');
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it("fetches no remote's own i18next: the lead form's kit parts run on the host's copy", async () => {
    const server = await startAppServer();
    try {
      // The leads remote's fallback copy of i18next, as its manifest names it (fetched only when no host offers one).
      const manifest = (await (await fetch(`${server.baseUrl}/build/remotes/leads/mf-manifest.json`)).json()) as {
        shared: { name: string; assets: { js: { sync: string[] } } }[];
      };
      const ownCopy = manifest.shared.find((shared) => shared.name === 'i18next')?.assets.js.sync ?? [];
      assert.ok(ownCopy.length > 0, 'the remote builds its own i18next for its standalone shell');

      const context = await browser.newContext();
      const page = await newPage(context);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await login(page, server.baseUrl);
      await navigate(page, server.baseUrl, '/leads/create');
      await page.getByRole('heading', { name: 'Добавить лида' }).waitFor();
      // The responsible users' multi-select is the kit's, its texts read through the kit's own i18next instance.
      const users = page.getByRole('combobox', { name: 'Ответственные' });
      await users.fill('zzzz');
      await page.getByRole('listbox').filter({ hasText: 'Нет вариантов' }).waitFor();
      await page.waitForLoadState('networkidle');
      const fetched = scripts.filter((script) => ownCopy.some((file) => script.endsWith(`/remotes/leads/${file}`)));
      assert.deepEqual(fetched, [], "the remote's i18next is never fetched next to the host's");
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
