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
 * A failure as one line for a toast or an error state, in the screen's language (the lead, document and admin screens
 * are Russian, hence the default): an API error by its code, a 5xx or an unreachable server by a general text, never
 * the server's own English message; the client's own errors (already in the screen's language) by their message.
 */
export function errorMessage(error: unknown, lng: ErrorTextLanguage = 'ru'): string {
  if (error instanceof ApiError) {
    const texts = ERROR_TEXTS[lng];
    const text = error.code ? texts[error.code] : error.status === 0 ? texts.network : texts.generic;
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
    return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (typeof body[key] === 'string' ? body[key] : ''));
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
