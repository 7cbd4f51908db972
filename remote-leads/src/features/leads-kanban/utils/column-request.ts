import type { LeadsFilters, LeadsRequest } from '../../../api/get-leads';

/** Cards a column loads at a time ("Показать ещё" loads the next batch). */
export const KANBAN_PAGE_SIZE = 20;

/** One batch of a status column: GET /api/leads?status_id=…&per_page=20&page=… with the list's other filters. */
export function columnRequest(filters: LeadsFilters, statusId: number, page: number): LeadsRequest {
  return { ...filters, status_id: statusId, page, per_page: KANBAN_PAGE_SIZE };
}
