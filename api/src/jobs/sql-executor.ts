import type { DatabaseConnection } from '../db/client';

/** What pg-boss needs from a database: one method, node-postgres' `query` semantics. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The app's own connection, shared with pg-boss: the node-postgres pool on PostgreSQL, the one PGlite instance
 * otherwise. pg-boss sends its locked maintenance commands as one multi-statement text (`BEGIN; …; COMMIT;`)
 * without parameters; PGlite runs those through `exec`, and statements with parameters through `query`.
 * Both take PGlite's exclusive lock, so they never land inside one of the app's own transactions.
 */
export function createSqlExecutor(connection: DatabaseConnection): SqlExecutor {
  if (connection.driver === 'postgres') {
    const { pool } = connection;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const { client } = connection;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // A failed multi-statement text leaves its explicit transaction open on the single connection.
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
