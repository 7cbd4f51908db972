import { z } from 'zod/mini';

/** Largest value of PostgreSQL's `integer` (int4), the type of every id column. */
export const INT4_MAX = 2_147_483_647;

/** The default message of an id that cannot name a row. */
export const ID_MESSAGE = `Must be a whole number from 1 to ${INT4_MAX}`;

/** What a client may send as an id: a JSON number, or its decimal digits (paths, query strings, form fields). */
const DIGITS = /^\d+$/;

/** An id's decimal digits as a number; anything else as it came (for the checks to refuse). */
export function idFromDigits(value: unknown): unknown {
  return typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
}

/**
 * `idSchema` (../id.ts) built with zod/mini, for the schemas the first load parses (the list query): the same
 * preprocessing, checks and messages, without the chainable methods.
 */
export function miniIdSchema(message = ID_MESSAGE) {
  return z.pipe(
    z.transform(idFromDigits),
    // `abort` keeps it to one message where several checks fail (1e308 is neither safe-integer nor in range).
    z.number({ error: message }).check(z.int({ error: message, abort: true }), z.minimum(1, message), z.maximum(INT4_MAX, message)),
  );
}
