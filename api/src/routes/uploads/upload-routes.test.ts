import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, storageDrivers, type TestApp } from '../../test/build-test-app';
import { createRole, createUser } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

/** The storage keys that hold editor images: the bucket's objects, or the files under DATA_DIR/files. */
async function storedKeys(t: TestApp, dataDir: string): Promise<string[]> {
  if (t.s3) return t.s3.keys();
  const root = path.join(dataDir, 'files');
  try {
    return readdirSync(root).flatMap((folder) => readdirSync(path.join(root, folder)));
  } catch {
    return [];
  }
}

// Files, not rows: one run on PGlite per storage driver covers it.
for (const storage of storageDrivers()) describe(`uploads (${storage} files)`, () => {
  let t: TestApp;
  let user: Record<string, string>;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-uploads-'));
    t = await buildTestApp({ storage, env: { DATA_DIR: dataDir } });
    user = bearer(await t.login());
  });
  after(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (content: Buffer | string, filename: string, contentType: string, headers = user, field = 'image') => {
    const form = multipart({}, { field, filename, content, contentType });
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
  };

  test('a PNG is stored under a random name and served with its sniffed type and safe headers', async () => {
    const response = await upload(PNG, 'photo.gif', 'image/gif');
    assert.equal(response.statusCode, 200, response.body);
    const { url } = response.json();
    assert.match(url, /^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    assert.deepEqual(await storedKeys(t, dataDir), [path.basename(url, '.png')]);

    const served = await t.app.inject({ method: 'GET', url });
    assert.equal(served.statusCode, 200);
    assert.ok(served.rawPayload.equals(PNG));
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.equal(served.headers['content-security-policy'], "default-src 'none'; sandbox");
    assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('SVG, HTML and files named like images but not images are refused with 422 errors.image', async () => {
    for (const [content, name, type] of [
      [SVG, 'x.svg', 'image/svg+xml'],
      ['<html><script>alert(1)</script></html>', 'x.png', 'image/png'],
      [Buffer.from('GIF8'), 'x.gif', 'image/gif'],
    ] as const) {
      const response = await upload(content, name, type);
      assert.equal(response.statusCode, 422, name);
      assert.deepEqual(response.json().errors, { image: ['Можно загрузить только изображение PNG, JPEG, GIF или WebP'] });
    }
    assert.equal((await storedKeys(t, dataDir)).length, 1);
  });

  test('no image field is 422; over 5 MB is 413; without a token 401', async () => {
    assert.deepEqual((await upload(PNG, 'a.png', 'image/png', user, 'file')).json().errors, { image: ['Выберите изображение'] });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(big, 'big.png', 'image/png');
    assert.deepEqual([tooBig.statusCode, tooBig.json().code], [413, 'PAYLOAD_TOO_LARGE']);
    assert.equal((await upload(PNG, 'a.png', 'image/png', {})).statusCode, 401);
  });

  test('only stored names are served: traversal and unknown names are 404', async () => {
    for (const url of [
      '/api/uploads/..%2F..%2Fpackage.json',
      '/api/uploads/%2e%2e%2fpglite',
      '/api/uploads/../config.ts',
      '/api/uploads/0123456789abcdef0123456789abcdef.png',
      '/api/uploads/0123456789abcdef0123456789abcdef.svg',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.match(response.headers['content-type'] as string, /application\/json/, url);
    }
  });

  test('an image written to DATA_DIR/uploads before the file storage held them is still served', async () => {
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', `${'e'.repeat(32)}.png`), PNG);
    const served = await t.app.inject({ method: 'GET', url: `/api/uploads/${'e'.repeat(32)}.png` });
    assert.equal(served.statusCode, 200);
    assert.ok(served.rawPayload.equals(PNG));
    assert.equal(served.headers['content-type'], 'image/png');
  });

  test('uploading needs the ability of a form that inserts images: create or edit lead, or edit document', async () => {
    const asRole = async (role: string, rules: { action: 'view' | 'create' | 'edit'; subject: 'lead' | 'document' }[]) => {
      await createRole(t, role, rules);
      return bearer(await (await createUser(t, { email: `${role.toLowerCase()}@test.local`, role })).token());
    };
    const nobody = await asRole('Nobody', []);
    const reader = await asRole('Reader', [{ action: 'view', subject: 'lead' }, { action: 'view', subject: 'document' }]);
    const leadCreator = await asRole('LeadCreator', [{ action: 'create', subject: 'lead' }]);
    const leadEditor = await asRole('LeadEditor', [{ action: 'edit', subject: 'lead' }]);
    const documentEditor = await asRole('DocumentEditor', [{ action: 'edit', subject: 'document' }]);
    for (const headers of [nobody, reader]) {
      const refused = await upload(PNG, 'a.png', 'image/png', headers);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { message: 'This action is unauthorized.', code: 'FORBIDDEN' });
    }
    for (const headers of [leadCreator, leadEditor, documentEditor]) assert.equal((await upload(PNG, 'a.png', 'image/png', headers)).statusCode, 200);
  });
});
