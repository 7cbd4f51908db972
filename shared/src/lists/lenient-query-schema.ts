import { z } from 'zod/mini';

/** A querystring schema: an object whose every field is optional or has a default (as the API's list queries are). */
export type QuerySchema = z.ZodMiniObject;

/** `schema` with every field falling back to its default (or undefined) instead of failing. */
export type LenientQuerySchema<S extends QuerySchema> = z.ZodMiniObject<{
  [K in keyof S['shape']]: z.ZodMiniCatch<S['shape'][K]>;
}>;

/**
 * The API's querystring schema made forgiving for the address bar: a field the API would answer 422 for
 * (`?page=-1`, `?per_page=7`, `?sort=password`) takes the value it has when absent, so a hand-edited or stale link
 * still opens the list. The API keeps the strict schema, so a client that sends such a value is still told why.
 * Throws at once for a field that is neither optional nor defaulted: it would have no value to fall back to.
 * Built with zod/mini, as the list query schemas are, so a list's first load carries no classic zod.
 */
export function lenientQuerySchema<S extends QuerySchema>(schema: S): LenientQuerySchema<S> {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.core.$ZodType>)) {
    const absent = z.safeParse(field, undefined);
    if (!absent.success) throw new Error(`lenientQuerySchema: "${name}" needs .optional() or .default()`);
    shape[name] = z.catch(field, () => absent.data);
  }
  return z.object(shape) as unknown as LenientQuerySchema<S>;
}
