import { api } from '@crm/shared/api-client';
import type { DataEnvelope, leadImportJobSchema } from '@crm/shared/schemas';
import { LEAD_IMPORT_PATH } from './preview-lead-import';

/** One import run's progress and counts. */
export function getLeadImport(id: number): Promise<DataEnvelope<typeof leadImportJobSchema>> {
  return api.get<DataEnvelope<typeof leadImportJobSchema>>(`${LEAD_IMPORT_PATH}/${id}`);
}
