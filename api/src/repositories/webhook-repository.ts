import { and, arrayContains, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Webhook, WebhookDelivery } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { webhookDeliveries, webhooks } from '../db/schema/webhooks';

/** The delivery log keeps this many attempts per webhook, the newest. */
export const DELIVERIES_KEPT = 200;

const columns = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  active: webhooks.active,
  failureCount: webhooks.failureCount,
  disabledReason: webhooks.disabledReason,
  createdAt: webhooks.createdAt,
  updatedAt: webhooks.updatedAt,
  ownerId: users.id,
  ownerName: users.name,
  ownerFirstName: users.firstName,
  ownerEmail: users.email,
};

type Row = {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  failureCount: number;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  ownerId: number;
  ownerName: string;
  ownerFirstName: string;
  ownerEmail: string;
};

const toDto = (r: Row): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  active: r.active,
  failure_count: r.failureCount,
  disabled_reason: r.disabledReason,
  owner: { id: r.ownerId, name: `${r.ownerFirstName} ${r.ownerName}`.trim(), email: r.ownerEmail },
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** What a delivery needs of its webhook: where, signed with what, on whose behalf, and whether it is still on. */
export interface WebhookTarget {
  id: number;
  url: string;
  secret: string;
  ownerId: number;
  active: boolean;
}

export interface NewDelivery {
  webhookId: number;
  deliveryId: string;
  event: string;
  payload: unknown;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attempt: number;
}

export function createWebhookRepository(db: Database) {
  async function find(id: number): Promise<Webhook | undefined> {
    const [row] = await db.select(columns).from(webhooks).innerJoin(users, eq(users.id, webhooks.ownerId)).where(eq(webhooks.id, id));
    return row && toDto(row);
  }

  return {
    async list(): Promise<Webhook[]> {
      const rows = await db.select(columns).from(webhooks).innerJoin(users, eq(users.id, webhooks.ownerId)).orderBy(asc(webhooks.id));
      return rows.map(toDto);
    },

    find,

    async target(id: number): Promise<WebhookTarget | undefined> {
      const [row] = await db
        .select({ id: webhooks.id, url: webhooks.url, secret: webhooks.secret, ownerId: webhooks.ownerId, active: webhooks.active })
        .from(webhooks)
        .where(eq(webhooks.id, id));
      return row;
    },

    /** The webhooks that are on and subscribed to `event`. */
    async subscribedTo(event: string): Promise<{ id: number; ownerId: number }[]> {
      return db
        .select({ id: webhooks.id, ownerId: webhooks.ownerId })
        .from(webhooks)
        .where(and(eq(webhooks.active, true), arrayContains(webhooks.events, [event])))
        .orderBy(asc(webhooks.id));
    },

    async create(input: { url: string; events: string[]; secret: string; ownerId: number; active: boolean }): Promise<Webhook> {
      const [created] = await db.insert(webhooks).values(input).returning({ id: webhooks.id });
      return (await find(created.id))!;
    },

    /** Turning a webhook on forgets its failures and why it was turned off. */
    async update(id: number, changes: { url?: string; events?: string[]; secret?: string; active?: boolean }): Promise<Webhook | undefined> {
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const reset = changes.active === true ? { failureCount: 0, disabledReason: null } : {};
      const updated = await db
        .update(webhooks)
        .set({ ...set, ...reset, updatedAt: sql`now()` })
        .where(eq(webhooks.id, id))
        .returning({ id: webhooks.id });
      return updated.length === 0 ? undefined : find(id);
    },

    async delete(id: number): Promise<boolean> {
      return (await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id })).length > 0;
    },

    /** Stores an attempt and drops the webhook's attempts older than the newest DELIVERIES_KEPT. */
    async recordDelivery(delivery: NewDelivery): Promise<WebhookDelivery> {
      const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
      const [oldest] = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, delivery.webhookId))
        .orderBy(desc(webhookDeliveries.id))
        .offset(DELIVERIES_KEPT - 1)
        .limit(1);
      if (oldest) await db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, delivery.webhookId), lt(webhookDeliveries.id, oldest.id)));
      return deliveryDto(row);
    },

    /**
     * Counts a scheduled attempt's outcome: a success sets the failures in a row back to 0, a failure adds one.
     * Answers the count after it, and whether the webhook is still on.
     */
    async countOutcome(id: number, ok: boolean): Promise<{ failureCount: number; active: boolean } | undefined> {
      const [row] = await db
        .update(webhooks)
        .set({ failureCount: ok ? 0 : sql`${webhooks.failureCount} + 1` })
        .where(eq(webhooks.id, id))
        .returning({ failureCount: webhooks.failureCount, active: webhooks.active });
      return row;
    },

    /** Turns a webhook off after repeated failures; false when it was already off (another worker got there first). */
    async disable(id: number, reason: string): Promise<boolean> {
      const updated = await db
        .update(webhooks)
        .set({ active: false, disabledReason: reason, updatedAt: sql`now()` })
        .where(and(eq(webhooks.id, id), eq(webhooks.active, true)))
        .returning({ id: webhooks.id });
      return updated.length > 0;
    },

    async deliveries(webhookId: number, limit = DELIVERIES_KEPT): Promise<WebhookDelivery[]> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit);
      return rows.map(deliveryDto);
    },
  };
}

function deliveryDto(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    delivery_id: row.deliveryId,
    event: row.event,
    status_code: row.statusCode,
    ok: row.error === null,
    duration_ms: row.durationMs,
    error: row.error,
    attempt: row.attempt,
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
