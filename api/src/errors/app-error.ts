/** Every failure the API reports on purpose. The error handler maps each code to one HTTP status. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'GRANT_NOT_HELD'
  | 'OWN_ROLE'
  | 'NOT_FOUND'
  | 'REQUEST_TIMEOUT'
  | 'CONFLICT'
  | 'STATUS_IN_USE'
  | 'STEP_IN_USE'
  | 'IP_NOT_ALLOWED'
  | 'IP_LOCKOUT'
  | 'LEAD_VERSION_CONFLICT'
  | 'DOCUMENT_VERSION_CONFLICT'
  | 'CATEGORY_IN_USE'
  | 'PAYLOAD_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION_FAILED'
  | 'RATE_LIMITED'
  | 'HEADERS_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra top-level fields of the answer (e.g. `conflict` of a stale lead update). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

export const validationFailed = (errors: FieldErrors, message = VALIDATION_MESSAGE) =>
  new AppError('VALIDATION_FAILED', message, errors);
