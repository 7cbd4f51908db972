import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../config';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { createS3Storage } from '../storage/s3-storage';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { migrateStorage } from './storage-migrate';

const FILES = { ['a'.repeat(32)]: 'document bytes', ['a'.repeat(32) + '-preview']: 'thumbnail', ['b'.repeat(32)]: 'avatar' };
const common = { secret: 'x'.repeat(32), ttlSeconds: 60, urlPrefix: '/api/files/' };

describe('storage:migrate', () => {
  let s3: TestS3Server;
  let dataDir: string;
  before(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-migrate-'));
    const local = createLocalDiskStorage({ folder: path.join(dataDir, 'files'), ...common });
    for (const [key, content] of Object.entries(FILES)) await local.put(key, Readable.from([Buffer.from(content)]));
    // An editor image from before they moved behind the storage.
    mkdirSync(path.join(dataDir, 'uploads'));
    writeFileSync(path.join(dataDir, 'uploads', `${'c'.repeat(32)}.png`), 'editor image');
  });
  after(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The operator copies while the server still runs on the disk: FILE_STORAGE is not s3 yet.
  const config = () => loadConfig({ DATA_DIR: dataDir, ...s3.env, FILE_STORAGE: 'local' });

  test('local to s3 copies every file, a second run skips them all, a differing object is copied again', async () => {
    assert.deepEqual(await migrateStorage(config(), 'local', 's3'), { copied: 4, skipped: 0, failed: 0 });
    assert.deepEqual(await s3.keys(), [...Object.keys(FILES), 'c'.repeat(32)].sort());
    const bucket = createS3Storage({ ...s3.settings, ...common });
    try {
      for (const [key, content] of Object.entries(FILES)) {
        assert.equal(Buffer.concat(await (await bucket.get(key)).toArray()).toString(), content);
      }
      assert.equal(Buffer.concat(await (await bucket.get('c'.repeat(32))).toArray()).toString(), 'editor image');
      assert.deepEqual(await migrateStorage(config(), 'local', 's3'), { copied: 0, skipped: 4, failed: 0 });

      // A copy cut short earlier: the size differs, so it is copied again.
      await bucket.put('b'.repeat(32), Readable.from([Buffer.from('ava')]));
      assert.deepEqual(await migrateStorage(config(), 'local', 's3'), { copied: 1, skipped: 3, failed: 0 });
      assert.equal(Buffer.concat(await (await bucket.get('b'.repeat(32))).toArray()).toString(), 'avatar');
    } finally {
      bucket.client.destroy();
    }
  });

  test('s3 to local copies back what the disk lacks', async () => {
    rmSync(path.join(dataDir, 'files', 'bb'), { recursive: true });
    // The editor image now goes to DATA_DIR/files like the others.
    assert.deepEqual(await migrateStorage(config(), 's3', 'local'), { copied: 2, skipped: 2, failed: 0 });
    const local = createLocalDiskStorage({ folder: path.join(dataDir, 'files'), ...common });
    assert.equal(Buffer.concat(await (await local.get('b'.repeat(32))).toArray()).toString(), 'avatar');
  });

  test('without S3_BUCKET it stops with a message naming the variables', async () => {
    await assert.rejects(migrateStorage(loadConfig({ DATA_DIR: dataDir }), 'local', 's3'), /S3_BUCKET/);
  });
});
