// `pnpm --filter @crm/api storage:migrate -- --from local --to s3`: copies the stored files (document files, their
// thumbnails, avatars, editor images — those still in DATA_DIR/uploads too — and lead-import files waiting for their
// job, docs/decisions/055) from one driver to the other before FILE_STORAGE is switched (docs/decisions/053). Safe to
// run again: an object already there with the same size is skipped. The source is never changed.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type AppConfig, loadConfig } from '../config';
import { type Driver, storageSide } from './stored-files';

export interface MigrateCounts {
  copied: number;
  skipped: number;
  failed: number;
}

/** Copies every file `from` holds that `to` lacks (or holds at another size); one failure does not stop the rest. */
export async function migrateStorage(
  config: AppConfig,
  from: Driver,
  to: Driver,
  log: (line: string) => void = () => {},
): Promise<MigrateCounts> {
  if (from === to) throw new Error('--from and --to name the same storage');
  const source = storageSide(config, from);
  const target = storageSide(config, to);
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
