import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { fillLogin, login, navigate, newPage, useAppAndBrowser } from '../support/browser';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A one-page PDF with a correct cross-reference table, padded by an unused stream so its upload takes a moment. */
function pdf(padding: number): Buffer {
  const content = 'BT /F1 24 Tf 72 720 Td (Hello e2e) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Length ${padding} >>\nstream\n${'0'.repeat(padding)}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type ShareScopes = Record<string, Record<string, Record<string, { loaded?: boolean; loading?: unknown }>>>;

/** Whether the page's federation runtime has fetched the host's classic `@crm/shared/schemas` (classic zod with it). */
function classicSchemasLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__: { shareScopeMap: ShareScopes }[] } }).__FEDERATION__;
    if (!federation) throw new Error('no federation runtime on the page');
    return federation.__INSTANCES__.some((instance) =>
      Object.values(instance.shareScopeMap.default?.['@crm/shared/schemas'] ?? {}).some((share) => Boolean(share.loaded || share.loading)),
    );
  });
}

describe('documents', () => {
  const app = useAppAndBrowser();

  // Decision 080: the list parses its URL, rows and categories with @crm/shared/schemas/mini; classic zod waits for a form.
  it('the list draws its categories and rows without loading classic zod; the form loads it', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);
    const rows = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/document' && response.ok());
    await navigate(page, app.server.baseUrl, '/document/list');
    await rows;
    await page.getByRole('link', { name: /Общие/ }).waitFor();
    await page.getByRole('heading', { name: 'Документы' }).waitFor();
    assert.equal(await classicSchemasLoaded(page), false);

    await page.getByRole('button', { name: 'Добавить документ' }).click();
    await page.getByRole('heading', { name: 'Добавить документ' }).waitFor();
    assert.equal(await classicSchemasLoaded(page), true);
    await context.close();
  });

  it('create with links, upload a PNG and a PDF with progress, preview them, delete a file, find it by a Russian word form', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await login(page, app.server.baseUrl);

    // Create, with a link.
    await navigate(page, app.server.baseUrl, '/document/create');
    await page.getByRole('heading', { name: 'Добавить документ' }).waitFor();
    await page.getByLabel('Название').fill('Памятка e2e');
    // The kit Select, as a keyboard user opens it: focus, ↓, pick.
    await page.getByLabel('Категория', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').getByRole('option', { name: 'Общие', exact: true }).click();
    await page.getByRole('textbox', { name: 'Текст' }).click();
    await page.keyboard.type('Все договоры поставки хранятся в архиве.');
    await page.getByRole('button', { name: 'Добавить ссылку' }).click();
    await page.getByLabel('Ссылка 1').fill('https://example.com/e2e');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/build\/document\/list$/);

    // The view page: the link opens in a new tab without an opener.
    await page.getByRole('link', { name: 'Памятка e2e' }).click();
    await page.waitForURL(/\/build\/document\/\d+-view$/);
    const link = page.getByRole('link', { name: 'https://example.com/e2e' });
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');

    // Edit: files upload one at a time with their own progress bar (the upload is throttled to watch it).
    await page.getByRole('button', { name: 'Редактировать' }).click();
    await page.waitForURL(/\/build\/document\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Редактировать документ' }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf(400 * 1024) },
      { name: 'image.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('просто текст') },
    ]);
    const progress = page.getByRole('progressbar', { name: 'Загрузка report.pdf' });
    await progress.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Загрузка report.pdf"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      return value > 0 && value < 100;
    });
    const cards = page.getByRole('list', { name: 'Файлы документа' });
    for (const name of ['report.pdf', 'image.png', 'notes.txt']) await cards.getByRole('listitem', { name, exact: true }).waitFor({ timeout: 30_000 });
    await progress.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Preview: the image inline, the PDF in a frame on its signed URL, the text file not at all.
    await page.getByRole('button', { name: 'Просмотр image.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'image.png' });
    const image = dialog.getByRole('img', { name: 'image.png' });
    await image.waitFor();
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.naturalWidth === 1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const pdfResponse = page.waitForResponse((response) => /\/api\/files\/[0-9a-f]{32}\/report\.pdf\?/.test(response.url()));
    await page.getByRole('button', { name: 'Просмотр report.pdf' }).click();
    await page.getByRole('dialog', { name: 'report.pdf' }).locator('iframe[title="report.pdf"][height="800"]').waitFor();
    const served = await pdfResponse;
    assert.equal(served.status(), 200);
    assert.equal(served.headers()['content-type'], 'application/pdf');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Просмотр notes.txt' }).click();
    await page.getByRole('dialog', { name: 'notes.txt' }).getByText('Тип файла не поддерживается для предпросмотра').waitFor();
    await page.keyboard.press('Escape');

    // Delete a file after a question that names it: it leaves the list at once (the request waits for Отменить).
    await page.getByRole('button', { name: 'Удалить notes.txt' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Удалить файл «notes.txt»?' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await cards.getByRole('listitem', { name: 'notes.txt', exact: true }).waitFor({ state: 'detached' });

    // Search by another form of a word in the body.
    await navigate(page, app.server.baseUrl, '/document/list');
    await page.getByLabel('Поиск').fill('договор');
    await page.waitForURL(/search=/);
    const row = page.getByRole('row', { name: /Памятка e2e/ });
    await row.waitFor();
    assert.equal(await row.locator('mark').first().textContent(), 'договоры');
    await context.close();
  });

  it('works in remote-documents standalone, served at /build/remotes/documents/', async () => {
    const context = await app.browser.newContext();
    const page = await newPage(context);
    await page.goto(`${app.server.baseUrl}/build/remotes/documents/document/list`);
    await fillLogin(page);
    await page.getByRole('navigation', { name: 'Категории документов' }).getByRole('link', { name: /Общие/ }).waitFor();
    await context.close();
  });
});
