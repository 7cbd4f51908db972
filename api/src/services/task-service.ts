import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { createAbility } from '@crm/shared/abilities';
import type { CalendarFeed, createTaskInputSchema, LeadScope, Task, updateTaskInputSchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { AppError, validationFailed } from '../errors/app-error';
import { TASK_REMINDER_QUEUE } from '../jobs/task-reminder-job';
import { USER_INACTIVE, USER_NOT_FOUND } from '../lib/lead-fields';
import { generateToken, hashToken } from '../lib/tokens';
import { createLeadCommentRepository } from '../repositories/lead-comment-repository';
import { createLeadScope, type LeadRow, type LeadViewer } from '../repositories/lead-scope';
import { createRoleRepository } from '../repositories/role-repository';
import { createTaskRepository, remindAtOf, taskNotFound, type TaskWrite } from '../repositories/task-repository';
import type { UserActor } from './domain-events';
import { type LeadCaller, leadName } from './lead-service';
import type { RunUnitOfWork, UnitOfWork } from './unit-of-work';

type CreateTaskInput = z.output<typeof createTaskInputSchema>;
type UpdateTaskInput = z.output<typeof updateTaskInputSchema>;

const ASSIGNEE_CANNOT_SEE_LEAD = 'Исполнитель не видит этот лид';
const ASSIGNEE_CANNOT_VIEW_LEADS = 'Исполнителю недоступны лиды';
const COMMENT_NEEDS_LEAD = 'Комментарий добавляется только к задаче лида, отмеченной выполненной';

/** The audit log's view of a task. */
const audited = (t: TaskWrite & { done?: boolean }) => ({
  type: t.type,
  title: t.title,
  due_at: t.dueAt.toISOString(),
  remind_before_minutes: t.remindBeforeMinutes,
  assignee_id: t.assigneeId,
  ...(t.done === undefined ? {} : { done: t.done }),
});

/**
 * Tasks and reminders (docs/decisions/074). Whoever may view a lead (in their scope) reads and writes its tasks, like
 * its comments; a standalone task belongs to its creator and its assignee. The assignee must be an active user who
 * may view leads and, for a lead's task, sees that lead.
 */
export function createTaskService(run: RunUnitOfWork) {
  /** 422 on `assignee_id` unless the user may hold the task. */
  async function checkAssignee(tx: Database, assigneeId: number, lead: LeadRow | null): Promise<void> {
    const [row] = await tx
      .select({ id: users.id, active: users.active, roleId: users.roleId, leadScope: roles.leadScope })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, assigneeId));
    if (!row) throw validationFailed({ assignee_id: [USER_NOT_FOUND] });
    if (!row.active) throw validationFailed({ assignee_id: [USER_INACTIVE] });
    const ability = createAbility(await createRoleRepository(tx).rulesForRole(row.roleId));
    if (!ability.can('view', 'lead')) throw validationFailed({ assignee_id: [ASSIGNEE_CANNOT_VIEW_LEADS] });
    if (!lead) return;
    try {
      await createLeadScope(tx).findVisible(lead.id, { id: row.id, leadScope: row.leadScope as LeadScope }, tx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw validationFailed({ assignee_id: [ASSIGNEE_CANNOT_SEE_LEAD] });
      throw error;
    }
  }

  /** Queues the reminder of a task whose reminder time is set and whose due time is still ahead. */
  async function scheduleReminder(uow: UnitOfWork, taskId: number, write: TaskWrite) {
    const remindAt = remindAtOf(write.dueAt, write.remindBeforeMinutes);
    if (!remindAt || write.dueAt.getTime() <= Date.now()) return;
    await uow.enqueue(TASK_REMINDER_QUEUE, { taskId, remindAt: remindAt.toISOString() }, { startAfter: remindAt });
  }

  async function leadOf(tx: Database, leadId: number | null, viewer: LeadViewer): Promise<LeadRow | null> {
    return leadId === null ? null : createLeadScope(tx).findVisible(leadId, viewer, tx, { lock: true });
  }

  return {
    async createTask({ actor, viewer }: LeadCaller, leadId: number | null, input: CreateTaskInput): Promise<Task> {
      return run(actor, async (uow) => {
        const repo = createTaskRepository(uow.tx);
        const lead = await leadOf(uow.tx, leadId, viewer);
        const write: TaskWrite = {
          type: input.type,
          title: input.title,
          note: input.note,
          dueAt: new Date(input.due_at),
          remindBeforeMinutes: input.remind_before_minutes,
          assigneeId: input.assignee_id === undefined ? actor.id : Number(input.assignee_id),
        };
        await checkAssignee(uow.tx, write.assigneeId, lead);
        const id = await repo.create({ ...write, leadId, createdBy: actor.id }, uow.tx);
        await uow.audit({ action: 'task.create', subjectType: 'task', subjectId: id, after: { ...audited(write), lead_id: leadId } });
        await scheduleReminder(uow, id, write);
        if (write.assigneeId !== actor.id) {
          uow.emit({ type: 'task.assigned', taskId: id, assigneeId: write.assigneeId, title: write.title, leadId, dueAt: write.dueAt.toISOString() });
        }
        uow.emit({ type: 'task.changed', taskId: id, userIds: [write.assigneeId, actor.id] });
        return repo.find(id, viewer, uow.tx);
      });
    },

    async updateTask({ actor, viewer }: LeadCaller, id: number, input: UpdateTaskInput): Promise<Task> {
      return run(actor, async (uow) => {
        const repo = createTaskRepository(uow.tx);
        const before = await repo.find(id, viewer, uow.tx);
        const stored = await repo.lockRow(id, uow.tx);
        if (!stored) throw taskNotFound();
        if (stored.version !== input.version) throw await repo.versionConflict(id, uow.tx);
        const lead = await leadOf(uow.tx, stored.leadId, viewer);
        const write: TaskWrite = {
          type: input.type ?? (stored.type as TaskWrite['type']),
          title: input.title ?? stored.title,
          note: input.note ?? stored.note,
          dueAt: input.due_at === undefined ? stored.dueAt : new Date(input.due_at),
          remindBeforeMinutes: input.remind_before_minutes === undefined ? stored.remindBeforeMinutes : input.remind_before_minutes,
          assigneeId: input.assignee_id === undefined ? stored.assigneeId : Number(input.assignee_id),
        };
        const done = input.done ?? stored.doneAt !== null;
        const comment = input.comment && { step_id: Number(input.comment.step_id), body: input.comment.body };
        if (comment && (lead === null || !done || stored.doneAt !== null)) throw validationFailed({ comment: [COMMENT_NEEDS_LEAD] });
        if (write.assigneeId !== stored.assigneeId) await checkAssignee(uow.tx, write.assigneeId, lead);
        if (!(await repo.update(id, input.version, { ...write, done, actorId: actor.id }, uow.tx))) throw await repo.versionConflict(id, uow.tx);
        await uow.audit({
          action: 'task.update',
          subjectType: 'task',
          subjectId: id,
          before: audited({ type: before.type, title: before.title, note: before.note, dueAt: stored.dueAt, remindBeforeMinutes: stored.remindBeforeMinutes, assigneeId: stored.assigneeId, done: before.done }),
          after: audited({ ...write, done }),
        });
        const remindAt = remindAtOf(write.dueAt, write.remindBeforeMinutes);
        const reopened = stored.doneAt !== null && !done;
        if (!done && (reopened || remindAt?.getTime() !== stored.remindAt?.getTime())) await scheduleReminder(uow, id, write);
        if (comment && lead) {
          const added = await createLeadCommentRepository(uow.tx, createLeadScope(uow.tx)).createNotifying(lead.id, comment, viewer);
          uow.emit({ type: 'lead.comment_added', leadId: lead.id, commentId: added.comment.id, name: leadName(added.lead), users: added.lead.users });
        }
        if (write.assigneeId !== stored.assigneeId && write.assigneeId !== actor.id) {
          uow.emit({ type: 'task.assigned', taskId: id, assigneeId: write.assigneeId, title: write.title, leadId: stored.leadId, dueAt: write.dueAt.toISOString() });
        }
        uow.emit({ type: 'task.changed', taskId: id, userIds: [write.assigneeId, stored.assigneeId, actor.id] });
        return repo.find(id, viewer, uow.tx);
      });
    },

    /** Draws a new calendar feed secret (the old URL stops working) and answers the feed's URL, the only time it is shown. */
    async rotateCalendarToken(actor: UserActor, appUrl: string): Promise<CalendarFeed> {
      const token = generateToken();
      await run(actor, async (uow) => {
        await createTaskRepository(uow.tx).setCalendarToken(actor.id, hashToken(token), uow.tx);
        await uow.audit({ action: 'user.calendar_feed_created', subjectType: 'user', subjectId: actor.id });
      });
      return { url: `${appUrl}/api/tasks/calendar/${token}.ics` };
    },

    async revokeCalendarToken(actor: UserActor): Promise<void> {
      await run(actor, async (uow) => {
        await createTaskRepository(uow.tx).setCalendarToken(actor.id, null, uow.tx);
        await uow.audit({ action: 'user.calendar_feed_revoked', subjectType: 'user', subjectId: actor.id });
      });
    },

    async deleteTask({ actor, viewer }: LeadCaller, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const repo = createTaskRepository(uow.tx);
        const task = await repo.find(id, viewer, uow.tx);
        await repo.delete(id, uow.tx);
        await uow.audit({ action: 'task.delete', subjectType: 'task', subjectId: id, before: { type: task.type, title: task.title, due_at: task.due_at, lead_id: task.lead?.id ?? null } });
        uow.emit({ type: 'task.changed', taskId: id, userIds: [task.assignee.id, actor.id] });
      });
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
