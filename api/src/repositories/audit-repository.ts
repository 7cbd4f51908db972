import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditLogQuery, Paginated, auditEntrySchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema/audit-log';
import { users } from '../db/schema/users';

export interface AuditRecord {
  action: AuditAction;
  actorId?: number | null;
  actorEmail?: string | null;
  subjectType?: string | null;
  subjectId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** The API key's name when the change or call came with one (docs/decisions/072). */
  apiKey?: string | null;
}

export interface AuditListQuery extends Omit<AuditLogQuery, 'page' | 'per_page'> {
  page: number;
  per_page: number;
}

const DAY_MS = 86_400_000;

export function createAuditRepository(db: Database) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db.insert(auditLog).values({
        action: entry.action,
        actorId: entry.actorId ?? null,
        actorEmail: entry.actorEmail ?? null,
        subjectType: entry.subjectType ?? null,
        subjectId: entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId),
        // `undefined` would be dropped by JSON: a missing side of a change is stored as SQL null.
        before: entry.before === undefined ? null : entry.before,
        after: entry.after === undefined ? null : entry.after,
        ip: entry.ip ?? null,
        apiKey: entry.apiKey ?? null,
      });
    },

    /** Newest first, filtered by actor, action and inclusive UTC days. */
    async list(query: AuditListQuery): Promise<Paginated<typeof auditEntrySchema>> {
      const where: SQL[] = [];
      if (query.actor_id !== undefined) where.push(eq(auditLog.actorId, query.actor_id as number));
      if (query.action) where.push(eq(auditLog.action, query.action));
      if (query.from) where.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
      if (query.to) where.push(lt(auditLog.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(condition);
      const rows = await db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorId: auditLog.actorId,
          actorEmail: auditLog.actorEmail,
          actorName: users.name,
          actorFirstName: users.firstName,
          subjectType: auditLog.subjectType,
          subjectId: auditLog.subjectId,
          before: auditLog.before,
          after: auditLog.after,
          ip: auditLog.ip,
          apiKey: auditLog.apiKey,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(condition)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const data: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        action: r.action,
        actor: {
          id: r.actorId,
          email: r.actorEmail,
          // The full name as written, as userDisplayName shows it (docs/decisions/066).
          name: r.actorName === null ? null : r.actorName.trim() || r.actorFirstName || null,
        },
        subject_type: r.subjectType,
        subject_id: r.subjectId,
        before: r.before,
        after: r.after,
        ip: r.ip,
        api_key: r.apiKey,
        created_at: r.createdAt.toISOString(),
      }));
      return {
        data,
        meta: { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) },
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
