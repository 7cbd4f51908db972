import { api, useApi } from '@crm/shared/api-client';
import type { LeadListItem, PaginationMeta } from '@crm/shared/schemas';

export const LEADS_PATH = '/leads';
/** Cards a column loads at a time ("Показать ещё" loads the next batch). */
export const KANBAN_PAGE_SIZE = 20;

/** The list filters the kanban honours; the status is the column's own. */
export type KanbanFilters = {
  search?: string;
  user_id?: number;
  favorite?: '1';
  sort?: string;
};

export type ColumnLeadsQuery = KanbanFilters & { status_id: number; page: number; per_page: number };

export type ColumnLeadsResponse = { data: LeadListItem[]; meta: PaginationMeta };

export function columnLeadsQuery(filters: KanbanFilters, statusId: number, page: number): ColumnLeadsQuery {
  return { ...filters, status_id: statusId, page, per_page: KANBAN_PAGE_SIZE };
}

export function getColumnLeads(query: ColumnLeadsQuery): Promise<ColumnLeadsResponse> {
  return api.get<ColumnLeadsResponse>(LEADS_PATH, query);
}

/** One batch of a status column: GET /api/leads?status_id=…&per_page=20&page=… plus the list's filters. */
export function useColumnLeads(query: ColumnLeadsQuery) {
  return useApi<ColumnLeadsResponse>(LEADS_PATH, query);
}

/** Matches every cached batch of the given statuses' columns (and list pages filtered by them). */
export const isColumnKeyOf =
  (statusIds: readonly number[]) =>
  (key: unknown): boolean => {
    if (!Array.isArray(key) || key[0] !== LEADS_PATH) return false;
    const statusId = (key[1] as { status_id?: unknown } | undefined)?.status_id;
    return typeof statusId === 'number' && statusIds.includes(statusId);
  };
