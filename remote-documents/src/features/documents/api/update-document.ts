import { api } from '@crm/shared/api-client';
import type { DocumentInput } from '@crm/shared/schemas';
import { type DocumentResponse, documentResponseSchema } from './get-document';
import { documentPath } from '../utils/document-path';

/** PUT /api/document/{id}; a stale `version` answers 409 DOCUMENT_VERSION_CONFLICT. */
export async function updateDocument(id: number, input: DocumentInput): Promise<DocumentResponse> {
  return documentResponseSchema.parse(await api.put<unknown>(documentPath(id), input));
}
