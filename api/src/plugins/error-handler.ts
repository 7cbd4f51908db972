import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorCode, type FieldErrors, VALIDATION_MESSAGE } from '../errors/app-error';

interface ErrorBody {
  message: string;
  code?: string;
  errors?: FieldErrors;
  [detail: string]: unknown;
}

/** The one place an error code becomes an HTTP status; the switch stays exhaustive as codes are added. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'BAD_REQUEST':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'STATUS_IN_USE':
    case 'LEAD_VERSION_CONFLICT':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'VALIDATION_FAILED':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP status for error code ${String(unhandled)}`);
    }
  }
}

type ValidationEntry = { instancePath?: string; message?: string };

/** Schema validation issues keyed by field path (`users.0`), as the forms expect (§5). */
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
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
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

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (!appError) {
      // The client learns only that something failed; the details stay in the log.
      request.log.error({ err: error }, 'Unhandled error');
      return reply.code(500).type('application/json').send({ message: 'Something went wrong' } satisfies ErrorBody);
    }
    const status = statusForCode(appError.code);
    if (status === 401 || status === 403 || status === 429) request.log.info({ code: appError.code }, appError.message);
    const body: ErrorBody = { ...appError.details, message: appError.message, code: appError.code };
    if (appError.errors) body.errors = appError.errors;
    return reply.code(status).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).type('application/json').send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
