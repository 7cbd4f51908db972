// `node api/dist/migrate.js` (or `pnpm --filter @crm/api migrate`): applies the database migrations and the base seed
// (permissions, built-in roles, the first Admin) and exits. The compose file runs it once before the app replicas
// start, so two instances never apply the same migration at the same moment; each instance still checks at its
// start, and finds nothing left to do.
import { pathToFileURL } from 'node:url';
import { type AppConfig, loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { type SeedLog, seedDatabase } from '../db/seed';

/** Brings the configured database's schema up to date and seeds it; answers the engine it ran on. */
export async function migrateDatabase(config: AppConfig, log: SeedLog): Promise<'pglite' | 'postgres'> {
  const connection = await connectDatabase(config);
  try {
    await runMigrations(connection);
    await seedDatabase(connection.db, { admin: config.admin, log });
    return connection.driver;
  } finally {
    await connection.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = async () => {
    const started = performance.now();
    const driver = await migrateDatabase(loadConfig(), { info: (m) => console.log(m), warn: (m) => console.warn(m) });
    console.log(`Migrations applied on ${driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} in ${Math.round(performance.now() - started)} ms.`);
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
