import { downloadFile } from '@crm/shared/api-client';

export const LEADS_EXPORT_PATH = '/leads/export';

/** The list filters the export takes: the same query as GET /api/leads. */
export type LeadsExportQuery = Record<string, string | number | undefined>;

// Paging is the list's business: the export is every lead the filters match.
const PAGING_KEYS = new Set(['page', 'per_page']);

/**
 * Streams the filtered leads as CSV and saves it under the server's name (`leads-YYYY-MM-DD.csv`), with Russian
 * headers like the screen it is started from (docs/decisions/068).
 */
export function exportLeads(query: LeadsExportQuery): Promise<string> {
  const filters = { ...Object.fromEntries(Object.entries(query).filter(([key]) => !PAGING_KEYS.has(key))), lang: 'ru' };
  const today = new Date().toISOString().slice(0, 10);
  return downloadFile(LEADS_EXPORT_PATH, filters, `leads-${today}.csv`);
}
