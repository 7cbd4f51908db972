import type { ListLeadsQuery } from '@crm/shared/schemas';
import { type FieldErrors, validationFailed } from '../../errors/app-error';
import type { LeadListFilters } from '../../repositories/lead/lead-list-filters';

/** The filter fields of GET /api/leads and GET /api/leads/export, as parsed. */
type FilterQuery = Pick<
  ListLeadsQuery,
  'search' | 'status_id' | 'user_id' | 'team_id' | 'favorite' | 'created_from' | 'created_to' | 'updated_from' | 'updated_to' | 'tz' | 'inactive_days' | 'no_user' | 'overdue_tasks'
> & { status_id?: number | 'none'; user_id?: number; team_id?: number; inactive_days?: number };

/**
 * The list's and the export's filters from their querystring, with the checks that span fields (422 by field): a
 * range that ends before it starts, and a responsible user together with "without responsible user". Days are read in
 * `tz`, else in `defaultTimeZone` (TASKS_TIME_ZONE, docs/decisions/077).
 */
export function listFiltersFromQuery(q: FilterQuery, defaultTimeZone: string): LeadListFilters {
  const errors: FieldErrors = {};
  if (q.created_from && q.created_to && q.created_to < q.created_from) errors.created_to = ['Дата «по» раньше даты «с»'];
  if (q.updated_from && q.updated_to && q.updated_to < q.updated_from) errors.updated_to = ['Дата «по» раньше даты «с»'];
  if (q.no_user === '1' && q.user_id !== undefined) errors.no_user = ['Нельзя одновременно выбрать ответственного и «Без ответственного»'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    search: q.search,
    statusId: q.status_id,
    userId: q.user_id,
    favoriteOnly: q.favorite === '1',
    teamId: q.team_id,
    createdFrom: q.created_from,
    createdTo: q.created_to,
    updatedFrom: q.updated_from,
    updatedTo: q.updated_to,
    timeZone: q.tz ?? defaultTimeZone,
    inactiveDays: q.inactive_days,
    noUser: q.no_user === '1',
    overdueTasks: q.overdue_tasks === '1',
  };
}
