import { type Db, fromPglite } from 'pg-boss';
import type { DatabaseConnection } from '../db/client';

/** What pg-boss needs from a database: `executeSql` with node-postgres' `query` semantics. */
export type SqlExecutor = Db;

/**
 * The app's own connection, shared with pg-boss: the node-postgres pool on PostgreSQL, the one PGlite instance
 * otherwise, through pg-boss's own PGlite adapter (multi-statement maintenance texts through `exec`, and a ROLLBACK
 * after a failed one). PGlite's `query` and `exec` both take its exclusive lock, so pg-boss's statements never land
 * inside one of the app's own transactions.
 */
export function createSqlExecutor(connection: DatabaseConnection): SqlExecutor {
  if (connection.driver === 'postgres') {
    const { pool } = connection;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  return fromPglite(connection.client);
}
