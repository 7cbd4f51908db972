import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { documentPath } from './get-document';

/** DELETE /api/document/{id}: the document and its files. */
export async function deleteDocument(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(documentPath(id)));
}
