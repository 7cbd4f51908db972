import { api } from '@crm/shared/api-client';
import type { DocumentInput } from '@crm/shared/schemas';
import { documentPath, type DocumentResponse, documentResponseSchema } from './get-document';

/** PUT /api/document/{id}; a stale `version` answers 409 DOCUMENT_VERSION_CONFLICT. */
export async function updateDocument(id: number, input: DocumentInput): Promise<DocumentResponse> {
  return documentResponseSchema.parse(await api.put<unknown>(documentPath(id), input));
}
