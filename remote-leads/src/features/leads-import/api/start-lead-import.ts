import { api } from '@crm/shared/api-client';
import { dataEnvelope, type DataEnvelope, type DuplicateMode, leadImportJobSchema, type LeadImportMapping } from '@crm/shared/schemas';
import { LEAD_IMPORT_PATH } from './preview-lead-import';

export interface StartLeadImportInput {
  file: File;
  mapping: LeadImportMapping;
  onDuplicate: DuplicateMode;
}

/** Starts an import run (202); the server works through the file while GET /leads/import/{id} reports progress. */
export async function startLeadImport({ file, mapping, onDuplicate }: StartLeadImportInput): Promise<DataEnvelope<typeof leadImportJobSchema>> {
  const form = new FormData();
  form.append('file', file);
  form.append('mapping', JSON.stringify(mapping));
  form.append('on_duplicate', onDuplicate);
  return dataEnvelope(leadImportJobSchema).parse(await api.post<unknown>(LEAD_IMPORT_PATH, form));
}
