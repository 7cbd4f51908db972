import { useAbility } from '@crm/shared/abilities/react';
import { useMemo } from 'react';
import type { NavItem } from '../utils/nav-item';

/** The entries the signed-in user's abilities open; the rest are not shown at all. */
export function useAllowedNavItems(items: readonly NavItem[]): NavItem[] {
  const ability = useAbility();
  return useMemo(
    () => items.filter((item) => !item.action || !item.subject || ability.can(item.action, item.subject)),
    [ability, items],
  );
}
