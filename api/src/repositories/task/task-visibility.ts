import { and, eq, exists, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leads } from '../../db/schema/leads';
import { tasks } from '../../db/schema/tasks';
import { scopeCondition } from '../lead-scope';

/**
 * The tasks a viewer sees (docs/decisions/074): the tasks of the leads in their lead scope (`scopeUsers`, undefined for
 * the all scope) and the standalone tasks they created or are assigned. The task list and the dashboard both use it.
 */
export function tasksVisibleTo(db: Database, viewerId: number, scopeUsers: number[] | undefined): SQL {
  const ownStandalone = and(isNull(tasks.leadId), or(eq(tasks.createdBy, viewerId), eq(tasks.assigneeId, viewerId)));
  // Every lead is in the all scope (the foreign key keeps a task's lead), so it needs no EXISTS.
  const leadInScope =
    scopeUsers === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(leads)
            .where(and(eq(leads.id, tasks.leadId), scopeCondition(db, scopeUsers))),
        );
  return or(ownStandalone, and(isNotNull(tasks.leadId), leadInScope)) as SQL;
}
