import { useAbility } from '@crm/shared/abilities/react';
import { useMemo } from 'react';
import { allowedNavGroups, type NavGroup } from '../utils/nav-item';

/** The groups and entries the signed-in user's abilities open; the rest are not shown at all. */
export function useAllowedNavGroups(groups: readonly NavGroup[]): NavGroup[] {
  const ability = useAbility();
  return useMemo(() => allowedNavGroups(groups, (action, subject) => ability.can(action, subject)), [ability, groups]);
}
