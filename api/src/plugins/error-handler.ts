import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '@crm/shared/schemas';
import { clientDatabaseError, postgresErrorCode } from '../db/errors';
import { AppError, type ErrorCode, type FieldErrors, VALIDATION_MESSAGE } from '../errors/app-error';

/** The shared error envelope, plus the extra fields some answers carry (a 409's `conflict`). */
type ErrorBody = ApiErrorBody & { [detail: string]: unknown };

/** The one place an error code becomes an HTTP status; the switch stays exhaustive as codes are added. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'BAD_REQUEST':
      return 400;
    case 'UNAUTHENTICATED':
    case 'TWO_FACTOR_SETUP_REQUIRED':
      return 401;
    case 'FORBIDDEN':
    case 'GRANT_NOT_HELD':
    case 'OWN_ROLE':
    case 'IP_NOT_ALLOWED':
    case 'PASSWORD_SIGN_IN_OFF':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'REQUEST_TIMEOUT':
      return 408;
    case 'CONFLICT':
    case 'STATUS_IN_USE':
    case 'STEP_IN_USE':
    case 'IP_LOCKOUT':
    case 'LEAD_VERSION_CONFLICT':
    case 'DOCUMENT_VERSION_CONFLICT':
    case 'TASK_VERSION_CONFLICT':
    case 'CATEGORY_IN_USE':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'URI_TOO_LONG':
      return 414;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'VALIDATION_FAILED':
      return 422;
    case 'RATE_LIMITED':
    case 'IMPORT_BUSY':
      return 429;
    case 'HEADERS_TOO_LARGE':
      return 431;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP status for error code ${String(unhandled)}`);
    }
  }
}

type ValidationEntry = { instancePath?: string; message?: string };

/** Schema validation issues keyed by field path (`users.0`), as the forms expect. */
function fieldErrors(validation: ValidationEntry[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || context || 'request';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return errors;
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) keep their status, as JSON. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return 'BAD_REQUEST';
  }
}

/** Turns anything thrown into a known error, or undefined when it is a bug (answered as a bare 500). */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError> & { validationContext?: string };
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    return new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, fieldErrors(e.validation, e.validationContext));
  }
  const fromDatabase = clientDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : (e.message ?? 'Bad request');
    return new AppError(codeForStatus(status), message);
  }
  return undefined;
}

/** The JSON every error answer carries: `{message, code}`, plus `errors` per field for a 422. */
export function errorBody(appError: AppError): ErrorBody {
  const body: ErrorBody = { ...appError.details, message: appError.message, code: appError.code };
  if (appError.errors) body.errors = appError.errors;
  return body;
}

/**
 * Fastify's router answers some requests before any route or hook runs: a path parameter over `maxParamLength` (414),
 * a path that does not decode (400). They get the same JSON as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('URI_TOO_LONG', 'A part of the address is too long.')
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError('BAD_REQUEST', 'The address is not valid.')
        : toAppError(error);
  if (!appError) {
    request.log.error({ err: error }, 'Unhandled router error');
    request.server.errorReporter?.capture(error, request);
    reply.code(500).type('application/json').send({ message: 'Something went wrong' } satisfies ErrorBody);
    return;
  }
  reply.code(statusForCode(appError.code)).type('application/json').send(errorBody(appError));
}

const HTTP_METHOD_START = /^[A-Z]+ /;

/** What Node's HTTP parser refused, before Fastify saw a request. */
function clientErrorFor(error: NodeJS.ErrnoException & { bytesParsed?: number; rawPacket?: Buffer }): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line is the URL: when the chunk that overflowed starts the request and the parser stopped before its
    // first line ended, the address alone is too long.
    const packet = error.rawPacket;
    if (packet && HTTP_METHOD_START.test(packet.subarray(0, 16).toString('latin1'))) {
      const lineEnd = packet.indexOf('\r\n');
      if (lineEnd === -1 || lineEnd >= (error.bytesParsed ?? 0)) return new AppError('URI_TOO_LONG', 'The address is too long.');
    }
    return new AppError('HEADERS_TOO_LARGE', 'The request headers are too large.');
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('REQUEST_TIMEOUT', 'The request took too long to arrive.');
  return new AppError('BAD_REQUEST', 'The request is not valid HTTP.');
}

/**
 * Node's `clientError`: the request could not be parsed (headers or URL over the size limit, bad syntax, timeout). The
 * answer is written on the socket in the usual JSON shape, then the connection is closed as Node would.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = clientErrorFor(error);
  const status = statusForCode(appError.code);
  this.log.info({ code: appError.code, parserError: error.code }, appError.message);
  if (socket.writable) {
    const body = JSON.stringify(errorBody(appError));
    // An answer to HEAD has no body, or the client reads it as the start of a next answer.
    const head = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  }
  socket.destroySoon();
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (!appError) {
      // The client learns only that something failed; the details stay in the log.
      request.log.error({ err: error }, 'Unhandled error');
      // Optional: the handler is also used alone, in tests and before error reporting is registered.
      request.server.errorReporter?.capture(error, request);
      return reply.code(500).type('application/json').send({ message: 'Something went wrong' } satisfies ErrorBody);
    }
    const status = statusForCode(appError.code);
    if (status === 401 || status === 403 || status === 429) request.log.info({ code: appError.code }, appError.message);
    // The input schemas should have refused it: worth a look, but the client's fault.
    else if (postgresErrorCode(error)) request.log.warn({ err: error }, 'The database refused a value from the request');
    return reply.code(status).type('application/json').send(errorBody(appError));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).type('application/json').send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
