import { z } from 'zod';
import { userSummarySchema } from './admin-user';
import { pageQuerySchema } from './mini/envelope';
import { idSchema } from './id';
import { textSchema } from './text';

/** A team: members see each other's leads under the "team" lead scope. */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  lead: userSummarySchema.nullable(),
  members: z.array(userSummarySchema),
  members_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/teams: search by name. */
export const teamQuerySchema = z.object({
  ...pageQuerySchema.shape,
  q: textSchema().trim().max(200, 'Не больше 200 символов').optional(),
});
export type TeamQuery = z.input<typeof teamQuerySchema>;

export const createTeamInputSchema = z.object({
  name: textSchema({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(100, 'Не больше 100 символов'),
  description: textSchema({ error: 'Укажите описание' }).trim().max(2000, 'Не больше 2000 символов').default(''),
  lead_id: idSchema('Выберите руководителя команды').nullable().default(null),
  member_ids: z.array(idSchema('Выберите участника')).max(1000, 'Не больше 1000 участников').default([]),
});
export type CreateTeamInput = z.input<typeof createTeamInputSchema>;

export const updateTeamInputSchema = createTeamInputSchema.extend({
  version: z.number({ error: 'Обновите команду и попробуйте снова' }).int().min(1),
});
export type UpdateTeamInput = z.input<typeof updateTeamInputSchema>;
