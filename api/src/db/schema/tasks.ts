import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { leads } from './leads';
import { users } from './users';

/**
 * Tasks and reminders (issue 23, docs/decisions/074): a call, meeting, email or plain task of one lead or standing
 * alone, due at a moment (timestamptz), assigned to one user. `remind_at` is `due_at` minus `remind_before_minutes`,
 * stored so the reminder job can check that the time it was queued for still holds; `reminded_at` is set once, by the
 * conditional UPDATE that sends the reminder.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    remindBeforeMinutes: integer('remind_before_minutes'),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    assigneeId: integer('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tasks_type_check', sql`${t.type} in ('call', 'meeting', 'email', 'task')`),
    check('tasks_remind_before_check', sql`${t.remindBeforeMinutes} is null or ${t.remindBeforeMinutes} between 0 and 10080`),
    // "Мой день" and the menu badge: one assignee's open tasks by due time.
    index('tasks_assignee_open_due_idx').on(t.assigneeId, t.dueAt).where(sql`${t.doneAt} is null`),
    index('tasks_assignee_done_idx').on(t.assigneeId, t.doneAt.desc()).where(sql`${t.doneAt} is not null`),
    index('tasks_lead_id_idx').on(t.leadId, t.dueAt),
    index('tasks_created_by_idx').on(t.createdBy),
  ],
);
