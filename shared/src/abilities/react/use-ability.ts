import { useContext } from 'react';
import type { AppAbility } from '../create-ability';
import { AbilityContext } from './ability-context';

/** The current user's ability: `useAbility().can('delete', 'lead-status')`. */
export function useAbility(): AppAbility {
  return useContext(AbilityContext);
}
