import fc from 'fast-check';
import { INT4_MAX } from '@crm/shared/schemas';

/** The part of JSON Schema that `z.toJSONSchema` writes for our input schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

const LONG_TEXT = 'x'.repeat(70_000);
const LONE_SURROGATES = ['a\ud800b', '\udc00', 'end\ud83d'];

/** Scalars an outside probe would send to any field: ids out of range, NaN, NUL, broken emoji, huge text, injections. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  INT4_MAX + 1,
  -(INT4_MAX + 2),
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  String(INT4_MAX + 1),
  '9'.repeat(40),
  '-1',
  '0',
  'NaN',
  'Infinity',
  '1e400',
  '0x10',
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  ...LONE_SURROGATES,
  LONG_TEXT,
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '😀',
  '\u202e',
  'null',
  true,
  false,
  null,
);

/** Any value at all in place of a field: hostile scalars, wrong shapes, nested junk, random JSON and text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileScalar },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      {},
      [[[[[]]]]],
      { a: { b: { c: {} } } },
      [null],
      [INT4_MAX + 1],
      ['a\u0000'],
      [LONG_TEXT],
      // An own `__proto__` key, as JSON.parse makes it (a literal would set the prototype instead).
      JSON.parse('{"__proto__":{"polluted":1}}'),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
);

const resolve = (schema: JsonSchema, root: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
};

/** In place of a number: beyond the int4 columns, negative, fractional, not a number at all. */
export const hostileInteger: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(INT4_MAX + 1, String(INT4_MAX + 1), 1e308, '9'.repeat(40)) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(-1, 0, 1.5, -(INT4_MAX + 2), Number.MAX_SAFE_INTEGER + 2, 'NaN', 'Infinity', '1e400', '0x10', '') },
  { weight: 1, arbitrary: fc.integer().map((n) => (n < 0 ? n : n + INT4_MAX)) },
);

/** In place of a text: what PostgreSQL cannot store (NUL, half an emoji), and what it can but should not trust. */
export const hostileText: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>('a\u0000b', '\u0000', ...LONE_SURROGATES) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(LONG_TEXT, '<img src=x onerror=alert(1)>', "' OR 1=1 --", '%00', '😀', '\u202e', ' ', '') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `${s}\u0000`) },
);

/** A hostile value aimed at the field's type (most of the time), or anything at all. */
export function hostileFor(schema: JsonSchema | undefined, root: JsonSchema): fc.Arbitrary<unknown> {
  const s = schema ? resolve(schema, root) : {};
  const branches = s.anyOf ?? s.oneOf;
  const types = new Set([s.type, ...(branches ?? []).map((b) => resolve(b, root).type)].flat().filter(Boolean));
  const aimed: fc.Arbitrary<unknown>[] = [];
  if (types.has('integer') || types.has('number')) aimed.push(hostileInteger);
  if (types.has('string')) aimed.push(hostileText);
  if (types.has('array')) aimed.push(fc.array(hostileFor(s.items, root), { minLength: 1, maxLength: 3 }));
  if (aimed.length === 0) return hostileValue;
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...aimed) }, { weight: 1, arbitrary: hostileValue });
}

/** Valid values the generator cannot read off a schema (a phone libphonenumber accepts, ids that exist), by field name. */
export type FieldKnowledge = Record<string, fc.Arbitrary<unknown>>;

/** A value that satisfies the schema as far as its JSON Schema says; `knowledge` wins for the fields it names. */
export function validValue(schema: JsonSchema, root: JsonSchema, knowledge: FieldKnowledge, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (name !== undefined && knowledge[name]) return knowledge[name];
  const s = resolve(schema, root);
  if (depth > 4) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => validValue(b, root, knowledge, name, depth + 1)));
  if (s.allOf?.length) return validValue(s.allOf[0], root, knowledge, name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = Math.min(s.maximum ?? min + 100, min + 100);
      return type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      if (s.format === 'email') return fc.emailAddress();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 24, 24)) });
    case 'array': {
      const item = s.items ?? {};
      return fc.array(validValue(item, root, knowledge, undefined, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    }
    case 'object':
      return validObject(s, root, knowledge, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every required property and some optional ones, each valid. */
export function validObject(schema: JsonSchema, root: JsonSchema, knowledge: FieldKnowledge, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema, root);
  const properties = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, prop]) => [key, validValue(prop, root, knowledge, key, depth)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((key) => key in properties) });
}

/** The object's own properties, with the union's branches flattened (a discriminated union names its fields per branch). */
export function objectBranches(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const s = resolve(schema, root);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return branches.flatMap((b) => objectBranches(b, root));
  return s.type === 'object' || s.properties ? [s] : [];
}

const OMIT = Symbol('omit');

/**
 * Objects shaped by the schema and then broken: every field valid, exactly one field hostile (which reaches the deepest
 * code: the rest of the input passes), each field independently valid, hostile or missing, plus unknown keys.
 */
export function mutatedObject(schema: JsonSchema, root: JsonSchema, knowledge: FieldKnowledge): fc.Arbitrary<Record<string, unknown>> {
  const branches = objectBranches(schema, root);
  if (branches.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 });
  return fc.oneof(
    ...branches.map((branch) => {
      const keys = Object.keys(branch.properties ?? {});
      const valid = validObject(branch, root, knowledge);
      const oneHostile = keys.length
        ? fc
            .tuple(valid, fc.constantFrom(...keys))
            .chain(([object, key]) => hostileFor(branch.properties![key], root).map((value) => ({ ...object, [key]: value })))
        : valid;
      const mixed = fc
        .tuple(
          ...keys.map((key) =>
            fc.oneof(
              { weight: 5, arbitrary: validValue(branch.properties![key], root, knowledge, key) },
              { weight: 3, arbitrary: hostileFor(branch.properties![key], root) },
              { weight: 1, arbitrary: fc.constant(OMIT) },
            ),
          ),
        )
        .map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]]).filter(([, value]) => value !== OMIT)));
      const extraKeys = fc
        .tuple(valid, fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'created_by', 'version'), hostileValue, { maxKeys: 2 }))
        .map(([object, extra]) => ({ ...object, ...extra }));
      return fc.oneof(
        { weight: 2, arbitrary: valid },
        { weight: 7, arbitrary: oneHostile },
        { weight: 3, arbitrary: mixed },
        { weight: 1, arbitrary: extraKeys },
      );
    }),
  );
}
