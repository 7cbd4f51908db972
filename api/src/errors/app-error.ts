import type { ErrorCode } from '@crm/shared/schemas';

/** Every failure the API reports on purpose: the codes live in the shared contract, for the clients to compare with. */
export type { ErrorCode };

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
