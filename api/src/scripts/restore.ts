// `pnpm --filter @crm/api restore -- --in crm.tar.gz [--force]` (in the Docker image: `node api/dist/restore.js`):
// loads a backup (backup.ts) into the configured database and file storage. Stop the API first: PGlite belongs to one
// process, and a PostgreSQL restore under a running API would mix its writes with the backup's rows.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { cliArgs, cliPath, describeSummary, restore } from './backup-archive';

const run = async () => {
  const { values } = parseArgs({ args: cliArgs(), options: { in: { type: 'string' }, force: { type: 'boolean', default: false } } });
  if (!values.in) throw new Error('Usage: restore -- --in <file.tar.gz> [--force]');
  const summary = await restore(loadConfig(), cliPath(values.in), { force: values.force, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`Restored from ${values.in}: ${describeSummary(summary)}`);
};

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
