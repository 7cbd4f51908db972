import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { bearer, buildTestApp, createPostgresDatabase, storageDrivers, TEST_ADMIN, type TestApp, testDrivers } from '../test/build-test-app';
import { createLeadVia, leadInput } from '../test/fixtures';
import { multipart } from '../test/multipart';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { backup, RestoreRefusedError, restore, tableCounts } from './backup-archive';
import { storageSide } from './stored-files';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every stored file of the configured storage: key → SHA-256 of its bytes. */
async function fileHashes(config: AppConfig): Promise<Record<string, string>> {
  const side = storageSide(config, config.files.driver);
  const hashes: Record<string, string> = {};
  try {
    for await (const file of side.list()) hashes[file.key] = sha256(Buffer.concat(await (await side.storage.get(file.key)).toArray()));
  } finally {
    side.close();
  }
  return hashes;
}

async function countsOf(config: AppConfig): Promise<Record<string, number>> {
  const connection = await connectDatabase(config);
  try {
    return await tableCounts(connection);
  } finally {
    await connection.close();
  }
}

for (const [driver, storage] of testDrivers().flatMap((d) => storageDrivers().map((s) => [d, s] as const))) {
  describe(`backup and restore (${driver}, ${storage} files)`, () => {
    let t: TestApp;
    let source: AppConfig;
    let target: AppConfig;
    let targetS3: TestS3Server | undefined;
    let dropTarget: (() => Promise<void>) | undefined;
    const dirs: string[] = [];
    const temp = (name: string) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), `crm-backup-${name}-`));
      dirs.push(dir);
      return dir;
    };
    let archive: string;
    let documentId: number;

    before(async () => {
      t = await buildTestApp({ driver, storage, env: { DATA_DIR: temp('source') } });
      source = { ...t.config, databaseUrl: t.databaseUrl };
      const admin = bearer(await t.login());
      const statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id as number;
      for (const surname of ['Резервный', 'Копийный', 'Архивный']) await createLeadVia(t, admin, leadInput(statusId, { surname }));
      const categoryId = (await t.app.inject({ method: 'GET', url: '/api/document-category', headers: admin })).json().data[0].id as number;
      for (const [title, content, filename, contentType] of [
        ['Регламент', PDF, 'rules.pdf', 'application/pdf'],
        ['Схема', PNG, 'scheme.png', 'image/png'],
      ] as const) {
        const created = await t.app.inject({ method: 'POST', url: '/api/document', headers: admin, payload: { category_id: categoryId, title, text: '<p>Текст</p>', links: [] } });
        documentId = created.json().data.id;
        const form = multipart({ document_id: String(documentId) }, { field: 'file[]', filename, content, contentType });
        const uploaded = await t.app.inject({ method: 'POST', url: '/api/document/add-media', headers: { ...admin, ...form.headers }, payload: form.payload });
        assert.equal(uploaded.statusCode, 201, uploaded.body);
      }

      const targetEnv: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: temp('target'), FILE_URL_SECRET: t.app.fileUrlSecret };
      if (driver === 'postgres') {
        const database = await createPostgresDatabase(undefined, 'crm_restore');
        targetEnv.DATABASE_URL = database.url;
        dropTarget = database.drop;
      }
      if (storage === 's3') targetS3 = await startS3Server();
      target = loadConfig({ ...targetEnv, ...targetS3?.env });
      archive = path.join(temp('archive'), 'crm.tar.gz');
    });
    after(async () => {
      await t.close();
      await dropTarget?.();
      await targetS3?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    test('a backup restored into an empty database and storage holds the same rows per table and the same files', async () => {
      const rows = await tableCounts(t.connection);
      const files = await fileHashes(source);
      // Two document files and the PNG's thumbnail.
      assert.equal(Object.keys(files).length, 3);
      assert.ok(rows.leads >= 3 && rows.documents === 2 && rows.document_files === 2, JSON.stringify(rows));

      const written = await backup(source, archive, { connection: t.connection });
      assert.deepEqual([written.engine, written.tables, written.files], [driver, rows, 3]);

      const restored = await restore(target, archive);
      assert.deepEqual(restored.tables, rows);
      assert.deepEqual(await countsOf(target), rows);
      assert.deepEqual(await fileHashes(target), files);
    });

    test('the restored data serves a user: sign in, open the document, download its file', async () => {
      const app = await buildApp({ config: target, logger: false });
      try {
        const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
        assert.equal(login.statusCode, 200, login.body);
        const document = await app.inject({ method: 'GET', url: `/api/document/${documentId}`, headers: bearer(login.json().accessToken) });
        assert.equal(document.json().data.title, 'Схема');
        const download = await app.inject({ method: 'GET', url: document.json().data.files[0].url });
        assert.equal(download.statusCode, 200);
        assert.deepEqual(download.rawPayload, PNG);
      } finally {
        await app.close();
      }
    });

    test('a restore into a target that holds data is refused, and --force replaces it', async () => {
      await assert.rejects(restore(target, archive), (error: unknown) => {
        assert.ok(error instanceof RestoreRefusedError, String(error));
        assert.match(error.message, driver === 'pglite' ? /holds a PGlite database/ : /the database holds \d+ tables/);
        assert.match(error.message, /file storage holds files/);
        assert.match(error.message, /--force/);
        return true;
      });
      const again = await restore(target, archive, { force: true });
      assert.deepEqual(await countsOf(target), again.tables);
      assert.equal(Object.keys(await fileHashes(target)).length, 3);
    });
  });
}
