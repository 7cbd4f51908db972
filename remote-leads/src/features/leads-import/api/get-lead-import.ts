import { api } from '@crm/shared/api-client';
import type { LeadImportJob } from '@crm/shared/schemas';
import { LEAD_IMPORT_PATH } from './preview-lead-import';

/** One import run's progress and counts. */
export function getLeadImport(id: number): Promise<{ data: LeadImportJob }> {
  return api.get<{ data: LeadImportJob }>(`${LEAD_IMPORT_PATH}/${id}`);
}
