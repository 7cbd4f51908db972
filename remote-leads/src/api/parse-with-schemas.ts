import type * as Schemas from '@crm/shared/schemas';

type SchemasModule = typeof Schemas;
interface Parser<T> {
  parse(value: unknown): T;
}

let loading: Promise<SchemasModule> | undefined;

/**
 * The classic schemas (`@crm/shared/schemas`, with classic zod: about 22 KiB brotli and 90 ms of a phone's script to
 * build) fetched the first time an answer needs them, not with the page: the lead form's first screen parses nothing
 * (docs/decisions/080). A failed fetch is tried again on the next call.
 */
function loadSchemas(): Promise<SchemasModule> {
  loading ??= import('@crm/shared/schemas').then(
    // Building every schema is one long task on a phone (about 70 ms of zod at 4× slower): the answer is parsed and
    // drawn in the next one, not in the same.
    (schemas) => new Promise<SchemasModule>((resolve) => setTimeout(() => resolve(schemas), 0)),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Parses an answer with a schema made from the classic schemas, fetched while the request runs (so parsing costs no
 * round trip of its own) and made once. The request's own failure (an ApiError) is what a failed call rejects with.
 */
export function parseWithSchemas<T>(build: (schemas: SchemasModule) => Parser<T>): (answer: Promise<unknown>) => Promise<T> {
  let parser: Parser<T> | undefined;
  return async (answer) => {
    const [value, schemas] = await Promise.all([answer, loadSchemas()]);
    parser ??= build(schemas);
    return parser.parse(value);
  };
}
