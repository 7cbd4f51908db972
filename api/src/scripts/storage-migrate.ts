// `pnpm --filter @crm/api storage:migrate -- --from local --to s3`: copies the stored files (document files, their
// thumbnails, avatars, editor images — those still in DATA_DIR/uploads too — and lead-import files waiting for their job, docs/decisions/055) from one driver to the other before FILE_STORAGE is switched (docs/decisions/053). Safe to
// run again: an object already there with the same size is skipped. The source is never changed.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { type AppConfig, loadConfig } from '../config';
import type { FileStorage } from '../storage/file-storage';
import { createLocalDiskStorage, STORAGE_KEY } from '../storage/local-disk-storage';
import { createS3Storage } from '../storage/s3-storage';
import { LEGACY_UPLOADS_FOLDER, STORED_NAME } from '../routes/uploads/upload-routes';

type Driver = 'local' | 's3';

interface StoredFile {
  key: string;
  size: number;
  /** Where to read it when the driver's own `get` would not find it (an editor image in DATA_DIR/uploads). */
  open?: () => Readable;
}

/** One side of the copy: what it holds, how big one key is there, and the driver that reads and writes it. */
interface Side {
  storage: FileStorage;
  list(): AsyncIterable<StoredFile>;
  size(key: string): Promise<number | undefined>;
  close(): void;
}

export interface MigrateCounts {
  copied: number;
  skipped: number;
  failed: number;
}

function side(config: AppConfig, driver: Driver): Side {
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

/** Copies every file `from` holds that `to` lacks (or holds at another size); one failure does not stop the rest. */
export async function migrateStorage(
  config: AppConfig,
  from: Driver,
  to: Driver,
  log: (line: string) => void = () => {},
): Promise<MigrateCounts> {
  if (from === to) throw new Error('--from and --to name the same storage');
  const source = side(config, from);
  const target = side(config, to);
  const counts: MigrateCounts = { copied: 0, skipped: 0, failed: 0 };
  try {
    for await (const file of source.list()) {
      try {
        if ((await target.size(file.key)) === file.size) {
          counts.skipped++;
          continue;
        }
        // The local driver writes with `wx`: a partial copy from an earlier run goes first.
        if (to === 'local') await target.storage.delete(file.key);
        const body = file.open ? file.open() : await source.storage.get(file.key);
        const { size } = await target.storage.put(file.key, body);
        if (size !== file.size) throw new Error(`copied ${size} of ${file.size} bytes`);
        counts.copied++;
      } catch (error) {
        counts.failed++;
        log(`${file.key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    source.close();
    target.close();
  }
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = async () => {
    // pnpm passes the `--` separator on; parseArgs would take everything after it as positionals.
    const { values } = parseArgs({
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
      options: { from: { type: 'string' }, to: { type: 'string' } },
    });
    const drivers = ['local', 's3'];
    if (!drivers.includes(values.from ?? '') || !drivers.includes(values.to ?? '')) {
      throw new Error('Usage: storage:migrate -- --from local --to s3 (or --from s3 --to local)');
    }
    const counts = await migrateStorage(loadConfig(), values.from as Driver, values.to as Driver, (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`copied ${counts.copied}, skipped ${counts.skipped} (already there), failed ${counts.failed}\n`);
    if (counts.failed > 0) process.exitCode = 1;
  };
  run().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
