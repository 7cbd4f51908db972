import { useAbility } from '@crm/shared/abilities/react';

/** Merging takes both `edit lead` and `delete lead` (the API says the same, docs/decisions/075). */
export function useCanMergeLeads(): boolean {
  const ability = useAbility();
  return ability.can('edit', 'lead') && ability.can('delete', 'lead');
}
