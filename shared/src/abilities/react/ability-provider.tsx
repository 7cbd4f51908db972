import { useMemo, type ReactNode } from 'react';
import type { AbilityRule } from '@crm/shared/schemas/mini';
import { createAbility } from '../create-ability';
import { AbilityContext } from './ability-context';

export interface AbilityProviderProps {
  rules: readonly AbilityRule[];
  children?: ReactNode;
}

/** Provides the CASL ability built from `userAbilityRules`; rebuilt only when the rules change. */
export function AbilityProvider({ rules, children }: AbilityProviderProps) {
  const ability = useMemo(() => createAbility(rules), [rules]);
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}
