import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types; only its constructor, run and close are used.
import S3rver from 's3rver';
import { createS3Client, type S3Settings } from '../storage/s3-storage';

export const TEST_BUCKET = 'crm-test-files';

export interface TestS3Server {
  /** FILE_STORAGE and the S3_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  settings: S3Settings;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** An S3-protocol server (s3rver) on a free port with an empty bucket, its objects in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'crm-s3rver-'));
  const server = new (S3rver as new (options: object) => S3rverInstance)({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client = createS3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  return {
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    settings,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
