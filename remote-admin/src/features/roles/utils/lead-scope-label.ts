import type { LeadScope } from '@crm/shared/schemas';

const LABELS: Record<LeadScope, string> = {
  all: 'All leads',
  team: "Team's leads",
  own: 'Own leads',
};

/** How a role's lead scope reads in the roles table. */
export function leadScopeLabel(scope: LeadScope): string {
  return LABELS[scope];
}
