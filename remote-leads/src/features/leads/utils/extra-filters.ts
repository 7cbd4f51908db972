/** The list's filters beyond search, status, user and favourites (docs/decisions/077), as the URL holds them. */
export interface LeadExtraFilterValues {
  created_from?: string;
  created_to?: string;
  updated_from?: string;
  updated_to?: string;
  inactive_days?: number;
  no_user?: '0' | '1';
  overdue_tasks?: '0' | '1';
}

/** How many of the extra filters are set (the phone's "Фильтры (N)" counts them). */
export function countExtraFilters(values: LeadExtraFilterValues): number {
  return [
    values.created_from || values.created_to,
    values.updated_from || values.updated_to,
    values.inactive_days !== undefined,
    values.no_user === '1',
    values.overdue_tasks === '1',
  ].filter(Boolean).length;
}

