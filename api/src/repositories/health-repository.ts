import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export function createHealthRepository(db: Database) {
  return {
    /** True when the database answers a trivial query. */
    async databaseAnswers(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
