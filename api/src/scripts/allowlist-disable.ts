// `pnpm --filter @crm/api allowlist:disable`: the way back in when the IP allow-list shuts everyone out. It turns
// enforcement off (the entries stay, for the Admin to fix); the next change to the list turns it on again.
// On PostgreSQL every running instance follows within a second. PGlite belongs to one process: stop the server first.
import { pathToFileURL } from 'node:url';
import { type AppConfig, loadConfig } from '../config';
import { connectDatabase, type DatabaseConnection } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createWhiteIpRepository } from '../repositories/white-ip-repository';

/** Turns enforcement off on the database the configuration (or the open connection) names. */
export async function disableAllowList(target: { config: AppConfig } | { connection: DatabaseConnection }): Promise<number> {
  const connection = 'connection' in target ? target.connection : await connectDatabase(target.config);
  try {
    await runMigrations(connection);
    const repository = createWhiteIpRepository(connection.db);
    await repository.disableEnforcement();
    return (await repository.addresses()).length;
  } finally {
    if (!('connection' in target)) await connection.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  disableAllowList({ config: loadConfig() })
    .then((entries) => {
      process.stdout.write(`IP allow-list enforcement is off (${entries} entr${entries === 1 ? 'y' : 'ies'} kept). Any change to the list turns it on again.\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
