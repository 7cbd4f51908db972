import type { Readable } from 'node:stream';
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

export const MALFORMED_MULTIPART = 'The multipart form is malformed or incomplete.';
export const NOT_MULTIPART = 'Send the file as multipart/form-data.';

/** What went wrong while reading the parts, for the client: too large (413), or a form that does not parse (400). */
function multipartError(error: unknown, options: ReadMultipartOptions): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
  // @fastify/multipart's own limits (parts, files, fields) say 413; busboy's parse errors (no boundary, unexpected
  // end, bad headers) carry no status at all.
  if (statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts or fields.');
  return new AppError('BAD_REQUEST', MALFORMED_MULTIPART);
}

const partLimits = (options: ReadMultipartOptions) => ({ fileSize: options.maxFileBytes, files: 1, fields: 10, fieldSize: 1024 * 1024 });

function refuseNonMultipart(request: FastifyRequest, options: ReadMultipartOptions): void {
  if (request.isMultipart()) return;
  if (request.headers['content-type'] !== undefined) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART);
  throw validationFailed({ [options.fileField]: [options.missingMessage] });
}

function partsError(request: FastifyRequest, error: unknown, options: ReadMultipartOptions): AppError {
  const appError = multipartError(error, options);
  if (appError.code === 'BAD_REQUEST') request.log.info({ err: error }, 'Malformed multipart form');
  return appError;
}

/**
 * Reads a multipart form whose file goes to `consume` as a stream instead of into memory. `consume` must read the
 * stream to its end (discarding what it does not need), so the file's size limit still answers 413 and the request
 * completes; its answer is `file`, undefined when the form has no file field. Errors are readMultipart's.
 */
export async function streamMultipart<T>(
  request: FastifyRequest,
  options: ReadMultipartOptions,
  consume: (file: Readable) => Promise<T>,
): Promise<{ file?: T; fields: Record<string, string> }> {
  refuseNonMultipart(request, options);
  const form: { file?: T; fields: Record<string, string> } = { fields: {} };
  try {
    for await (const part of request.parts({ limits: partLimits(options) })) {
      if (part.type === 'field') form.fields[part.fieldname] = String(part.value);
      else if (part.fieldname === options.fileField) form.file = await consume(part.file);
      else part.file.resume();
    }
  } catch (error) {
    throw partsError(request, error, options);
  }
  return form;
}

/**
 * Reads a multipart form with one file into memory (the callers need the whole file: a CSV to parse, an image to
 * sniff). A file over the limit is a 413 with a readable message; a missing file is a 422 on its field; a body of
 * another type is a 415; a form that does not parse (no boundary, cut short) is a 400.
 */
export async function readMultipart(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartForm> {
  refuseNonMultipart(request, options);
  const form: MultipartForm = { fields: {} };
  try {
    const parts = request.parts({ limits: partLimits(options) });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === options.fileField) form.file = { filename: part.filename, buffer };
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw partsError(request, error, options);
  }
  if (!form.file || form.file.buffer.length === 0) throw validationFailed({ [options.fileField]: [options.missingMessage] });
  return form;
}
