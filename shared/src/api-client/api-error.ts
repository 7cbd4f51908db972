import type { ErrorCode } from '@crm/shared/schemas/mini';
import { ERROR_TEXTS, type ErrorTextLanguage } from './error-texts';

/** The code the client itself gives an ApiError (status 0) when the user cancels an upload. */
export const ABORTED_CODE = 'ABORTED';
/** A server's error code, or the client's own. */
export type ApiErrorCode = ErrorCode | typeof ABORTED_CODE;

/** Per-field validation messages of a 422 answer. */
export type FieldErrors = Record<string, string[]>;

/**
 * What every failed API call throws: the HTTP status (0 when the server could not be reached),
 * the server's message and code, and for 422 the messages per field.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: ApiErrorCode;
  readonly errors: FieldErrors;
  /** The whole JSON answer, for errors that carry more than a message (e.g. a 409's `conflict`). */
  readonly body: unknown;

  constructor(status: number, message: string, options: { code?: ApiErrorCode; errors?: FieldErrors; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.errors = options.errors ?? {};
    this.body = options.body;
  }
}

/** The first server message for `field`, for forms that show one message per field. */
export function firstFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors[field]?.[0];
}

/**
 * An answer without a code (a proxy's 403 or 413, an older API) reads as the code its status always carries; a 5xx
 * stays the general text.
 */
const CODE_OF_STATUS: Partial<Record<number, ApiErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * A failure as one line for a toast or an error state, in the screen's language (the lead, document and admin screens
 * are Russian, hence the default): an API error by its code, a 5xx or an unreachable server by a general text, never
 * the server's own English message; the client's own errors (already in the screen's language) by their message.
 */
export function errorMessage(error: unknown, lng: ErrorTextLanguage = 'ru'): string {
  if (error instanceof ApiError) {
    const texts = ERROR_TEXTS[lng] ?? ERROR_TEXTS.en;
    const code = error.code ?? CODE_OF_STATUS[error.status];
    const text = code ? texts[code] : error.status === 0 ? texts.network : texts.generic;
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
    return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (typeof body[key] === 'string' ? body[key] : ''));
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
