import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { findPackageRoot } from '../package-root';
import type { DatabaseConnection } from './client';

/** The committed SQL in api/drizzle/, found from src/ (tsx) and from dist/ (bundle) alike. */
export const MIGRATIONS_FOLDER = path.join(findPackageRoot(), 'drizzle');

/** Applies pending migrations with drizzle's migrator for the driver in use; safe to run at every start. */
export async function runMigrations(connection: DatabaseConnection): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (connection.driver === 'pglite') await migratePglite(connection.db, config);
  else await migrateNodePg(connection.db, config);
}
