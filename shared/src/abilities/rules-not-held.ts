import type { AbilityRule } from '@crm/shared/schemas/mini';
import type { AppAbility } from './create-ability';

/**
 * The rules of `rules` that `ability` does not grant: what a role carrying them would hand out beyond its giver.
 * Empty means the giver holds them all (`manage all` holds everything). Nobody grants what they do not hold
 * (decision 045): the API refuses such a grant and the admin pages offer only roles whose rules come back empty.
 */
export function rulesNotHeld(ability: AppAbility, rules: readonly AbilityRule[]): AbilityRule[] {
  return rules.filter((rule) => ability.cannot(rule.action, rule.subject));
}
