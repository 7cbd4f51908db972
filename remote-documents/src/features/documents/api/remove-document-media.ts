import { api, type RequestOptions } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';

/** GET /api/document/remove-media/{fileId}: the file and its bytes are removed. */
export async function removeDocumentMedia(fileId: number, options?: RequestOptions): Promise<MessageAnswer> {
  return messageSchema.parse(await api.get<unknown>(`/document/remove-media/${fileId}`, undefined, options));
}

/** What the files card hides while the file's delete waits for 'Отменить' (docs/decisions/064). */
export const pendingFileKey = (id: number) => `file:${id}`;
