import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, validationFailed } from '../../errors/app-error';
import { sanitizeFileName } from '../../lib/file-name';
import { MALFORMED_MULTIPART, NOT_MULTIPART } from '../read-multipart';

/** Bytes file-type needs to recognise every type it knows. */
const SNIFF_BYTES = 4100;
/** Room for the multipart boundaries and the document_id field around the file. */
const FORM_OVERHEAD = 64 * 1024;
const THUMBNAIL_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const FILE_FIELDS = ['file[]', 'file'];
export const FILE_MISSING = 'Выберите файл';

export const tooLargeMessage = (maxBytes: number) => `Файл больше ${Math.round(maxBytes / 1024 / 1024)} МБ и не может быть загружен.`;

/** Counts the bytes as they pass, fails once they exceed the limit, and keeps the first few for sniffing. */
class LimitAndSniff extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(this.maxBytes)));
      return;
    }
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    done(null, chunk);
  }
}

export interface ReceivedFile {
  fileName: string;
  storageKey: string;
  previewKey: string | null;
  size: number;
  mime: string;
}

/**
 * Streams the one file of a `POST /document/add-media` form straight to storage (never whole in memory), sniffs its
 * type from the first bytes, and makes a thumbnail of an image. Over MAX_UPLOAD_MB the upload is cut off with 413
 * and what was written is removed. `checkDocument` runs as soon as document_id arrives, before the file's bytes
 * when the form sends the field first (as the UI does).
 */
export async function receiveDocumentFile(
  app: FastifyInstance,
  request: FastifyRequest,
  checkDocument: (rawId: string | undefined) => Promise<number>,
): Promise<{ documentId: number; file: ReceivedFile }> {
  const maxBytes = app.config.files.maxUploadBytes;
  if (!request.isMultipart()) {
    if (request.headers['content-type'] !== undefined) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART);
    throw validationFailed({ document_id: ['Укажите документ'], file: [FILE_MISSING] });
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(maxBytes));

  let documentId: number | undefined;
  let rawDocumentId: string | undefined;
  let received: ReceivedFile | undefined;
  const written: string[] = [];
  try {
    // The file's own limit is ours (LimitAndSniff); busboy's only stops a stream that slipped past it.
    const parts = request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 5, fieldSize: 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'document_id') {
          rawDocumentId = String(part.value);
          documentId = await checkDocument(rawDocumentId);
        }
        continue;
      }
      if (!FILE_FIELDS.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (documentId === undefined) documentId = await checkDocument(rawDocumentId);
      const storageKey = randomBytes(16).toString('hex');
      const counter = new LimitAndSniff(maxBytes);
      written.push(storageKey);
      // The storage's pipeline reports the limit error; this listener only stops `pipe` re-throwing it once that
      // pipeline has let go of the stream (an uncaught error otherwise).
      counter.on('error', () => part.file.unpipe(counter));
      await app.fileStorage.put(storageKey, part.file.pipe(counter));
      if (counter.size === 0) throw validationFailed({ file: [FILE_MISSING] });
      const sniffed = await fileTypeFromBuffer(counter.head);
      const mime = sniffed?.mime ?? 'application/octet-stream';
      received = { fileName: sanitizeFileName(part.filename), storageKey, previewKey: null, size: counter.size, mime };
    }
  } catch (error) {
    await Promise.all(written.map((key) => app.fileStorage.delete(key)));
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(maxBytes));
    if (statusCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts or fields.');
    request.log.info({ err: error }, 'Malformed multipart form');
    throw new AppError('BAD_REQUEST', MALFORMED_MULTIPART);
  }
  if (documentId === undefined) documentId = await checkDocument(rawDocumentId);
  if (!received) throw validationFailed({ file: [FILE_MISSING] });
  if (THUMBNAIL_TYPES.has(received.mime)) received.previewKey = await thumbnail(app, received.storageKey);
  return { documentId, file: received };
}

/** A 400 px WebP of an image, or none when the image does not decode (the file itself is kept). */
async function thumbnail(app: FastifyInstance, storageKey: string): Promise<string | null> {
  const previewKey = `${storageKey}-preview`;
  try {
    const resize = sharp({ limitInputPixels: 100_000_000 }).rotate().resize(400, 400, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 });
    const source = await app.fileStorage.get(storageKey);
    await app.fileStorage.put(previewKey, source.pipe(resize));
    return previewKey;
  } catch (error) {
    app.log.warn({ err: error, storageKey }, 'No thumbnail for an uploaded image');
    await app.fileStorage.delete(previewKey);
    return null;
  }
}
