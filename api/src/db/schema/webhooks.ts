import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Endpoints that receive signed POSTs when leads, comments or documents change (docs/decisions/070). The secret is
 * kept as given so deliveries can be signed with it; the API shows it once, when it is created or replaced.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    url: text('url').notNull(),
    /** Event names (`lead.created`, …; WEBHOOK_EVENTS in @crm/shared/schemas). */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** Deliveries carry what the API would answer this user; none while the user is inactive. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** Failed attempts in a row; a success sets it back to 0, reaching the limit turns the webhook off. */
    failureCount: integer('failure_count').notNull().default(0),
    /** Why and when it was turned off automatically (null when it is on, or was turned off by a person). */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_active_idx').on(t.active)],
);

/** One attempt to deliver one event to one webhook; only the newest few hundred per webhook are kept. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The delivery's id in the body: the same on every attempt, so a receiver can drop a repeat. */
    deliveryId: text('delivery_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** The answer's HTTP status; null when none came (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    attempt: integer('attempt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_webhook_id_id_idx').on(t.webhookId, t.id.desc())],
);
