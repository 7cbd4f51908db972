import { api } from '@crm/shared/api-client';
import type { DocumentInput } from '@crm/shared/schemas';
import type { DocumentResponse } from './get-document';

/** POST /api/document (§7): title, category_id, text, links. */
export function createDocument(input: DocumentInput): Promise<DocumentResponse> {
  return api.post<DocumentResponse>('/document', input);
}
