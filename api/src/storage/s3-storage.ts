import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors/app-error';
import type { FileStorage, SignedUrlOptions } from './file-storage';
import { STORAGE_KEY } from './local-disk-storage';
import { expiryFor, signFileUrl } from './signed-url';

export interface S3Settings {
  bucket: string;
  region: string;
  /** MinIO, Ceph, Garage, R2…; unset for AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's usual credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface S3StorageOptions extends S3Settings {
  secret: string;
  ttlSeconds: number;
  urlPrefix: string;
}

export function createS3Client({ region, endpoint, credentials }: S3Settings): S3Client {
  return new S3Client({
    region,
    endpoint,
    // The bucket in the path on a server named by its URL: MinIO, Ceph, Garage and R2 all accept it, and it needs no
    // wildcard DNS. AWS itself gets virtual-hosted names (decision 049: no variable for it).
    forcePathStyle: endpoint !== undefined,
    credentials,
    // Many S3-compatible servers reject the CRC checksums the SDK adds by default since 3.729.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NotFound';

/**
 * Files as objects of one bucket, named by the same random keys as on disk. Downloads still go through
 * GET /api/files/{key} with the API's own signed URL (docs/decisions/053), so `signedUrl` is the local driver's.
 */
export function createS3Storage({ secret, ttlSeconds, urlPrefix, ...settings }: S3StorageOptions, client = createS3Client(settings)): FileStorage & {
  client: S3Client;
  size(key: string): Promise<number | undefined>;
} {
  const { bucket } = settings;
  const checked = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw notFound('File not found');
    return key;
  };

  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };

  return {
    client,

    async put(key, body) {
      const Key = checked(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // pipeline passes the body's error (e.g. over the size limit) on to `counter`, which fails the upload.
      const piped = pipeline(body, counter);
      // Parts of 5 MB, two in flight: at most ~10 MB of one upload in memory, never the whole file.
      const upload = new Upload({ client, params: { Bucket: bucket, Key, Body: counter }, queueSize: 2, leavePartsOnError: false });
      try {
        await Promise.all([upload.done(), piped]);
      } catch (error) {
        counter.destroy();
        await upload.abort().catch(() => undefined);
        await remove(Key).catch(() => undefined);
        throw error;
      }
      return { size };
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checked(key) }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw notFound('File not found');
        throw error;
      }
    },

    async delete(key) {
      if (!STORAGE_KEY.test(key)) return;
      await remove(key);
    },

    /** The stored object's size, or undefined when there is none (storage:migrate skips what is there already). */
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(key) }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    signedUrl(key, { fileName, mime }: SignedUrlOptions) {
      return signFileUrl(urlPrefix, secret, { key, fileName, mime, expires: expiryFor(Date.now(), ttlSeconds) });
    },
  };
}
