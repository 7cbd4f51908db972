import { type Db, fromPglite } from 'pg-boss';
import type { Database, DatabaseConnection } from '../db/client';

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

/** What pg-boss needs to write a job inside someone else's transaction. */
export interface TransactionExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * An open Drizzle transaction as pg-boss sees a database, so a job it sends commits or rolls back with the change
 * (the outbox of decision 047). Both drivers' transactions hold the connection they run on (a pooled node-postgres
 * client, PGlite's transaction handle) as `session.client`, whose `query(text, values)` answers `{ rows }`.
 */
export function transactionExecutor(tx: Database): TransactionExecutor {
  const { client } = (tx as unknown as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } } }).session;
  return { executeSql: (text, values) => client.query(text, values) };
}
