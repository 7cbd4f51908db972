import { uploadWithProgress, type UploadProgressOptions } from '@crm/shared/api-client';
import type { DataEnvelope, DocumentFile, documentFileSchema } from '@crm/shared/schemas';

/** POST /api/document/add-media: multipart document_id and file[], one file per request; answers the new file. */
export async function addDocumentMedia(documentId: number, file: File, options: UploadProgressOptions = {}): Promise<DocumentFile> {
  const form = new FormData();
  // The id first: the server checks the document before it accepts the file's bytes.
  form.append('document_id', String(documentId));
  form.append('file[]', file, file.name);
  const answer = await uploadWithProgress<DataEnvelope<typeof documentFileSchema>>('/document/add-media', form, options);
  return answer.data;
}
