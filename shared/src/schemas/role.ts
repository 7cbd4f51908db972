import { z } from 'zod';
import { abilityRuleSchema } from './ability-rule';

/** Which leads a role sees: every lead, its teams' leads, or only its own (Leads issue). */
export const LEAD_SCOPES = ['all', 'team', 'own'] as const;
export type LeadScope = (typeof LEAD_SCOPES)[number];

export const permissionSchema = z.object({
  id: z.number().int(),
  action: abilityRuleSchema.shape.action,
  subject: abilityRuleSchema.shape.subject,
  name: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lead_scope: z.enum(LEAD_SCOPES),
  permissions: z.array(abilityRuleSchema),
  users_count: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;
