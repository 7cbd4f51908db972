import { and, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { validationFailed } from '../../errors/app-error';
import { leads } from '../../db/schema/leads';

/**
 * Keyset paging for the leads list (decision 032). A cursor names one row by its sort value, as PostgreSQL prints it
 * (`created_at::text` keeps the microseconds a JavaScript Date would drop), and its id: base64url of `[value, id]`.
 */
export interface LeadCursor {
  value: string | null;
  id: number;
}

export const encodeLeadCursor = (cursor: LeadCursor): string =>
  Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');

/** What a printed sort value looks like, per sort field (PostgreSQL's timestamptz text, an int4, any text but NUL). */
const valuePatterns: Record<string, RegExp> = {
  created_at: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  updated_at: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  status_id: /^-?\d{1,10}$/,
  surname: /^[\s\S]{0,300}$/,
  phone: /^[\s\S]{0,300}$/,
};

/** The cursor of `after`/`before`, or a 422 on that field when it is not one this API gave out. */
export function decodeLeadCursor(text: string, field: 'after' | 'before', sortField: string): LeadCursor {
  const invalid = () => validationFailed({ [field]: ['Invalid cursor'] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [value, id] = parsed as unknown[];
  if (sortField === 'status_id' && typeof value === 'string' && Math.abs(Number(value)) > 2_147_483_647) throw invalid();
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) throw invalid();
  if (value === null ? sortField !== 'status_id' : typeof value !== 'string' || value.includes('\u0000') || !valuePatterns[sortField].test(value)) throw invalid();
  return { value: value as string | null, id: id as number };
}

/** How a sort column's printed value is read back, so the comparison runs in the column's own type (and index). */
const casts: Record<string, string> = { created_at: 'timestamptz', updated_at: 'timestamptz', status_id: 'int', surname: 'text', phone: 'text' };

/**
 * The rows that come after `cursor` when scanning `column, id` in `direction`. NULLs (only `status_id` has them) sort
 * last ascending and first descending, as PostgreSQL's ORDER BY puts them.
 */
export function afterCursor(field: string, column: AnyPgColumn, direction: 'asc' | 'desc', cursor: LeadCursor): SQL {
  const beyond = direction === 'asc' ? gt : lt;
  if (cursor.value === null) {
    const sameNull = and(isNull(column), beyond(leads.id, cursor.id))!;
    return direction === 'asc' ? sameNull : or(sameNull, isNotNull(column))!;
  }
  const value = sql`${cursor.value}::${sql.raw(casts[field])}`;
  const row = direction === 'asc' ? sql`(${column}, ${leads.id}) > (${value}, ${cursor.id})` : sql`(${column}, ${leads.id}) < (${value}, ${cursor.id})`;
  return direction === 'asc' && field === 'status_id' ? or(row, isNull(column))! : row;
}
