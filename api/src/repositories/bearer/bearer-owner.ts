import { sql } from 'drizzle-orm';
import type { AbilityRule } from '@crm/shared/schemas';

/**
 * What the session and API key repositories share: both find a bearer's owner with the role's rules in one statement
 * and write the last use at most once a minute.
 */

/** How stale `last_used_at` may get; writing it on every request would turn each read into a write (decision 042). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The role's rules as one JSON array, read in the same statement as the token (decision 036: one statement per
 * request for the session instead of three).
 */
export const roleRules = sql<AbilityRule[] | string>`coalesce((
  select json_agg(json_build_object('action', p.action, 'subject', p.subject) order by p.id)
  from role_permissions rp inner join permissions p on p.id = rp.permission_id
  where rp.role_id = "roles"."id"
), '[]')`;
