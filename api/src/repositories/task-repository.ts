import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Task, TaskDueFilter, TaskSummary, TaskType } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { leads } from '../db/schema/leads';
import { roles } from '../db/schema/roles';
import { tasks } from '../db/schema/tasks';
import { users } from '../db/schema/users';
import { postgresErrorCode } from '../db/errors';
import { AppError, notFound, validationFailed } from '../errors/app-error';
import { tasksVisibleTo } from './task/task-visibility';
import { createLeadScope, type LeadViewer } from './lead-scope';

export const taskNotFound = () => notFound('Задача не найдена');

const assignee = alias(users, 'task_assignee');
const creator = alias(users, 'task_creator');
const finisher = alias(users, 'task_finisher');

const columns = {
  id: tasks.id,
  leadId: tasks.leadId,
  leadSurname: leads.surname,
  leadFirstname: leads.firstname,
  type: tasks.type,
  title: tasks.title,
  note: tasks.note,
  dueAt: tasks.dueAt,
  remindBeforeMinutes: tasks.remindBeforeMinutes,
  assigneeId: tasks.assigneeId,
  assigneeName: assignee.name,
  createdBy: tasks.createdBy,
  creatorName: creator.name,
  doneAt: tasks.doneAt,
  doneBy: tasks.doneBy,
  finisherName: finisher.name,
  version: tasks.version,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

type Row = {
  id: number;
  leadId: number | null;
  leadSurname: string | null;
  leadFirstname: string | null;
  type: string;
  title: string;
  note: string;
  dueAt: Date;
  remindBeforeMinutes: number | null;
  assigneeId: number;
  assigneeName: string | null;
  createdBy: number | null;
  creatorName: string | null;
  doneAt: Date | null;
  doneBy: number | null;
  finisherName: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const toTask = (r: Row): Task => ({
  id: r.id,
  lead: r.leadId === null ? null : { id: r.leadId, name: `${r.leadSurname ?? ''} ${r.leadFirstname ?? ''}`.trim() },
  type: r.type as TaskType,
  title: r.title,
  note: r.note,
  due_at: r.dueAt.toISOString(),
  remind_before_minutes: r.remindBeforeMinutes,
  assignee: { id: r.assigneeId, name: r.assigneeName ?? '' },
  created_by: r.createdBy === null ? null : { id: r.createdBy, name: r.creatorName ?? '' },
  done: r.doneAt !== null,
  done_at: r.doneAt?.toISOString() ?? null,
  done_by: r.doneBy === null ? null : { id: r.doneBy, name: r.finisherName ?? '' },
  version: r.version,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** PostgreSQL's "time zone … not recognized" (invalid_parameter_value). */
const INVALID_PARAMETER_VALUE = '22023';

/** A zone the runtime knows but the database's zone data does not (older tzdata) is the caller's 422 on `tz`, not a 500. */
async function inZone<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (postgresErrorCode(error) === INVALID_PARAMETER_VALUE) throw validationFailed({ tz: ['Этот часовой пояс сервер не знает'] });
    throw error;
  }
}

/** When the reminder is due: `remind_before_minutes` before the due time, or never. */
export const remindAtOf = (dueAt: Date, remindBeforeMinutes: number | null): Date | null =>
  remindBeforeMinutes === null ? null : new Date(dueAt.getTime() - remindBeforeMinutes * 60_000);

export interface TaskWrite {
  type: TaskType;
  title: string;
  note: string;
  dueAt: Date;
  remindBeforeMinutes: number | null;
  assigneeId: number;
}

/** The task's fields a reminder needs, as they were when it is claimed. */
export interface ClaimedReminder {
  id: number;
  leadId: number | null;
  title: string;
  assigneeId: number;
  dueAt: Date;
}

/**
 * Tasks (docs/decisions/074). What a viewer sees: the tasks of the leads in their lead scope, and the standalone tasks
 * they created or are assigned. A task outside that answers 404, like a lead outside the scope.
 */
export function createTaskRepository(db: Database) {
  const scope = createLeadScope(db);

  async function visible(viewer: LeadViewer, tx: Database): Promise<SQL> {
    return tasksVisibleTo(tx, viewer.id, await scope.scopeUsers(viewer, tx));
  }

  const select = (tx: Database) =>
    tx
      .select(columns)
      .from(tasks)
      .leftJoin(leads, eq(leads.id, tasks.leadId))
      .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
      .leftJoin(creator, eq(creator.id, tasks.createdBy))
      .leftJoin(finisher, eq(finisher.id, tasks.doneBy));

  /** Midnight today and the 7 days after it in `timeZone`, as moments. */
  const startOfDay = (timeZone: string, days: number) =>
    sql`(date_trunc('day', now() at time zone ${timeZone}) + make_interval(days => ${days}::int)) at time zone ${timeZone}`;

  function bucket(due: TaskDueFilter | undefined, timeZone: string): SQL | undefined {
    const open = isNull(tasks.doneAt);
    switch (due) {
      case undefined:
        return open;
      case 'overdue':
        return and(open, lt(tasks.dueAt, sql`now()`));
      case 'today':
        return and(open, gte(tasks.dueAt, sql`now()`), lt(tasks.dueAt, startOfDay(timeZone, 1)));
      case 'week':
        return and(open, gte(tasks.dueAt, startOfDay(timeZone, 1)), lt(tasks.dueAt, startOfDay(timeZone, 8)));
      case 'done':
        return isNotNull(tasks.doneAt);
    }
  }

  return {
    /** One task the viewer may see, or 404. */
    async find(id: number, viewer: LeadViewer, tx: Database = db): Promise<Task> {
      const [row] = await select(tx)
        .where(and(eq(tasks.id, id), await visible(viewer, tx)))
        .limit(1);
      if (!row) throw taskNotFound();
      return toTask(row);
    },

    /** A lead's tasks for whoever may see the lead (404 otherwise): open ones by due time, then the done ones. */
    async forLead(leadId: number, viewer: LeadViewer): Promise<Task[]> {
      await scope.findVisible(leadId, viewer);
      const rows = await select(db)
        .where(eq(tasks.leadId, leadId))
        .orderBy(sql`${tasks.doneAt} is not null`, asc(tasks.dueAt), desc(tasks.doneAt), asc(tasks.id))
        .limit(500);
      return rows.map(toTask);
    },

    /** "Мой день" and the task lists: open tasks by due time, done ones newest first; at most 500. */
    async list(viewer: LeadViewer, filter: { assignee: 'me' | 'any'; due?: TaskDueFilter; timeZone: string }): Promise<Task[]> {
      const condition = and(await visible(viewer, db), filter.assignee === 'me' ? eq(tasks.assigneeId, viewer.id) : undefined, bucket(filter.due, filter.timeZone));
      const rows = await inZone(() =>
        select(db)
          .where(condition)
          .orderBy(...(filter.due === 'done' ? [desc(tasks.doneAt)] : [asc(tasks.dueAt)]), asc(tasks.id))
          .limit(500),
      );
      return rows.map(toTask);
    },

    /** The viewer's own open tasks by bucket. */
    async summary(viewer: LeadViewer, timeZone: string): Promise<TaskSummary> {
      const mine = and(await visible(viewer, db), eq(tasks.assigneeId, viewer.id), isNull(tasks.doneAt));
      const [row] = await inZone(() =>
        db
          .select({
            overdue: sql<number>`count(*) filter (where ${bucket('overdue', timeZone)})`.mapWith(Number),
            today: sql<number>`count(*) filter (where ${bucket('today', timeZone)})`.mapWith(Number),
            week: sql<number>`count(*) filter (where ${bucket('week', timeZone)})`.mapWith(Number),
          })
          .from(tasks)
          .where(and(mine, lt(tasks.dueAt, startOfDay(timeZone, 8)))),
      );
      return row ?? { overdue: 0, today: 0, week: 0 };
    },

    async create(input: TaskWrite & { leadId: number | null; createdBy: number }, tx: Database = db): Promise<number> {
      const [row] = await tx
        .insert(tasks)
        .values({ ...input, remindAt: remindAtOf(input.dueAt, input.remindBeforeMinutes), updatedBy: input.createdBy })
        .returning({ id: tasks.id });
      return row.id;
    },

    /** The stored row under a lock, for an update to compare with (no scope: the caller checked it). */
    async lockRow(id: number, tx: Database) {
      const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
      return row;
    },

    /**
     * Saves over `expected`: one UPDATE … WHERE version = ? compares and increments. A changed reminder time clears
     * `reminded_at`, so the new time reminds again.
     */
    async update(
      id: number,
      expected: number,
      change: TaskWrite & { done: boolean; actorId: number },
      tx: Database,
    ): Promise<boolean> {
      const remindAt = remindAtOf(change.dueAt, change.remindBeforeMinutes);
      const rows = await tx
        .update(tasks)
        .set({
          type: change.type,
          title: change.title,
          note: change.note,
          dueAt: change.dueAt,
          remindBeforeMinutes: change.remindBeforeMinutes,
          remindAt,
          remindedAt: sql`case when ${tasks.remindAt} is not distinct from ${remindAt} then ${tasks.remindedAt} else null end`,
          assigneeId: change.assigneeId,
          doneAt: change.done ? sql`coalesce(${tasks.doneAt}, now())` : null,
          doneBy: change.done ? sql`case when ${tasks.doneAt} is null then ${change.actorId}::int else ${tasks.doneBy} end` : null,
          version: sql`${tasks.version} + 1`,
          updatedBy: change.actorId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tasks.id, id), eq(tasks.version, expected)))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    async delete(id: number, tx: Database): Promise<void> {
      await tx.delete(tasks).where(eq(tasks.id, id));
    },

    /**
     * Claims a reminder: sets `reminded_at` only if the task is still there, open, not reminded, and its reminder is
     * still due at `remindAt` (a changed due time or reminder queued another job). Of two instances, one claims it.
     */
    async claimReminder(id: number, remindAt: Date, tx: Database): Promise<ClaimedReminder | undefined> {
      const [row] = await tx
        .update(tasks)
        .set({ remindedAt: sql`now()` })
        .where(and(eq(tasks.id, id), isNull(tasks.doneAt), isNull(tasks.remindedAt), eq(tasks.remindAt, remindAt)))
        .returning({ id: tasks.id, leadId: tasks.leadId, title: tasks.title, assigneeId: tasks.assigneeId, dueAt: tasks.dueAt });
      return row;
    },

    /** A user's calendar feed: their open tasks due from a month ago on, by due time; at most 1000. */
    async feed(viewer: LeadViewer): Promise<Task[]> {
      const rows = await select(db)
        .where(and(await visible(viewer, db), eq(tasks.assigneeId, viewer.id), isNull(tasks.doneAt), gte(tasks.dueAt, sql`now() - interval '30 days'`)))
        .orderBy(asc(tasks.dueAt), asc(tasks.id))
        .limit(1000);
      return rows.map(toTask);
    },

    /** Stores the digest of a user's calendar feed secret (null: no feed). */
    async setCalendarToken(userId: number, tokenHash: string | null, tx: Database): Promise<void> {
      await tx.update(users).set({ calendarTokenHash: tokenHash }).where(eq(users.id, userId));
    },

    async hasCalendarToken(userId: number): Promise<boolean> {
      const [row] = await db.select({ hash: users.calendarTokenHash }).from(users).where(eq(users.id, userId));
      return Boolean(row?.hash);
    },

    /** The active owner of a feed secret's digest, with their role, or undefined. */
    async calendarOwner(tokenHash: string): Promise<{ id: number; roleId: number; leadScope: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, roleId: users.roleId, leadScope: roles.leadScope })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.calendarTokenHash, tokenHash), eq(users.active, true)));
      return row;
    },

    /** The 409 of a stale update: who saved the version the caller has not seen, and when. */
    async versionConflict(id: number, tx: Database): Promise<AppError> {
      const [row] = await tx
        .select({ version: tasks.version, updatedAt: tasks.updatedAt, userId: users.id, userName: users.name })
        .from(tasks)
        .leftJoin(users, eq(users.id, tasks.updatedBy))
        .where(eq(tasks.id, id));
      const who = row.userId === null ? null : { id: row.userId, name: row.userName ?? '' };
      const message = who
        ? `Задачу уже изменил(а) ${who.name}. Загрузите актуальную версию, прежде чем сохранять.`
        : 'Задача уже изменена. Загрузите актуальную версию, прежде чем сохранять.';
      return new AppError('TASK_VERSION_CONFLICT', message, undefined, {
        conflict: { updated_by: who, updated_at: row.updatedAt.toISOString(), version: row.version },
      });
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
