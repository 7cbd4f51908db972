import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who did what, when and from where (docs/decisions/026). Rows are only ever inserted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's email at the time (or the email typed into a failed sign-in), kept when the user goes. */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    /** The API key's name when the change or call was made with one (docs/decisions/072). */
    apiKey: text('api_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_actor_created_at_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_created_at_idx').on(t.action, t.createdAt),
  ],
);
