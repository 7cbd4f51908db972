import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../../db/errors';
import { leadStatuses } from '../../db/schema/lead-statuses';
import { leadUsers } from '../../db/schema/lead-users';
import { leads } from '../../db/schema/leads';
import { users } from '../../db/schema/users';
import { AppError, type FieldErrors, validationFailed } from '../../errors/app-error';
import { STATUS_NOT_FOUND, USER_INACTIVE, USER_NOT_FOUND } from '../../lib/lead-fields';

/** The status's error when it does not exist. */
export async function statusErrors(db: Database, statusId: number): Promise<string[] | undefined> {
  const [status] = await db.select({ id: leadStatuses.id }).from(leadStatuses).where(eq(leadStatuses.id, statusId));
  return status ? undefined : [STATUS_NOT_FOUND];
}

/**
 * The users' error when any of them does not exist or is deactivated. A deactivated user who is already responsible
 * for `keepOfLead` may stay (editing a lead does not force a hand-over); nobody can be newly given a lead while deactivated.
 */
export async function userErrors(db: Database, userIds: number[], keepOfLead?: number): Promise<string[] | undefined> {
  if (userIds.length === 0) return undefined;
  const found = await db.select({ id: users.id, active: users.active }).from(users).where(inArray(users.id, userIds));
  if (found.length !== new Set(userIds).size) return [USER_NOT_FOUND];
  const inactive = found.filter((u) => !u.active).map((u) => u.id);
  if (inactive.length === 0) return undefined;
  if (keepOfLead !== undefined) {
    const kept = await db
      .select({ userId: leadUsers.userId })
      .from(leadUsers)
      .where(and(eq(leadUsers.leadId, keepOfLead), inArray(leadUsers.userId, inactive)));
    if (kept.length === inactive.length) return undefined;
  }
  return [USER_INACTIVE];
}

/** What `formReferenceErrors` answers: each field's messages, or undefined when it passes or was not asked. */
export interface FormReferenceErrors {
  status?: string[];
  users?: string[];
}

/**
 * `statusErrors` and `userErrors` in one statement (decision 036: the lead form's two lookups, one round trip). An
 * undefined status or user list is not checked.
 */
export async function formReferenceErrors(
  db: Database,
  statusId: number | undefined,
  userIds: number[] | undefined,
  keepOfLead?: number,
): Promise<FormReferenceErrors> {
  if (statusId === undefined && (userIds === undefined || userIds.length === 0)) return {};
  const kept = keepOfLead === undefined ? sql`false` : sql`exists (select 1 from ${leadUsers} lu where lu.lead_id = ${keepOfLead} and lu.user_id = u.id)`;
  type Person = { id: number; active: boolean; kept: boolean };
  const [row] = await queryRows<{ status_found: boolean | null; people: Person[] | string }>(
    db,
    sql`select
      ${statusId === undefined ? sql`null::boolean` : sql`exists (select 1 from ${leadStatuses} s where s.id = ${statusId})`} as status_found,
      coalesce((select json_agg(json_build_object('id', u.id, 'active', u.active, 'kept', ${kept}))
        from ${users} u where u.id = any(${sql.param(userIds ?? [])}::int[])), '[]') as people`,
  );
  const errors: FormReferenceErrors = {};
  if (statusId !== undefined && !row.status_found) errors.status = [STATUS_NOT_FOUND];
  if (userIds !== undefined && userIds.length > 0) {
    const found = typeof row.people === 'string' ? (JSON.parse(row.people) as Person[]) : row.people;
    if (found.length !== new Set(userIds).size) errors.users = [USER_NOT_FOUND];
    else if (found.some((u) => !u.active && !(keepOfLead !== undefined && u.kept))) errors.users = [USER_INACTIVE];
  }
  return errors;
}

/** 422 for a status or users that do not exist. */
export async function referenceErrors(db: Database, statusId: number | null | undefined, userIds: number[]): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const status = statusId !== undefined && statusId !== null ? await statusErrors(db, statusId) : undefined;
  if (status) errors.status_id = status;
  const people = await userErrors(db, userIds);
  if (people) errors.users = people;
  return errors;
}

/** Throws the 422 of a status that does not exist; null (no status) always exists. */
export async function requireStatus(db: Database, statusId: number | null): Promise<void> {
  if (statusId === null) return;
  const errors = await statusErrors(db, statusId);
  if (errors) throw validationFailed({ status_id: errors });
}

/** Throws the 422 of a user that does not exist or is deactivated, keyed by the caller's field name. */
export async function requireUser(db: Database, userId: number, field: string): Promise<void> {
  const errors = await userErrors(db, [userId]);
  if (errors) throw validationFailed({ [field]: errors });
}

/** A status or user deleted between the check and the write: still the field's error, not a 500. */
export async function withReferences<T>(db: Database, statusId: number | null | undefined, userIds: number[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (postgresErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
    const errors = await referenceErrors(db, statusId, userIds);
    throw Object.keys(errors).length > 0 ? validationFailed(errors) : error;
  }
}

/** The 409 of a stale update: who saved the version the caller has not seen, and when. */
export async function versionConflict(tx: Database, id: number): Promise<AppError> {
  const [row] = await tx
    .select({ version: leads.version, updatedAt: leads.updatedAt, user: { id: users.id, name: users.name } })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.updatedBy))
    .where(eq(leads.id, id));
  const who = row.user && row.user.id !== null ? (row.user as { id: number; name: string }) : null;
  const message = who
    ? `Лид уже изменил(а) ${who.name}. Загрузите актуальную версию, прежде чем сохранять.`
    : 'Лид уже изменён. Загрузите актуальную версию, прежде чем сохранять.';
  return new AppError('LEAD_VERSION_CONFLICT', message, undefined, {
    conflict: { updated_by: who, updated_at: row.updatedAt.toISOString(), version: row.version },
  });
}
