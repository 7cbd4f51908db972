import { LEAD_LIST_COLUMNS, LEAD_LIST_FIXED_COLUMN, type LeadListColumn } from '@crm/shared/schemas/mini';

export { LEAD_LIST_COLUMNS, LEAD_LIST_FIXED_COLUMN, type LeadListColumn };

/** The columns the table shows (and the fields the phone's cards show), by key. */
export type ShownLeadColumns = ReadonlySet<LeadListColumn>;

/** Each column's name: the table's header (the star column's is an icon titled so) and the chooser's checkbox. */
export const LEAD_COLUMN_LABELS: Readonly<Record<LeadListColumn, string>> = {
  name: 'ФИО',
  phone: 'Телефон',
  status: 'Статус',
  responsible: 'Ответственные',
  is_favorite: 'Избранное',
  created_at: 'Создан',
  actions: 'Действия',
};

/** Every column: the list without `columns` in its URL, and a view saved before the chooser. */
export const ALL_LEAD_COLUMNS: ShownLeadColumns = new Set(LEAD_LIST_COLUMNS);

/** The URL's `columns` (already checked and put in order by `leadsUrlSchema`) as a set. */
export function shownLeadColumns(columns: string | undefined): ShownLeadColumns {
  return columns === undefined ? ALL_LEAD_COLUMNS : new Set(columns.split(',') as LeadListColumn[]);
}
