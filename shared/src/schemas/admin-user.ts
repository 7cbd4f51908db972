import { z } from 'zod';
import { teamRefSchema } from './account';
import { pageQuerySchema } from './mini/envelope';
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
  teams: z.array(teamRefSchema),
  active: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  /** Signs in with a second factor (decision 071); an administrator can reset it. */
  two_factor_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/users/list: search by name or email, filter by role, team and status. */
export const adminUserQuerySchema = z.object({
  ...pageQuerySchema.shape,
  q: textSchema().trim().max(200, 'Не больше 200 символов').optional(),
  role_id: idSchema().optional(),
  team_id: idSchema().optional(),
  status: z.enum(USER_STATUSES, { error: 'Выберите: активен или неактивен' }).optional(),
});
export type AdminUserQuery = z.input<typeof adminUserQuerySchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/users: the new user is mailed an invitation to choose a password. */
export const createUserInputSchema = z.object({
  name: textSchema({ error: 'Укажите полное имя' }).trim().min(1, 'Укажите полное имя').max(200, 'Не больше 200 символов'),
  first_name: textSchema({ error: 'Укажите имя' }).trim().min(1, 'Укажите имя').max(100, 'Не больше 100 символов'),
  email: textSchema({ error: 'Укажите адрес почты' })
    .trim()
    .toLowerCase()
    .max(254, 'Не больше 254 символов')
    .regex(EMAIL, 'Укажите корректный адрес почты'),
  role_id: idSchema('Выберите роль'),
  team_ids: z.array(idSchema('Выберите команду')).max(100, 'Не больше 100 команд').default([]),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** PUT /api/users/{id}: the whole form over the version it was read at. */
export const updateUserInputSchema = createUserInputSchema.extend({
  version: z.number({ error: 'Обновите пользователя и попробуйте снова' }).int().min(1),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** POST /api/users/{id}/status: deactivate (revokes every token at once) or activate. */
export const userStatusInputSchema = z.object({ active: z.boolean({ error: 'Выберите: активен или неактивен' }) });
export type UserStatusInput = z.input<typeof userStatusInputSchema>;
