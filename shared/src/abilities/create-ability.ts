import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { AbilityAction, AbilityRule, AbilitySubject } from '@crm/shared/schemas/mini';

/** The CASL ability the server enforces and the client renders with. `manage` and `all` are CASL's wildcards. */
export type AppAbility = MongoAbility<[AbilityAction, AbilitySubject]>;

/**
 * Builds the ability from `userAbilityRules`. The API and the UI call this with the same rule objects,
 * so what the UI shows and what the server allows cannot drift apart.
 */
export function createAbility(rules: readonly AbilityRule[] = []): AppAbility {
  return createMongoAbility<[AbilityAction, AbilitySubject]>(rules.map((r) => ({ action: r.action, subject: r.subject })));
}
