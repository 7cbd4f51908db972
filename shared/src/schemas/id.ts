import { z } from 'zod';

/** Largest value of PostgreSQL's `integer` (int4), the type of every id column. */
export const INT4_MAX = 2_147_483_647;

/** What a client may send as an id: a JSON number, or its decimal digits (paths, query strings, form fields). */
const DIGITS = /^\d+$/;

/**
 * An id as a client sends it: a whole number from 1 to INT4_MAX, given as a number or as decimal digits. Anything else
 * (out of range, negative, fractional, NaN, `true`, `[5]`, hex) fails with `message`, so a value that cannot name a
 * row never reaches the database. Use it for every id in params, queries and bodies.
 */
export function idSchema(message = `Must be a whole number from 1 to ${INT4_MAX}`) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    // `abort` keeps it to one message where several checks fail (1e308 is neither safe-integer nor in range).
    z.number({ error: message }).int({ error: message, abort: true }).min(1, message).max(INT4_MAX, message),
  );
}
