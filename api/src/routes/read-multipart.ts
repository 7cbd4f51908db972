import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../errors/app-error';

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
}

export interface MultipartForm {
  file?: UploadedFile;
  fields: Record<string, string>;
}

export interface ReadMultipartOptions {
  /** The form field holding the file; its 422 is keyed by this name. */
  fileField: string;
  maxFileBytes: number;
  /** 422 message when the request is not a multipart form or carries no file. */
  missingMessage: string;
  /** 413 message when the file is larger than `maxFileBytes`. */
  tooLargeMessage: string;
}

/**
 * Reads a multipart form with one file into memory (the callers need the whole file: a CSV to parse, an image to
 * sniff). A file over the limit is a 413 with a readable message; a missing file is a 422 on its field.
 */
export async function readMultipart(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw validationFailed({ [options.fileField]: [options.missingMessage] });
  const form: MultipartForm = { fields: {} };
  try {
    const parts = request.parts({ limits: { fileSize: options.maxFileBytes, files: 1, fields: 10, fieldSize: 1024 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === options.fileField) form.file = { filename: part.filename, buffer };
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
    throw error;
  }
  if (!form.file || form.file.buffer.length === 0) throw validationFailed({ [options.fileField]: [options.missingMessage] });
  return form;
}
