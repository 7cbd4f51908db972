import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { idSchema } from './id';
import { textSchema } from './text';

/** Whether a user may sign in (users page filter). */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user, a team member, a role holder: what an avatar row needs. */
export const userSummarySchema = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() });
export type UserSummary = z.infer<typeof userSummarySchema>;

/** A row of the users page (GET /api/users/list) and the user edit form's data. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  active: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/users/list: search by name or email, filter by role, team and status. */
export const adminUserQuerySchema = pageQuerySchema.extend({
  q: textSchema().trim().max(200, 'At most 200 characters').optional(),
  role_id: idSchema().optional(),
  team_id: idSchema().optional(),
  status: z.enum(USER_STATUSES, { error: 'Choose active or inactive' }).optional(),
});
export type AdminUserQuery = z.input<typeof adminUserQuerySchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/users: the new user is mailed an invitation to choose a password. */
export const createUserInputSchema = z.object({
  name: textSchema({ error: 'Enter the full name' }).trim().min(1, 'Enter the full name').max(200, 'At most 200 characters'),
  first_name: textSchema({ error: 'Enter the first name' }).trim().min(1, 'Enter the first name').max(100, 'At most 100 characters'),
  email: textSchema({ error: 'Enter an email address' })
    .trim()
    .toLowerCase()
    .max(254, 'At most 254 characters')
    .regex(EMAIL, 'Enter a valid email address'),
  role_id: idSchema('Choose a role'),
  team_ids: z.array(idSchema('Choose a team')).max(100, 'At most 100 teams').default([]),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** PUT /api/users/{id}: the whole form over the version it was read at. */
export const updateUserInputSchema = createUserInputSchema.extend({
  version: z.number({ error: 'Reload the user and try again' }).int().min(1),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** POST /api/users/{id}/status: deactivate (revokes every token at once) or activate. */
export const userStatusInputSchema = z.object({ active: z.boolean({ error: 'Choose active or inactive' }) });
export type UserStatusInput = z.input<typeof userStatusInputSchema>;
