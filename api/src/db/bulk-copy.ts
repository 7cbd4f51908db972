import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, DatabaseConnection } from './client';

/** A value of a COPY row: text, a number, or null (`\N`). */
export type CopyValue = string | number | null;

/** `COPY table (columns) FROM …` inside the transaction it was handed to; rows in the order given. */
export type CopyInto = (table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]) => Promise<void>;

/**
 * One transaction with both a drizzle handle and COPY bound to it, for bulk writes (lead imports, decision 035):
 * COPY FROM STDIN through pg-copy-streams on PostgreSQL, `COPY … FROM '/dev/blob'` with the rows as a Blob on PGlite.
 * Either commits everything the callback wrote or, when it throws, nothing.
 */
export interface BulkTransactions {
  transaction<T>(run: (tx: Database, copy: CopyInto) => Promise<T>): Promise<T>;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** PostgreSQL's COPY text format: tab-separated, `\N` for null, backslash escapes for `\`, tab, LF and CR. */
export function copyText(rows: readonly (readonly CopyValue[])[]): string {
  let text = '';
  for (const row of rows) {
    text += row.map((value) => (value === null ? '\\N' : String(value).replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]))).join('\t');
    text += '\n';
  }
  return text;
}

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `copy ${table} (${columns.join(', ')}) from ${source}`;

export function createBulkTransactions(connection: DatabaseConnection): BulkTransactions {
  if (connection.driver === 'postgres') {
    const { pool } = connection;
    return {
      async transaction(run) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('begin');
          const copy: CopyInto = async (table, columns, rows) => {
            if (rows.length === 0) return;
            await pipeline(Readable.from([copyText(rows)]), client.query(copyFrom(copyStatement(table, columns, 'stdin'))));
          };
          const result = await run(drizzleNodePg({ client }) as unknown as Database, copy);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
          throw error;
        } finally {
          // A client whose rollback failed is in an unknown state: the pool drops it instead of reusing it.
          client.release(broken);
        }
      },
    };
  }
  const { client } = connection;
  return {
    transaction: (run) =>
      client.transaction(async (tx) => {
        const copy: CopyInto = async (table, columns, rows) => {
          if (rows.length === 0) return;
          await tx.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([copyText(rows)]) });
        };
        // drizzle's PGlite session only calls query() on its client, which a PGlite transaction has too.
        return run(drizzlePglite({ client: tx as unknown as PGlite }) as unknown as Database, copy);
      }),
  };
}
