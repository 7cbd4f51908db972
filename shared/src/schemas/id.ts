import { z } from 'zod';
import { ID_MESSAGE, idFromDigits, INT4_MAX } from './mini/id';

export { INT4_MAX };

/**
 * An id as a client sends it: a whole number from 1 to INT4_MAX, given as a number or as decimal digits. Anything else
 * (out of range, negative, fractional, NaN, `true`, `[5]`, hex) fails with `message`, so a value that cannot name a
 * row never reaches the database. Use it for every id in params, queries and bodies (`miniIdSchema` is the same with
 * zod/mini, for the schemas the first load parses).
 */
export function idSchema(message = ID_MESSAGE) {
  return z.preprocess(
    idFromDigits,
    // `abort` keeps it to one message where several checks fail (1e308 is neither safe-integer nor in range).
    z.number({ error: message }).int({ error: message, abort: true }).min(1, message).max(INT4_MAX, message),
  );
}

/** `:id` of a path. An id that cannot name a row (not 1…INT4_MAX) is a 422 on `id`, like any other invalid input. */
export const idParamSchema = z.object({ id: idSchema() });
