import { api } from '@crm/shared/api-client';
import { type DataEnvelope, leadImportJobSchema, dataEnvelope } from '@crm/shared/schemas';
import { LEAD_IMPORT_PATH } from './preview-lead-import';

const getLeadImportAnswer = dataEnvelope(leadImportJobSchema);

/** One import run's progress and counts. */
export async function getLeadImport(id: number): Promise<DataEnvelope<typeof leadImportJobSchema>> {
  return getLeadImportAnswer.parse(await api.get<unknown>(`${LEAD_IMPORT_PATH}/${id}`));
}
