import { api } from '@crm/shared/api-client';
import type { DocumentInput } from '@crm/shared/schemas';
import { type DocumentResponse, documentResponseSchema } from './get-document';

/** POST /api/document: title, category_id, text, links. */
export async function createDocument(input: DocumentInput): Promise<DocumentResponse> {
  return documentResponseSchema.parse(await api.post<unknown>('/document', input));
}
