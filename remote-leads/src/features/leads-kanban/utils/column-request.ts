import { NO_STATUS } from '@crm/shared/schemas/mini';
import type { LeadsFilters, LeadsRequest } from '../../../api/get-leads';

/** Cards a column loads at a time ("Показать ещё" loads the next batch). */
export const KANBAN_PAGE_SIZE = 20;

/**
 * One batch of a column: GET /api/leads?status_id=…&per_page=20&page=… with the list's other filters. The column of
 * `null` ('Без статуса') asks for status_id=none.
 */
export function columnRequest(filters: LeadsFilters, statusId: number | null, page: number): LeadsRequest {
  return { ...filters, status_id: statusId ?? NO_STATUS, page, per_page: KANBAN_PAGE_SIZE };
}
