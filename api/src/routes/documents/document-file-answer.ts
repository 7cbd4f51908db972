import type { FastifyInstance } from 'fastify';
import type { Document, DocumentFile } from '@crm/shared/schemas';
import type { DocumentFileRow, DocumentRow } from '../../repositories/document-repository';

/** A file as the API answers it: signed, expiring `url` and `preview` in place of storage keys. */
export function fileAnswer(app: FastifyInstance, file: DocumentFileRow): DocumentFile {
  return {
    id: file.id,
    file_name: file.fileName,
    size: file.size,
    mime: file.mime,
    preview: file.previewKey ? app.fileStorage.signedUrl(file.previewKey, { fileName: `${file.fileName}.webp`, mime: 'image/webp' }) : null,
    url: app.fileStorage.signedUrl(file.storageKey, { fileName: file.fileName, mime: file.mime }),
  };
}

export function documentAnswer(app: FastifyInstance, document: DocumentRow): Document {
  return { ...document, files: document.files.map((file) => fileAnswer(app, file)) };
}
