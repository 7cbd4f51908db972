import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillLogin, navigate, newPage, useAppAndBrowser } from '../support/browser';

describe('route guards in the composed app', () => {
  const app = useAppAndBrowser();

  it('sends a visitor to login with `to`, then back to the wanted page after signing in', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await navigate(page, app.server.baseUrl, '/lead-status/list?sort=name');
    await page.waitForURL(/\/build\/login/);
    const url = new URL(page.url());
    assert.equal(url.pathname, '/build/login');
    assert.equal(url.searchParams.get('to'), '/lead-status/list');
    assert.equal(url.searchParams.get('sort'), 'name', 'the original query is kept');

    await fillLogin(page);
    await page.waitForURL((u) => u.pathname === '/build/lead-status/list');
    await page.getByRole('heading', { name: 'Статусы лидов' }).waitFor();
    await context.close();
  });

  it('serves deep links and shows the not-found page for unknown paths', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const response = await page.goto(`${app.server.baseUrl}/build/no/such/page`);
    assert.equal(response?.status(), 200, 'deep links fall back to the host index.html');
    await page.getByText('Page Not Found - 404').waitFor();
    await context.close();
  });

  it('redirects / to /build/', async () => {
    const res = await fetch(`${app.server.baseUrl}/`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/build/');
  });
});
