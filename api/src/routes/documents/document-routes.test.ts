import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { bearer, buildTestApp, storageDrivers, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createUser } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** Every file the storage holds, previews included: the bucket's objects, or the files under DATA_DIR/files. */
async function storedFiles(t: TestApp, dataDir: string): Promise<string[]> {
  if (t.s3) return t.s3.keys();
  const root = path.join(dataDir, 'files');
  try {
    return readdirSync(root).flatMap((folder) => readdirSync(path.join(root, folder)));
  } catch {
    return [];
  }
}

for (const [driver, storage] of testDrivers().flatMap((d) => storageDrivers().map((s) => [d, s] as const))) {
  describe(`documents (${driver}, ${storage} files)`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let dataDir: string;
    let categoryId: number;

    before(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-documents-'));
      t = await buildTestApp({ driver, storage, env: { DATA_DIR: dataDir, MAX_UPLOAD_MB: '1' } });
      admin = bearer(await t.login());
      categoryId = (await t.app.inject({ method: 'GET', url: '/api/document-category', headers: admin })).json().data[0].id;
    });
    after(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const create = (payload: Record<string, unknown>, headers = admin) =>
      t.app.inject({ method: 'POST', url: '/api/document', headers, payload: { category_id: categoryId, ...payload } });
    const get = (id: number, headers = admin) => t.app.inject({ method: 'GET', url: `/api/document/${id}`, headers });
    const list = (query: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/document?${query}`, headers });
    const upload = (documentId: number | string, content: Buffer | string, filename: string, contentType = 'application/octet-stream', headers = admin) => {
      const form = multipart({ document_id: String(documentId) }, { field: 'file[]', filename, content, contentType });
      return t.app.inject({ method: 'POST', url: '/api/document/add-media', headers: { ...headers, ...form.headers }, payload: form.payload });
    };
    const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url });

    const asRole = async (role: string, rules: { action: 'view' | 'create' | 'edit' | 'delete'; subject: 'document' | 'document-category' }[]) => {
      await createRole(t, role, rules);
      return bearer(await (await createUser(t, { email: `${role.toLowerCase()}-${driver}-${storage}@test.local`, role })).token());
    };

    test('create, read, update with version, 409 on a stale version, delete', async () => {
      const created = await create({ title: '  Регламент  ', text: '<p>Текст</p>', links: ['https://example.com/a', 'http://example.org'] });
      assert.equal(created.statusCode, 201, created.body);
      const doc = created.json().data;
      assert.equal(doc.title, 'Регламент');
      assert.deepEqual(doc.links, ['https://example.com/a', 'http://example.org']);
      assert.deepEqual(doc.files, []);
      assert.equal(doc.version, 1);
      assert.equal(doc.created_by.name.length > 0, true);

      const read = await get(doc.id);
      assert.equal(read.statusCode, 200);
      assert.deepEqual(read.json().data, doc);

      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/document/${doc.id}`,
        headers: admin,
        payload: { title: 'Регламент 2', category_id: categoryId, text: '<p>Новый</p>', links: [], version: 1 },
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.deepEqual([updated.json().data.title, updated.json().data.version, updated.json().data.links], ['Регламент 2', 2, []]);

      const stale = await t.app.inject({
        method: 'PUT',
        url: `/api/document/${doc.id}`,
        headers: admin,
        payload: { title: 'Старое', category_id: categoryId, text: '', links: [], version: 1 },
      });
      assert.equal(stale.statusCode, 409);
      assert.equal(stale.json().code, 'DOCUMENT_VERSION_CONFLICT');
      assert.equal(stale.json().conflict.version, 2);

      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/document/${doc.id}`, headers: admin });
      assert.equal(deleted.statusCode, 200);
      assert.equal((await get(doc.id)).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/document/${doc.id}`, headers: admin })).statusCode, 404);
    });

    test('changes are announced on the documents channel with ids only; a deletion is in the audit log', async () => {
      const published: { channels: string[]; event: string; data: unknown }[] = [];
      t.app.realtime.onPublish((event) => published.push(event));
      const doc = (await create({ title: 'Объявляемый', text: '<p>Секретный текст</p>', links: [] })).json().data;
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/document/${doc.id}`,
        headers: admin,
        payload: { title: 'Объявляемый 2', category_id: categoryId, text: '', links: [], version: 1 },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/document/${doc.id}`, headers: admin })).statusCode, 200);
      await new Promise((resolve) => setImmediate(resolve));
      const events = published.filter((e) => e.event === 'document.changed');
      assert.deepEqual(
        events.map((e) => [e.channels, e.data]),
        [
          [['private-documents'], { type: 'created', ids: [doc.id] }],
          [['private-documents'], { type: 'updated', ids: [doc.id] }],
          [['private-documents'], { type: 'deleted', ids: [doc.id] }],
        ],
      );
      const audit = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=document.delete', headers: admin });
      assert.equal(audit.statusCode, 200, audit.body);
      const [entry] = audit.json().data;
      assert.equal(entry.subject_id, String(doc.id));
      assert.equal(entry.before.title, 'Объявляемый 2');
    });

    test('422 names every failing field at once: title, category_id, text, links.N; an update needs its version', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/document',
        headers: admin,
        payload: { title: ' ', category_id: 999999, text: 5, links: ['https://ok.example', 'javascript:alert(1)', 'ftp://x'] },
      });
      assert.equal(response.statusCode, 422);
      const errors = response.json().errors;
      assert.deepEqual(Object.keys(errors).sort(), ['category_id', 'links.1', 'links.2', 'text', 'title']);
      assert.deepEqual(errors.category_id, ['Категория не найдена']);

      const tooMany = await create({ title: 'X', links: Array.from({ length: 51 }, (_, i) => `https://e.example/${i}`) });
      assert.deepEqual(Object.keys(tooMany.json().errors), ['links']);

      const id = (await create({ title: 'Без версии' })).json().data.id;
      const noVersion = await t.app.inject({ method: 'PUT', url: `/api/document/${id}`, headers: admin, payload: { title: 'Y', category_id: categoryId } });
      assert.equal(noVersion.statusCode, 422);
      assert.deepEqual(Object.keys(noVersion.json().errors), ['version']);
      assert.equal((await t.app.inject({ method: 'PUT', url: '/api/document/999999', headers: admin, payload: { title: 'Y', category_id: categoryId, version: 1 } })).statusCode, 404);
    });

    test('scripts and event handlers are removed from the text', async () => {
      const doc = (await create({ title: 'XSS', text: '<p onclick="steal()">Привет<script>alert(1)</script><img src="x" onerror="alert(1)"></p><a href="javascript:alert(1)">ссылка</a>' })).json().data;
      assert.doesNotMatch(doc.text, /script|onclick|onerror|javascript:/i);
      assert.match(doc.text, /Привет/);
    });

    test('401 without a token; 403 by ability: view, create (links need edit), edit, delete', async () => {
      const doc = (await create({ title: 'Права' })).json().data;
      assert.equal((await list('')).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/document' })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/document/${doc.id}` })).statusCode, 401);

      const nobody = await asRole('DocNobody', []);
      const reader = await asRole('DocReader', [{ action: 'view', subject: 'document' }]);
      const creator = await asRole('DocCreator', [{ action: 'view', subject: 'document' }, { action: 'create', subject: 'document' }]);
      const editor = await asRole('DocEditor', [{ action: 'view', subject: 'document' }, { action: 'edit', subject: 'document' }]);

      assert.equal((await list('', nobody)).statusCode, 403);
      assert.equal((await get(doc.id, nobody)).statusCode, 403);
      assert.equal((await get(doc.id, reader)).statusCode, 200);
      assert.equal((await create({ title: 'R' }, reader)).statusCode, 403);
      assert.equal((await create({ title: 'C' }, creator)).statusCode, 201);
      assert.equal((await create({ title: 'C', links: ['https://a.example'] }, creator)).statusCode, 403);
      const put = (headers: Record<string, string>) =>
        t.app.inject({ method: 'PUT', url: `/api/document/${doc.id}`, headers, payload: { title: 'E', category_id: categoryId, version: doc.version } });
      assert.equal((await put(creator)).statusCode, 403);
      assert.equal((await upload(doc.id, PNG, 'a.png', 'image/png', creator)).statusCode, 403);
      assert.equal((await upload(doc.id, PNG, 'a.png', 'image/png', editor)).statusCode, 201);
      assert.equal((await put(editor)).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/document/${doc.id}`, headers: editor })).statusCode, 403);
    });

    test('files: a PNG gets a thumbnail; served by signed URLs with safe headers; removing deletes the bytes', async () => {
      const doc = (await create({ title: 'Файлы' })).json().data;
      const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0D9394' } }).png().toBuffer();
      const response = await upload(doc.id, image, 'фото.gif', 'image/gif');
      assert.equal(response.statusCode, 201, response.body);
      const file = response.json().data;
      assert.deepEqual(Object.keys(file).sort(), ['file_name', 'id', 'mime', 'preview', 'size', 'url']);
      assert.deepEqual([file.file_name, file.size, file.mime], ['фото.gif', image.length, 'image/png']);
      assert.match(file.url, /^\/api\/files\/[0-9a-f]{32}\/%D1%84%D0%BE%D1%82%D0%BE\.gif\?/);

      const served = await fetchUrl(file.url);
      assert.equal(served.statusCode, 200);
      assert.ok(served.rawPayload.equals(image));
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.match(served.headers['content-disposition'] as string, /^inline; /);
      assert.match(served.headers['content-security-policy'] as string, /sandbox/);

      const preview = await fetchUrl(file.preview);
      assert.equal(preview.statusCode, 200);
      const meta = await sharp(preview.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 400, 300]);

      const pdf = (await upload(doc.id, PDF, 'отчёт.pdf')).json().data;
      assert.deepEqual([pdf.mime, pdf.preview], ['application/pdf', null]);
      const pdfServed = await fetchUrl(pdf.url);
      assert.equal(pdfServed.headers['content-type'], 'application/pdf');
      assert.match(pdfServed.headers['content-disposition'] as string, /^inline; /);
      assert.equal(pdfServed.headers['x-frame-options'], 'SAMEORIGIN');

      const detail = (await get(doc.id)).json().data;
      assert.deepEqual(detail.files.map((f: { id: number }) => f.id), [file.id, pdf.id]);
      assert.equal((await storedFiles(t, dataDir)).length >= 3, true);

      const before = (await storedFiles(t, dataDir)).length;
      const removed = await t.app.inject({ method: 'GET', url: `/api/document/remove-media/${file.id}`, headers: admin });
      assert.equal(removed.statusCode, 200);
      assert.equal((await storedFiles(t, dataDir)).length, before - 2);
      assert.equal((await fetchUrl(file.url)).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/document/remove-media/${file.id}`, headers: admin })).statusCode, 404);

      await t.app.inject({ method: 'DELETE', url: `/api/document/${doc.id}`, headers: admin });
      assert.equal((await storedFiles(t, dataDir)).length, before - 3);
    });

    test('hostile files: a path name, HTML sent as PNG, SVG with script never render inline', async () => {
      const doc = (await create({ title: 'Опасные' })).json().data;
      const evil = (await upload(doc.id, HTML, '../../evil.html', 'text/html')).json().data;
      assert.equal(evil.file_name, 'evil.html');
      assert.equal(evil.mime, 'application/octet-stream');
      const evilServed = await fetchUrl(evil.url);
      assert.equal(evilServed.headers['content-type'], 'application/octet-stream');
      assert.match(evilServed.headers['content-disposition'] as string, /^attachment; filename="evil.html"/);
      assert.equal(evilServed.headers['x-content-type-options'], 'nosniff');

      const fake = (await upload(doc.id, HTML, 'image.png', 'image/png')).json().data;
      assert.deepEqual([fake.mime, fake.preview], ['application/octet-stream', null]);
      const fakeServed = await fetchUrl(fake.url);
      assert.notEqual(fakeServed.headers['content-type'], 'image/png');
      assert.match(fakeServed.headers['content-disposition'] as string, /^attachment; /);

      const svg = (await upload(doc.id, SVG, 'pic.svg', 'image/svg+xml')).json().data;
      const svgServed = await fetchUrl(svg.url);
      assert.doesNotMatch(svgServed.headers['content-type'] as string, /svg|html|xml/);
      assert.match(svgServed.headers['content-disposition'] as string, /^attachment; /);
      assert.match(svgServed.headers['content-security-policy'] as string, /sandbox/);
    });

    test('signed URLs: tampered or expired are refused; other names cannot be reached', async () => {
      const doc = (await create({ title: 'Ссылки' })).json().data;
      const file = (await upload(doc.id, PNG, 'a.png')).json().data;
      const url = new URL(file.url, 'http://x');
      const tampered = [
        file.url.replace(/signature=[^&]+/, 'signature=AAAA'),
        file.url.replace('/a.png?', '/a.html?'),
        file.url.replace('type=image%2Fpng', 'type=text%2Fhtml'),
        file.url.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 3600}`),
        `${url.pathname}`,
      ];
      for (const bad of tampered) {
        const response = await fetchUrl(bad);
        assert.equal(response.statusCode, 403, bad);
        assert.match(response.headers['content-type'] as string, /application\/json/);
      }
      const { signFileUrl } = await import('../../storage/signed-url');
      const key = url.pathname.split('/')[3];
      const expired = signFileUrl('/api/files/', t.app.fileUrlSecret, { key, fileName: 'a.png', mime: 'image/png', expires: Math.floor(Date.now() / 1000) - 1 });
      const refused = await fetchUrl(expired);
      assert.equal(refused.statusCode, 403);
      assert.match(refused.json().message, /истёк/);
      const traversal = signFileUrl('/api/files/', t.app.fileUrlSecret, { key: '../../package.json', fileName: 'x', mime: 'image/png', expires: 9999999999 });
      assert.equal((await fetchUrl(traversal)).statusCode, 404);
    });

    test('uploads: 413 over MAX_UPLOAD_MB leaves nothing stored; 422 without a file or document; 404 unknown document', async () => {
      const doc = (await create({ title: 'Большие' })).json().data;
      const before = (await storedFiles(t, dataDir)).length;
      const big = await upload(doc.id, Buffer.alloc(2 * 1024 * 1024, 1), 'big.bin');
      assert.equal(big.statusCode, 413);
      assert.equal(big.json().code, 'PAYLOAD_TOO_LARGE');
      assert.match(big.json().message, /1 МБ/);
      // Just over the limit without a Content-Length precheck hit: the stream is cut off while it is written.
      const justOver = await upload(doc.id, Buffer.alloc(1024 * 1024 + 10, 1), 'over.bin');
      assert.equal(justOver.statusCode, 413);
      assert.equal((await storedFiles(t, dataDir)).length, before);

      const noFile = multipart({ document_id: String(doc.id) });
      const missing = await t.app.inject({ method: 'POST', url: '/api/document/add-media', headers: { ...admin, ...noFile.headers }, payload: noFile.payload });
      assert.deepEqual([missing.statusCode, missing.json().errors], [422, { file: ['Выберите файл'] }]);
      assert.deepEqual((await upload('abc', PNG, 'a.png')).json().errors, { document_id: ['Укажите документ'] });
      assert.equal((await upload(999999, PNG, 'a.png')).statusCode, 404);
      assert.equal((await storedFiles(t, dataDir)).length, before);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/document/add-media', headers: admin, payload: { document_id: 1 } })).statusCode, 415);
    });

    test('search: Russian and English word forms, ranked, with highlighted fragments; file names count', async () => {
      const category = (await t.app.inject({ method: 'POST', url: '/api/document-category', headers: admin, payload: { title: 'Поиск' } })).json().data;
      const mk = async (title: string, text: string) =>
        (await create({ title, text, category_id: category.id })).json().data as { id: number };
      const body = await mk('Памятка', '<p>Все договоры поставки хранятся в архиве.</p>');
      const titled = await mk('Договор аренды', '<p>Условия аренды.</p>');
      const english = await mk('Handbook', '<p>The contracts are signed twice a year.</p>');
      await mk('Прочее', '<p>Ничего общего.</p>');
      const withFile = await mk('Приложения', '<p>Пусто</p>');
      await upload(withFile.id, PDF, 'спецификация.pdf');

      const found = (await list(`search=${encodeURIComponent('договор')}&category_id=${category.id}`)).json();
      assert.deepEqual(found.data.map((d: { id: number }) => d.id), [titled.id, body.id]);
      assert.equal(found.meta.total, 2);
      const fragment = found.data[1].highlight;
      assert.ok(fragment.some((part: { text: string; match: boolean }) => part.match && part.text === 'договоры'), JSON.stringify(fragment));

      const en = (await list(`search=contract&category_id=${category.id}`)).json();
      assert.deepEqual(en.data.map((d: { id: number }) => d.id), [english.id]);
      assert.ok(en.data[0].highlight.some((part: { text: string; match: boolean }) => part.match && part.text === 'contracts'));

      const byFile = (await list(`search=${encodeURIComponent('спецификация')}`)).json();
      assert.deepEqual(byFile.data.map((d: { id: number }) => d.id), [withFile.id]);
      assert.equal(byFile.data[0].files_count, 1);

      const all = (await list(`category_id=${category.id}&sort=title&per_page=5`)).json();
      assert.deepEqual(all.data.map((d: { title: string }) => d.title), ['Handbook', 'Договор аренды', 'Памятка', 'Приложения', 'Прочее']);
      assert.deepEqual(all.meta, { current_page: 1, per_page: 5, total: 5, last_page: 1 });
      assert.equal(all.data[0].highlight, null);
      assert.equal(all.data[0].excerpt, 'The contracts are signed twice a year.');
      assert.equal(all.data[0].category.title, 'Поиск');

      const bad = await list('per_page=7&sort=nope&category_id=x');
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['category_id', 'per_page', 'sort']);
    });

    test('categories: counts, rename, reorder, delete refused while in use or moved', async () => {
      const a = (await t.app.inject({ method: 'POST', url: '/api/document-category', headers: admin, payload: { title: 'A' } })).json().data;
      const b = (await t.app.inject({ method: 'POST', url: '/api/document-category', headers: admin, payload: { title: 'B' } })).json().data;
      const doc = (await create({ title: 'В категории A', category_id: a.id })).json().data;

      const renamed = await t.app.inject({ method: 'PUT', url: `/api/document-category/${a.id}`, headers: admin, payload: { title: 'A2' } });
      assert.deepEqual([renamed.statusCode, renamed.json().data.title, renamed.json().data.documents_count], [200, 'A2', 1]);
      assert.equal((await t.app.inject({ method: 'PUT', url: '/api/document-category/999999', headers: admin, payload: { title: 'Z' } })).statusCode, 404);

      const ids = (await t.app.inject({ method: 'GET', url: '/api/document-category', headers: admin })).json().data.map((c: { id: number }) => c.id);
      const reversed = [...ids].reverse();
      const reordered = await t.app.inject({ method: 'POST', url: '/api/document-category/reorder', headers: admin, payload: { ids: reversed } });
      assert.deepEqual(reordered.json().data.map((c: { id: number }) => c.id), reversed);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/document-category/reorder', headers: admin, payload: { ids: [a.id] } })).statusCode, 422);

      const refused = await t.app.inject({ method: 'DELETE', url: `/api/document-category/${a.id}`, headers: admin });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'CATEGORY_IN_USE');
      assert.match(refused.json().message, /есть документы/);

      const moved = await t.app.inject({ method: 'DELETE', url: `/api/document-category/${a.id}?move_to=${b.id}`, headers: admin });
      assert.equal(moved.statusCode, 200);
      assert.equal((await get(doc.id)).json().data.category_id, b.id);

      const reader = await asRole('CategoryReader', [{ action: 'view', subject: 'document-category' }]);
      assert.equal((await t.app.inject({ method: 'PUT', url: `/api/document-category/${b.id}`, headers: reader, payload: { title: 'Q' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/document-category/reorder', headers: reader, payload: { ids } })).statusCode, 403);
    });
  });
}
