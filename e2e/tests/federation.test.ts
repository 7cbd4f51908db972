import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAppServer } from '../support/app-server';
import { launchBrowser, login, navigate, newPage } from '../support/browser';

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
      const preloadErrors: string[] = [];
      page.on('console', (m) => preloadErrors.push(m.text()));
      await page.addInitScript(() => {
        window.addEventListener('preload-error', () => {
          (window as unknown as { __preloadErrors: number }).__preloadErrors =
            ((window as unknown as { __preloadErrors?: number }).__preloadErrors ?? 0) + 1;
        });
      });
      await login(page, server.baseUrl);
      await navigate(page, server.baseUrl, '/document-category/list');
      const alert = page.getByRole('alert').filter({ hasText: /remote_documents|documents/i });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Retry' }).waitFor();
      assert.ok(await page.getByRole('navigation').first().isVisible(), 'the layout stays in place');
      const raised = await page.evaluate(() => (window as unknown as { __preloadErrors?: number }).__preloadErrors ?? 0);
      assert.ok(raised >= 1, 'a preload-error event is raised');

      // Another area, served by another remote, still works in the same page session.
      await page.getByRole('link', { name: /lead statuses/i }).click();
      await page.getByRole('row', { name: /Новый/ }).waitFor();
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
      await login(page, server.baseUrl);
      await navigate(page, server.baseUrl, '/lead-status/list');
      await page.getByRole('row', { name: /Новый/ }).waitFor();
      // Client-side navigation keeps one page session, so all three remotes load into it.
      await page.getByRole('link', { name: /comment steps/i }).click();
      await page.getByRole('heading', { name: /comment steps/i }).first().waitFor();
      await page.getByRole('link', { name: /document categories/i }).click();
      await page.getByRole('heading', { name: 'Категории документов' }).first().waitFor();
      const count = await page.evaluate(
        () => ((window as unknown as Record<string, { renderers: Map<number, unknown> }>).__REACT_DEVTOOLS_GLOBAL_HOOK__).renderers.size,
      );
      assert.equal(count, 1, 'exactly one react-dom registered across host and three remotes');
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
