import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * After a large write (an import): `VACUUM (ANALYZE)` of the tables the leads list reads, on PGlite only. PGlite runs
 * no autovacuum, so without this its planner statistics stay those of the last ANALYZE (a stale row estimate, plans
 * chosen for a table a tenth of its size) and its visibility map stays empty, so every index-only scan of the list
 * (deep pages, capped counts) reads the heap as well (decision 032). PostgreSQL's autovacuum does the same by itself.
 * Returns the milliseconds it took (0 when skipped).
 */
export async function refreshLeadStatistics(db: Database, driver: 'pglite' | 'postgres'): Promise<number> {
  if (driver !== 'pglite') return 0;
  const started = performance.now();
  await db.execute(sql`vacuum (analyze) leads, lead_users, lead_favorites`);
  return performance.now() - started;
}
