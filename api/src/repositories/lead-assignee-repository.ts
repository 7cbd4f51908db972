import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { LEAD_ASSIGNEES_LIMIT, type LeadAssignee } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The users a lead can be handed over to (the share dialog's list): active ones only. */
export function createLeadAssigneeRepository(db: Database) {
  return {
    /** Up to LEAD_ASSIGNEES_LIMIT active users by name, those whose name, first name or e-mail contains `search`. */
    async list(search: string | undefined): Promise<LeadAssignee[]> {
      const text = search?.trim();
      const pattern = text ? `%${escapeLike(text)}%` : undefined;
      return db
        .select({
          id: users.id,
          name: users.name,
          first_name: users.firstName,
          email: users.email,
          avatar: users.avatar,
          role: roles.name,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(
            eq(users.active, true),
            pattern ? or(ilike(users.name, pattern), ilike(users.firstName, pattern), ilike(users.email, pattern)) : undefined,
          ),
        )
        .orderBy(asc(users.name), asc(users.id))
        .limit(LEAD_ASSIGNEES_LIMIT);
    },
  };
}

export type LeadAssigneeRepository = ReturnType<typeof createLeadAssigneeRepository>;
