import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';

/** GET /api/document/remove-media/{fileId} (§7): the file and its bytes are removed. */
export function removeDocumentMedia(fileId: number): Promise<MessageAnswer> {
  return api.get<MessageAnswer>(`/document/remove-media/${fileId}`);
}
