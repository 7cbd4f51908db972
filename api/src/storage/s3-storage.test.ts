import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { createS3Client, createS3Storage } from './s3-storage';

const MB = 1024 * 1024;
const KEY = 'a'.repeat(32);

/** `count` chunks of 1 MB filled with their index, then an error when `failAfter` is reached. */
function chunks(count: number, failAfter = Infinity): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        if (i === failAfter) throw Object.assign(new Error('Over the limit'), { statusCode: 413 });
        yield Buffer.alloc(MB, i);
      }
    })(),
  );
}

describe('S3 storage driver (s3rver)', () => {
  let s3: TestS3Server;
  let storage: ReturnType<typeof createS3Storage>;
  before(async () => {
    s3 = await startS3Server();
    storage = createS3Storage({ ...s3.settings, secret: 'x'.repeat(32), ttlSeconds: 3600, urlPrefix: '/api/files/' });
  });
  after(async () => {
    storage.client.destroy();
    await s3.close();
  });

  test('a file larger than one part goes up in parts and comes back byte for byte', async () => {
    assert.deepEqual(await storage.put(KEY, chunks(12)), { size: 12 * MB });
    const back = Buffer.concat(await (await storage.get(KEY)).toArray());
    assert.equal(back.length, 12 * MB);
    assert.equal(back[11 * MB], 11);
    assert.equal(await storage.size(KEY), 12 * MB);
    await storage.delete(KEY);
    assert.deepEqual(await s3.keys(), []);
  });

  test('a stream that fails part-way (the size limit) rejects and leaves no object, small or multipart', async () => {
    for (const failAfter of [2, 9]) {
      await assert.rejects(storage.put(KEY, chunks(12, failAfter)), /Over the limit/);
      assert.deepEqual(await s3.keys(), []);
    }
  });

  test('a missing key answers 404; a key this API would not generate never reaches the bucket', async () => {
    await assert.rejects(storage.get('b'.repeat(32)), { code: 'NOT_FOUND' });
    await assert.rejects(storage.get('../etc/passwd'), { code: 'NOT_FOUND' });
    await storage.delete('c'.repeat(32));
    assert.equal(await storage.size('c'.repeat(32)), undefined);
  });
});

test('the bucket goes in the path on a server named by S3_ENDPOINT, in the host name on AWS', async () => {
  const minio = createS3Client({ bucket: 'crm-files', region: 'us-east-1', endpoint: 'http://minio:9000' });
  const aws = createS3Client({ bucket: 'crm-files', region: 'eu-west-1' });
  assert.deepEqual([minio.config.forcePathStyle, aws.config.forcePathStyle], [true, false]);
  minio.destroy();
  aws.destroy();
});
