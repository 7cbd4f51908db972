import { api } from '@crm/shared/api-client';
import { dataEnvelope, type DataEnvelope, leadImportPreviewSchema } from '@crm/shared/schemas';

export const LEAD_IMPORT_PATH = '/leads/import';

/** Uploads the CSV for a look before importing: its headers, first rows and a suggested column mapping. */
export async function previewLeadImport(file: File): Promise<DataEnvelope<typeof leadImportPreviewSchema>> {
  const form = new FormData();
  form.append('file', file);
  return dataEnvelope(leadImportPreviewSchema).parse(await api.post<unknown>(`${LEAD_IMPORT_PATH}/preview`, form));
}
