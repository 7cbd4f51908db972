import { z } from 'zod/mini';

/** The 422 message of a text that PostgreSQL could not store. */
export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that cannot be saved (a NUL or a broken emoji)';
/** The same message for the lead and document screens, which speak Russian. */
export const UNSTORABLE_TEXT_MESSAGE_RU = 'Содержит символ, который нельзя сохранить (NUL или повреждённый эмодзи)';

/**
 * Whether PostgreSQL can store the string in `text` and `jsonb`: no NUL character (U+0000) and no unpaired UTF-16
 * surrogate (half of an emoji, which has no UTF-8 form).
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

export interface TextSchemaOptions {
  /** Message when the value is missing or not a string. */
  error?: string;
  /** Message when it holds a NUL or an unpaired surrogate (default UNSTORABLE_TEXT_MESSAGE). */
  unstorable?: string;
}

/**
 * `textSchema` (../text.ts) built with zod/mini: a string PostgreSQL can store; add checks with `.check(z.trim(), …)`.
 */
export function miniTextSchema({ error, unstorable = UNSTORABLE_TEXT_MESSAGE }: TextSchemaOptions = {}) {
  return z.string(error === undefined ? undefined : { error }).check(z.refine(isStorableText, unstorable));
}
