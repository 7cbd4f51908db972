// What a storage driver holds, listed and read the same way for both drivers: storage:migrate copies through it,
// backup and restore (backup-archive.ts) read and write through it.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import { LEGACY_UPLOADS_FOLDER, STORED_NAME } from '../routes/uploads/upload-routes';
import type { FileStorage } from '../storage/file-storage';
import { createLocalDiskStorage, STORAGE_KEY } from '../storage/local-disk-storage';
import { createS3Storage } from '../storage/s3-storage';

export type Driver = 'local' | 's3';

export interface StoredFile {
  key: string;
  size: number;
  /** Where to read it when the driver's own `get` would not find it (an editor image in DATA_DIR/uploads). */
  open?: () => Readable;
}

/** One side of the copy: what it holds, how big one key is there, and the driver that reads and writes it. */
export interface Side {
  storage: FileStorage;
  list(): AsyncIterable<StoredFile>;
  size(key: string): Promise<number | undefined>;
  close(): void;
}

/** A storage driver with what it holds listed (backups read and write through it too). */
export function storageSide(config: AppConfig, driver: Driver): Side {
  // The copy never signs a URL; the drivers only need a value.
  const common = { secret: 'storage-migrate', ttlSeconds: 60, urlPrefix: '/' };
  if (driver === 'local') {
    const folder = path.join(config.dataDir, 'files');
    const sizeOf = async (key: string) => (await stat(path.join(folder, key.slice(0, 2), key)).catch(() => undefined))?.size;
    return {
      storage: createLocalDiskStorage({ folder, ...common }),
      async *list() {
        const fanOut = await readdir(folder).catch(() => [] as string[]);
        for (const sub of fanOut.sort()) {
          const names = await readdir(path.join(folder, sub)).catch(() => [] as string[]);
          for (const key of names.sort()) {
            const size = STORAGE_KEY.test(key) ? await sizeOf(key) : undefined;
            if (size !== undefined) yield { key, size };
          }
        }
        // Editor images written before they moved behind the storage: `<key>.<ext>`, stored under the key alone.
        const legacy = path.join(config.dataDir, LEGACY_UPLOADS_FOLDER);
        for (const name of (await readdir(legacy).catch(() => [] as string[])).sort()) {
          const match = STORED_NAME.exec(name);
          const info = match ? await stat(path.join(legacy, name)).catch(() => undefined) : undefined;
          if (match && info?.isFile()) yield { key: match[1], size: info.size, open: () => createReadStream(path.join(legacy, name)) };
        }
      },
      size: sizeOf,
      close() {},
    };
  }
  if (!config.files.s3) throw new Error('S3_BUCKET and S3_REGION: required to copy to or from S3');
  const { bucket } = config.files.s3;
  const storage = createS3Storage({ ...config.files.s3, ...common });
  return {
    storage,
    async *list() {
      let token: string | undefined;
      do {
        const page = await storage.client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && STORAGE_KEY.test(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    size: (key) => storage.size(key),
    close: () => storage.client.destroy(),
  };
}
