/** A NUL, or a UTF-16 surrogate without its other half. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with U+FFFD in place of each character PostgreSQL's text and jsonb refuse (NUL, unpaired surrogates). */
export function replaceUnstorable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

/**
 * A copy of a JSON value that jsonb accepts whatever its strings hold. For records written as a side effect of a change
 * (history, an import's rejected rows): the input schemas already refuse such text, and a stray value must never fail
 * the write that carries it.
 */
export function storableJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? replaceUnstorable(v) : v))) as T;
}
