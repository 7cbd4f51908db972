import type { z } from 'zod';
import type { FieldErrors } from '../errors/app-error';

/** A check the schema cannot make (a lookup, a parse): the field's messages when it fails, nothing when it passes. */
export type FieldCheck<T> = (value: T) => Promise<string[] | undefined> | string[] | undefined;

/** At most one check per field of the schema, given the field's parsed value. */
export type FieldChecks<S extends z.ZodObject> = { [K in keyof z.output<S>]?: FieldCheck<z.output<S>[K]> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Zod issues keyed by field path (`users.0`), as the error handler keys Fastify's schema errors. */
function issuesByField(issues: readonly z.core.$ZodIssue[], root: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || root;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Every failing field of a form at once: the schema's issues plus the checks of each field the schema accepted,
 * run together and merged by field. A field the schema rejects is not checked further, so it carries one message per
 * problem. Empty when the input is valid.
 *
 * @param root the key of an issue about the whole input (Fastify names it after the part: `body`, `querystring`)
 */
export async function collectFieldErrors<S extends z.ZodObject>(
  schema: S,
  input: unknown,
  checks: FieldChecks<S>,
  root = 'body',
): Promise<FieldErrors> {
  const parsed = schema.safeParse(input);
  const errors = parsed.success ? {} : issuesByField(parsed.error.issues, root);
  // Not even an object: there are no fields to check.
  if (!isRecord(input)) return errors;

  const rejected = (field: string) => Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`));
  /** The field's parsed value; when another field failed the whole parse, the field is parsed alone. */
  const parsedValue = (field: string): { ok: true; value: unknown } | { ok: false } => {
    if (parsed.success) return { ok: true, value: (parsed.data as Record<string, unknown>)[field] };
    const own = schema.shape[field]?.safeParse(input[field]);
    return own?.success ? { ok: true, value: own.data } : { ok: false };
  };
  const results = await Promise.all(
    Object.entries(checks as Record<string, FieldCheck<unknown> | undefined>).map(async ([field, check]) => {
      const value = check && !rejected(field) ? parsedValue(field) : { ok: false as const };
      return [field, value.ok ? await check!(value.value) : undefined] as const;
    }),
  );
  for (const [field, messages] of results) {
    if (messages && messages.length > 0) errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return errors;
}
