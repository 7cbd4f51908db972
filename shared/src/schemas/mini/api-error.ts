import { z } from 'zod/mini';

/**
 * Every code an error answer of the API carries in `code`: the API throws them (api/src/errors/app-error.ts) and maps
 * each to one HTTP status (api/src/plugins/error-handler.ts); clients compare with them instead of typing the string.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  /** The role requires two-factor sign-in and the user has not set it up: the session is refused until they have. */
  'TWO_FACTOR_SETUP_REQUIRED',
  'FORBIDDEN',
  'GRANT_NOT_HELD',
  'OWN_ROLE',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'STATUS_IN_USE',
  'STEP_IN_USE',
  'IP_NOT_ALLOWED',
  'IP_LOCKOUT',
  'LEAD_VERSION_CONFLICT',
  'DOCUMENT_VERSION_CONFLICT',
  'TASK_VERSION_CONFLICT',
  'CATEGORY_IN_USE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_FAILED',
  'RATE_LIMITED',
  'PASSWORD_SIGN_IN_OFF',
  'IMPORT_BUSY',
  'HEADERS_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes by name, to compare with: `error.code === ERROR_CODE.STATUS_IN_USE`. */
export const ERROR_CODE = Object.fromEntries(ERROR_CODES.map((code) => [code, code])) as { readonly [C in ErrorCode]: C };

/**
 * Every error answer of the API: a message, the code (absent only from a 500, which says no more than that something
 * failed), and for 422 the messages per field. Some answers add fields of their own (a 409's `conflict`, a 403's `ip`).
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.optional(z.enum(ERROR_CODES)),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
