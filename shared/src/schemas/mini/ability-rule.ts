import { z } from 'zod/mini';

/** Actions a rule may grant. `manage` means every action; `assign` is handing a lead over (`assign lead`). */
export const ABILITY_ACTIONS = ['manage', 'view', 'create', 'edit', 'delete', 'assign'] as const;
/** Subjects named by the spec. `all` means every subject. */
export const ABILITY_SUBJECTS = [
  'all',
  'lead',
  'lead-status',
  'document',
  'document-category',
  'step',
  'team',
  'users',
  'permissions',
  'roles',
  'white-ip',
  /** The audit log (`view audit`); Admin has it through `manage all`. */
  'audit',
  /** Switching and rolling back where a remote is loaded from (`manage remotes`, docs/decisions/052). */
  'remotes',
  /** Registering webhooks and reading their deliveries (`manage webhooks`, docs/decisions/070). */
  'webhooks',
  /** Creating and revoking one's own API keys (`manage api-keys`, docs/decisions/072). */
  'api-keys',
  /** The dashboard's figures (`view dashboard`, every seeded role; docs/decisions/076). */
  'dashboard',
  /** Sharing saved views of the leads list with a team or everyone (`manage saved-views`, docs/decisions/077). */
  'saved-views',
] as const;

export type AbilityAction = (typeof ABILITY_ACTIONS)[number];
export type AbilitySubject = (typeof ABILITY_SUBJECTS)[number];

export const abilityRuleSchema = z.object({
  action: z.enum(ABILITY_ACTIONS),
  subject: z.enum(ABILITY_SUBJECTS),
});
/** One entry of `userAbilityRules`. */
export type AbilityRule = z.infer<typeof abilityRuleSchema>;
