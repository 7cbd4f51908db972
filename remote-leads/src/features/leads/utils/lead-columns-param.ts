import { LEAD_LIST_COLUMNS, LEAD_LIST_FIXED_COLUMN, type LeadListColumn, type ShownLeadColumns } from './lead-columns';

/**
 * The URL's `columns` once `column` is shown or hidden: in the table's order with the name (which stays), undefined
 * (out of the URL) when every column shows. Apart from lead-columns.ts: only the chooser's lazy panel needs it.
 */
export function leadColumnsParam(shown: ShownLeadColumns, column: LeadListColumn, visible: boolean): string | undefined {
  const list = LEAD_LIST_COLUMNS.filter((name) =>
    name === LEAD_LIST_FIXED_COLUMN || (name === column ? visible : shown.has(name)),
  );
  return list.length === LEAD_LIST_COLUMNS.length ? undefined : list.join(',');
}
