import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { documentPath } from './get-document';

/** DELETE /api/document/{id}: the document and its files. */
export function deleteDocument(id: number): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(documentPath(id));
}
