import { z } from 'zod';
import { abilityRuleSchema } from './mini/ability-rule';
import { userSummarySchema } from './admin-user';
import { idSchema } from './id';
import { textSchema } from './text';

/** Which leads a role sees: every lead, its teams' leads, or only its own (Leads issue). */
export const LEAD_SCOPES = ['all', 'team', 'own'] as const;
export type LeadScope = (typeof LEAD_SCOPES)[number];

export const permissionSchema = z.object({
  id: z.number().int(),
  action: abilityRuleSchema.shape.action,
  subject: abilityRuleSchema.shape.subject,
  name: z.string(),
  /** The roles holding it (permissions page). */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const permissionInputSchema = z.object({
  action: abilityRuleSchema.shape.action,
  subject: abilityRuleSchema.shape.subject,
  name: textSchema({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(100, 'Не больше 100 символов'),
});
export type PermissionInput = z.input<typeof permissionInputSchema>;

/** How many holders a role card shows as avatars. */
export const ROLE_CARD_AVATARS = 5;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lead_scope: z.enum(LEAD_SCOPES),
  /** Its users must sign in with a second factor; those without one set it up after the password (decision 071). */
  two_factor_required: z.boolean(),
  permissions: z.array(abilityRuleSchema),
  permission_ids: z.array(z.number().int()),
  users_count: z.number().int(),
  /** The first few holders, for the card's avatars. */
  users: z.array(userSummarySchema),
  version: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

/** A role as a choice (GET /api/roles/options): what a filter or a picker needs, without the rules or the holders. */
export const roleOptionSchema = roleSchema.pick({ id: true, name: true });
export type RoleOption = z.infer<typeof roleOptionSchema>;

export const createRoleInputSchema = z.object({
  name: textSchema({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(100, 'Не больше 100 символов'),
  lead_scope: z.enum(LEAD_SCOPES, { error: 'Выберите, какие лиды видит роль' }),
  /** Left out: off for a new role, unchanged by an update (clients built before it keep working). */
  two_factor_required: z.boolean({ error: 'Укажите, обязательна ли двухфакторная аутентификация' }).optional(),
  permission_ids: z.array(idSchema('Выберите разрешение')).max(500).default([]),
});
export type CreateRoleInput = z.input<typeof createRoleInputSchema>;

export const updateRoleInputSchema = createRoleInputSchema.extend({
  version: z.number({ error: 'Обновите роль и попробуйте снова' }).int().min(1),
});
export type UpdateRoleInput = z.input<typeof updateRoleInputSchema>;
