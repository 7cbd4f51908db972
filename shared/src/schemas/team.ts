import { z } from 'zod';
import { userSummarySchema } from './admin-user';
import { pageQuerySchema } from './envelope';
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
export const teamQuerySchema = pageQuerySchema.extend({
  q: textSchema().trim().max(200, 'At most 200 characters').optional(),
});
export type TeamQuery = z.input<typeof teamQuerySchema>;

export const createTeamInputSchema = z.object({
  name: textSchema({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(100, 'At most 100 characters'),
  description: textSchema({ error: 'Enter a description' }).trim().max(2000, 'At most 2000 characters').default(''),
  lead_id: idSchema('Choose the team lead').nullable().default(null),
  member_ids: z.array(idSchema('Choose a member')).max(1000, 'At most 1000 members').default([]),
});
export type CreateTeamInput = z.input<typeof createTeamInputSchema>;

export const updateTeamInputSchema = createTeamInputSchema.extend({
  version: z.number({ error: 'Reload the team and try again' }).int().min(1),
});
export type UpdateTeamInput = z.input<typeof updateTeamInputSchema>;
