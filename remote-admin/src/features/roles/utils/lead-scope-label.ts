import type { LeadScope } from '@crm/shared/schemas';

const LABELS: Record<LeadScope, string> = {
  all: 'Все лиды',
  team: 'Лиды команды',
  own: 'Свои лиды',
};

/** How a role's lead scope reads in the roles table. */
export function leadScopeLabel(scope: LeadScope): string {
  return LABELS[scope];
}
