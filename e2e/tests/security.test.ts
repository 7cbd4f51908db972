import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { apiGet } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataEnvelope, DataListEnvelope, leadDetailSchema, leadStatusSchema } from '@crm/shared/schemas';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Another site on a second local port: it serves a page that frames the app, and an image, and remembers every
 * request it gets (so a test can tell whether a browser showing the app ever called it).
 */
async function startOtherSite(appUrl: string): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/frame.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Другой сайт</title><iframe title="app" src="${appUrl}/build/login" width="800" height="600"></iframe>`);
    } else {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // "localhost" vs the app's 127.0.0.1, and another port: another origin and another site.
  return { url: `http://localhost:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every CSP violation a page reports, kept on the window so a test can read them. */
async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      console.warn(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('accessToken')))!;
}

describe('security headers and the CSP, in Chromium', () => {
  const app = useAppAndBrowser({ seedDemo: true, env: { API_DOCS: 'auth' } });
  let other: Awaited<ReturnType<typeof startOtherSite>>;
  before(async () => {
    other = await startOtherSite(app.server.baseUrl);
  });
  after(() => other?.close());

  it('a page of another site cannot frame the app', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    const refused = page.waitForEvent('console', { predicate: (message) => message.text().includes("frame-ancestors 'none'") });
    await page.goto(`${other.url}/frame.html`);
    await refused;
    const frames = page.frames().filter((frame) => frame !== page.mainFrame());
    assert.equal(frames.length, 1);
    assert.equal(await frames[0].locator('input').count(), 0, 'no sign-in form inside the frame');
    assert.ok(console.some((line) => line.startsWith(`Framing '${app.server.baseUrl}/' violates`)), console.join('\n'));
    await context.close();
  });

  it("a note with another site's image makes readers' browsers call nobody", async () => {
    const context = await app.browser.newContext();
    await recordViolations(context);
    const page = await newPage(context);
    page.on('console', (m) => m.text().startsWith('CSP violation') && process.stderr.write(`${m.text()}\n`));
    const base = app.server.baseUrl;
    await login(page, base);
    const statuses = await apiGet<DataListEnvelope<typeof leadStatusSchema>>(page, base, '/lead-status');
    const created = await page.request.post(`${base}/api/leads`, {
      headers: { Authorization: `Bearer ${await token(page)}` },
      data: {
        surname: 'Картинкин',
        firstname: 'Пиксель',
        patronymic: '',
        phone: '+7 912 765 43 21',
        status_id: statuses.data[0].id,
        users: [],
        additional_info: `<p>Заметка с чужой картинкой</p><p><img src="${other.url}/tracker.png?lead=1" alt="чужая"></p>`,
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const lead = ((await created.json()) as DataEnvelope<typeof leadDetailSchema>).data;
    assert.doesNotMatch(lead.additional_info, /localhost:\d+|<img/, 'the outside image was not stored');

    await navigate(page, base, `/leads/${lead.id}`);
    await page.getByText('Заметка с чужой картинкой').waitFor();
    await navigate(page, base, `/leads/${lead.id}/edit`);
    await page.getByText('Заметка с чужой картинкой').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(other.requests.filter((url) => url.startsWith('/tracker.png')), []);

    // Should one ever get into a page anyway, the CSP stops the browser from fetching it.
    await page.evaluate((src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
    }, `${other.url}/slipped-through.png`);
    await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
    assert.deepEqual(await violations(page), [`img-src ${other.url}/slipped-through.png`]);
    assert.deepEqual(other.requests.filter((url) => url.startsWith('/slipped-through.png')), []);
    await context.close();
  });

  it('the app works under its CSP: one inline script, allowed by its hash; nothing refused in the shell, the editor, a standalone remote', async () => {
    const base = app.server.baseUrl;
    const answer = await fetch(`${base}/build/login`);
    const csp = answer.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
    assert.doesNotMatch(scriptSrc, /'unsafe-inline'/);
    const html = await answer.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.some(([, attributes]) => /\ssrc=/.test(attributes)));
    // The only inline script is the pre-paint one (theme and language before the first paint, decision 039), and the
    // policy names exactly its text's hash, so any other inline script would be refused.
    // A data block (`type="application/json"`, the inlined remotes manifest) is never run, so the CSP does not apply.
    const inline = scripts.filter(([, attributes]) => !/\ssrc=/.test(attributes) && !/\stype="application\/json"/.test(attributes));
    assert.equal(inline.length, 1, `inline scripts in the page: ${inline.map(([tag]) => tag.slice(0, 80)).join(', ')}`);
    const hash = createHash('sha256').update(inline[0][2]).digest('base64');
    assert.ok(scriptSrc.includes(`'sha256-${hash}'`), `the pre-paint script's hash is not in ${scriptSrc}`);

    const context = await app.browser.newContext();
    await recordViolations(context);
    const page = await newPage(context);
    await login(page, base);
    await navigate(page, base, '/leads/list');
    await page.getByRole('heading', { name: 'Лиды', exact: true }).waitFor();
    await page.getByRole('cell', { name: /^\+7/ }).first().waitFor();
    await navigate(page, base, '/leads/create');
    await page.getByRole('heading', { name: 'Добавить лида' }).waitFor();
    // An image uploaded through the editor shows (img-src 'self').
    await page.getByRole('textbox', { name: 'Общие заметки по Лиду' }).click();
    await page.getByRole('button', { name: 'Вставить изображение' }).click();
    await page.getByLabel('Файл изображения').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    const image = page.getByRole('textbox', { name: 'Общие заметки по Лиду' }).locator('img');
    await image.waitFor();
    assert.match((await image.getAttribute('src')) ?? '', /^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    await page.waitForFunction((img) => (img as HTMLImageElement).naturalWidth === 1, await image.elementHandle());
    assert.deepEqual(await violations(page), []);

    const standalone = await newPage(context);
    // Same origin, same stored session: the standalone remote opens signed in.
    await standalone.goto(`${base}/build/remotes/leads/leads/list`);
    await standalone.getByRole('row').filter({ has: standalone.getByRole('cell', { name: /^\+7/ }) }).first().waitFor();
    assert.deepEqual(await violations(standalone), []);
    await context.close();
  });

  it('API docs (API_DOCS=auth): swagger-ui works under the CSP and reads the spec with the signed-in user’s token', async () => {
    const base = app.server.baseUrl;
    const anonymous = await app.browser.newContext();
    const outsider = await newPage(anonymous);
    await outsider.goto(`${base}/api/docs/`);
    await outsider.getByText(/Failed to load API definition/).waitFor();
    await anonymous.close();

    const context = await app.browser.newContext();
    await recordViolations(context);
    const page = await newPage(context);
    await login(page, base);
    await page.goto(`${base}/api/docs/`);
    await page.getByRole('heading', { name: /CRM API/ }).waitFor();
    // swagger-ui renders the tags as they scroll into view: scroll until the leads' import report shows.
    const report = page.getByText('/api/leads/import/{id}/report').first();
    for (let i = 0; i < 40 && !(await report.isVisible()); i += 1) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(100);
    }
    await report.waitFor();
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
});
