// `pnpm --filter @crm/api backup -- --out crm.tar.gz` (in the Docker image: `node api/dist/backup.js --out …`): one
// archive with the database and every stored file (backup-archive.ts, docs/decisions/056). PGlite belongs to one
// process: stop the API first. PostgreSQL can be dumped while the API runs.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backup, cliArgs, cliPath, describeSummary } from './backup-archive';

const run = async () => {
  const { values } = parseArgs({ args: cliArgs(), options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('Usage: backup -- --out <file.tar.gz>');
  const summary = await backup(loadConfig(), cliPath(values.out), { log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`Backed up to ${values.out}: ${describeSummary(summary)}`);
};

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
