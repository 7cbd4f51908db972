import { downloadFile } from '@crm/shared/api-client';
import { LEAD_IMPORT_PATH } from './preview-lead-import';

/** Saves the rejected rows of a run as CSV (the original columns plus `line` and `errors`). */
export function downloadLeadImportReport(id: number): Promise<string> {
  return downloadFile(`${LEAD_IMPORT_PATH}/${id}/report`, undefined, `lead-import-${id}-report.csv`);
}
