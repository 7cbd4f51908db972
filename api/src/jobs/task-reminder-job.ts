import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTaskRepository } from '../repositories/task-repository';
import type { JobDefinition } from './job-queue';

declare module './job-queue' {
  interface JobDataByName {
    'task-reminder': { taskId: number; remindAt: string };
  }
}

export const TASK_REMINDER_QUEUE = 'task-reminder';

/**
 * A task's reminder (docs/decisions/074), queued with `startAfter` in the transaction that set its time. The claim is
 * one conditional UPDATE: the task must still exist, be open, not reminded, and remind at the time this job was
 * queued for — so a task done, deleted or moved first sends nothing, and of two instances (or a retried job) exactly
 * one sends. The claim, the notification and the `task.due` webhook deliveries commit together.
 */
export function taskReminderJob(app: FastifyInstance): JobDefinition<typeof TASK_REMINDER_QUEUE> {
  return {
    name: TASK_REMINDER_QUEUE,
    schema: z.object({ taskId: z.number().int(), remindAt: z.iso.datetime() }),
    concurrency: 2,
    async run(data) {
      await app.unitOfWork(null, async (uow) => {
        const task = await createTaskRepository(uow.tx).claimReminder(data.taskId, new Date(data.remindAt), uow.tx);
        if (!task) return;
        uow.emit({ type: 'task.due', taskId: task.id, assigneeId: task.assigneeId, title: task.title, leadId: task.leadId, dueAt: task.dueAt.toISOString() });
      });
    },
  };
}
