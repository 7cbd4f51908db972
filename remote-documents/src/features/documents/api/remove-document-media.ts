import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';

/** GET /api/document/remove-media/{fileId}: the file and its bytes are removed. */
export async function removeDocumentMedia(fileId: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.get<unknown>(`/document/remove-media/${fileId}`));
}
