import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, type TextSchemaOptions } from './mini/text';

export { isStorableText, UNSTORABLE_TEXT_MESSAGE, UNSTORABLE_TEXT_MESSAGE_RU, type TextSchemaOptions } from './mini/text';

/**
 * A string PostgreSQL can store (see `isStorableText`); chain `.trim()`, `.min()`, `.max()` as on `z.string()`. Use it
 * for every text field of every input schema, search terms included, so such a value is a 422 on its field rather
 * than a database error (`miniTextSchema` is the same with zod/mini).
 */
export function textSchema({ error, unstorable = UNSTORABLE_TEXT_MESSAGE }: TextSchemaOptions = {}) {
  return z.string(error === undefined ? undefined : { error }).refine(isStorableText, unstorable);
}
