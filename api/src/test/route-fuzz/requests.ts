import fc from 'fast-check';
import { INT4_MAX, PER_PAGE_OPTIONS } from '@crm/shared/schemas';
import type { FuzzRoute } from './routes';
import { type FieldKnowledge, hostileInteger, hostileScalar, hostileText, hostileValue, mutatedObject, validValue } from './values';

/** Rows that exist in the database under fuzz, so valid ids reach the code behind the lookups. */
export interface FuzzFixtures {
  token: string;
  adminEmail: string;
  leadIds: number[];
  statusIds: number[];
  statusNames: string[];
  stepIds: number[];
  categoryIds: number[];
  userIds: number[];
  commentIds: number[];
  importJobIds: number[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A 1×1 PNG, the one image the upload route accepts as such. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const BOUNDARY = 'crm-fuzz-boundary';
const BIG_JSON = `"${'x'.repeat(1_100_000)}"`;

/** Path segments a probe would try in place of an id or a name, already percent-encoded as they go on the wire. */
const hostileSegment = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      String(INT4_MAX + 1),
      '4294967296',
      '9'.repeat(30),
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      'null',
      'true',
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%E0%A4%A',
      '%',
      '%25',
      '..',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '%20',
      '+',
      'a'.repeat(101),
      '%F0%9F%98%80',
      '%5B%5D',
      '1%3BDROP',
      '1%0D%0AX-Injected%3A%20y',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Segments in place of a numeric id: mostly beyond int4, plus the other ways a number goes wrong. */
const hostileIdSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(String(INT4_MAX + 1), '4294967296', '9'.repeat(30), '99999999999') },
  { weight: 2, arbitrary: fc.constantFrom('-1', '0', '1.5', '1e3', '0x10', 'NaN', 'Infinity', '%00', '1%00', 'a'.repeat(101)) },
  { weight: 1, arbitrary: hostileSegment },
);

/** Segments for a parameter the generator knows nothing about (wildcards of the static file routes, a remote's name). */
const genericSegment = fc.constantFrom(
  '1',
  'leads',
  'documents',
  'admin',
  'index.html',
  'remoteEntry.js',
  'mf-manifest.json',
  'static/index.css',
  'swagger-initializer.js',
  'json',
  'lead/list',
  '..%2F..%2Fpackage.json',
  'a/b/c.js',
);

/** Characters of a query value as they go on the wire; an unpaired surrogate goes as the bytes a careless client sends. */
function encodeQueryText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}` : encodeURIComponent(char);
  }
  return out;
}

function queryString(values: Record<string, unknown>, junk: string): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
      pairs.push(`${encodeQueryText(key)}=${encodeQueryText(text)}`);
    }
  }
  if (junk) pairs.push(junk);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Query text no schema describes; added to one request in five, so the others can pass validation. */
const rawQueryJunk = fc.constantFrom(
  '%',
  'a=%E0%A4%A',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'status_id[]=1',
  `search=${'a'.repeat(5_000)}`,
  '&&&==',
  'page=1&page=2',
  'per_page=25&per_page=x',
  '%00=%00',
);

/** What the generator knows beyond the schemas: valid phones, and ids that exist for the table a path is about. */
function knowledge(fixtures: FuzzFixtures, url: string): FieldKnowledge {
  const pick = (ids: number[]) => fc.constantFrom(...ids);
  const idsOfPath = /\/leads\/import\//.test(url)
    ? fixtures.importJobIds
    : /lead-status/.test(url)
      ? fixtures.statusIds
      : /comment-steps/.test(url)
        ? fixtures.stepIds
        : /document-category/.test(url)
          ? fixtures.categoryIds
          : /\/leads/.test(url)
            ? fixtures.leadIds
            : [...fixtures.leadIds, ...fixtures.statusIds];
  return {
    id: pick(idsOfPath),
    userId: pick(fixtures.userIds),
    commentId: pick(fixtures.commentIds),
    status_id: pick(fixtures.statusIds),
    replacement_id: pick(fixtures.statusIds),
    user_id: pick(fixtures.userIds),
    step_id: pick(fixtures.stepIds),
    users: fc.subarray(fixtures.userIds, { maxLength: Math.min(2, fixtures.userIds.length) }),
    ids: /lead-status/.test(url)
      ? fc.shuffledSubarray(fixtures.statusIds, { minLength: fixtures.statusIds.length })
      : fc.subarray(fixtures.leadIds, { minLength: 1 }),
    phone: fc.constantFrom('+7 912 345 67 89', '8 (916) 123-45-67', '+79161234567', '+44 20 7946 0958'),
    email: fc.constantFrom(fixtures.adminEmail, 'nobody@example.com'),
    version: fc.integer({ min: 1, max: 3 }),
    // A refinement the JSON Schema cannot say: the page sizes offered.
    per_page: fc.constantFrom(...PER_PAGE_OPTIONS),
    page: fc.integer({ min: 1, max: 3 }),
    search: fc.constantFrom('Иван', '+7 912', '912 345', 'Ив ан'),
    body: fc.constantFrom('<p>Позвонил</p>', 'Текст'),
  };
}

const csvCell = (fixtures: FuzzFixtures) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom('Иванов', 'Иван', '+7 912 345 67 89', '8 916 123 45 67', fixtures.statusNames[0] ?? 'Новый', fixtures.adminEmail, `x@y.z;${fixtures.adminEmail}`, ''),
    },
    { weight: 2, arbitrary: fc.constantFrom('a\u0000b', '\u0000', '=1+2', '"quoted, cell"', '"unbalanced', String(INT4_MAX + 1), 'x'.repeat(5_000), '\ufeff', ';;;') },
  );

const csvFile = (fixtures: FuzzFixtures) =>
  fc
    .tuple(
      fc.constantFrom(
        'surname,firstname,phone,status,users,additional_info',
        'Фамилия;Имя;Телефон',
        'surname,firstname,phone',
        'sur\u0000name,firstname,phone',
        '',
        'a,a,a',
        '"unclosed,header',
      ),
      fc.array(fc.array(csvCell(fixtures), { maxLength: 7 }), { maxLength: 6 }),
      fc.constantFrom<'utf8' | 'latin1' | 'utf16le'>('utf8', 'utf8', 'latin1', 'utf16le'),
    )
    .map(([header, rows, encoding]) => Buffer.from([header, ...rows.map((cells) => cells.join(header.includes(';') ? ';' : ','))].join('\r\n'), encoding));

const fileContent = (fixtures: FuzzFixtures) =>
  fc.oneof(
    { weight: 4, arbitrary: csvFile(fixtures) },
    { weight: 2, arbitrary: fc.constant(PNG) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
  );

const multipartField = fc.tuple(
  fc.constantFrom('mapping', 'on_duplicate', 'name', 'x', '__proto__'),
  fc.oneof(
    fc.constantFrom(
      JSON.stringify({ surname: 'surname', firstname: 'firstname', phone: 'phone' }),
      JSON.stringify({ surname: 'a\u0000', phone: null }),
      '{not json',
      '[]',
      'skip',
      'update',
      'create',
      'merge',
      'a\u0000b',
    ),
    hostileScalar.map((value) => String(value)),
  ),
);

type MultipartVariant = 'ok' | 'no-boundary' | 'truncated' | 'wrong-boundary' | 'unclosed' | 'garbage';

/** A form the route takes: its file field, a CSV with the columns an import maps, and valid options or none. */
const validForm = (fixtures: FuzzFixtures, fileField: string) =>
  fc.record({
    fields: fc.subarray([
      ['mapping', JSON.stringify({ surname: 'surname', firstname: 'firstname', phone: 'phone', status: 'status', users: 'users' })],
      ['on_duplicate', 'update'],
    ] as [string, string][]),
    file: fc.record({
      field: fc.constant(fileField),
      filename: fc.constantFrom('leads.csv', 'photo.png'),
      content: fc.oneof(
        fc
          .array(fc.tuple(csvCell(fixtures), csvCell(fixtures), csvCell(fixtures), csvCell(fixtures), csvCell(fixtures)), { minLength: 1, maxLength: 5 })
          .map((rows) => Buffer.from(['surname,firstname,phone,status,users', ...rows.map((cells) => cells.join(','))].join('\r\n'))),
        fc.constant(PNG),
      ),
      contentType: fc.constantFrom('text/csv', 'image/png'),
    }),
    variant: fc.constant<MultipartVariant>('ok'),
    cut: fc.constant(1),
  });

/** Multipart bodies: forms the route takes, with odd files and names, and forms broken the ways busboy must survive. */
const multipartBody = (fixtures: FuzzFixtures, fileField: string) => {
  const brokenForm = fc.record({
    fields: fc.array(multipartField, { maxLength: 3 }),
    file: fc.option(
      fc.record({
        field: fc.constantFrom(fileField, fileField, 'file', 'image', 'other'),
        filename: fc.constantFrom('leads.csv', 'photo.png', 'a\u0000.csv', `${'x'.repeat(300)}.csv`, '../../etc/passwd', '', 'фото.png'),
        content: fileContent(fixtures),
        contentType: fc.constantFrom('text/csv', 'image/png', 'application/octet-stream', 'text/html'),
      }),
      { freq: 5 },
    ),
    variant: fc.constantFrom<MultipartVariant>('ok', 'ok', 'ok', 'no-boundary', 'truncated', 'wrong-boundary', 'unclosed', 'garbage'),
    cut: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  return fc
    .oneof({ weight: 1, arbitrary: validForm(fixtures, fileField) }, { weight: 2, arbitrary: brokenForm })
    .map(({ fields, file, variant, cut }) => {
      const chunks: Buffer[] = fields.map(([name, value]) =>
        Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
      if (file) {
        chunks.push(
          Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`),
          file.content,
          Buffer.from('\r\n'),
        );
      }
      if (variant !== 'unclosed') chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (variant === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cut));
      if (variant === 'garbage') payload = Buffer.from(payload.toString('base64'));
      const contentType =
        variant === 'no-boundary'
          ? 'multipart/form-data'
          : variant === 'wrong-boundary'
            ? 'multipart/form-data; boundary=something-else'
            : `multipart/form-data; boundary=${BOUNDARY}`;
      return { contentType, payload };
    });
};

/** Bodies that are not what any route expects: bad JSON, other media types, a body over the limit. */
const rawBody = fc.constantFrom<{ contentType?: string; payload: string | Buffer }>(
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'nul\u0000l' },
  { contentType: 'application/json', payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":1}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"polluted":1}}}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'multipart/mixed; boundary=x', payload: '--x--' },
  { payload: '{}' },
  { contentType: 'application/json', payload: BIG_JSON },
);

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Field names the API uses, for bodies and queries of routes without a schema. */
const KNOWN_FIELDS = ['id', 'ids', 'name', 'title', 'surname', 'firstname', 'phone', 'status_id', 'users', 'user_id', 'step_id', 'body', 'email', 'password', 'search', 'page'];

const genericObject = (known: FieldKnowledge) =>
  fc
    .array(fc.tuple(fc.constantFrom(...KNOWN_FIELDS), fc.boolean(), fc.oneof(hostileInteger, hostileText, hostileValue)), { maxLength: 5 })
    .chain((entries) =>
      fc.tuple(...entries.map(([key, useKnown, hostile]) => (useKnown && known[key] ? known[key] : fc.constant(hostile))), fc.constant(null)).map((values) =>
        Object.fromEntries(entries.map(([key], i) => [key, values[i]])),
      ),
    );

const authorization = (token: string) =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant<string | undefined>(`Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>(undefined, 'Bearer', `bearer ${token}`, token, `Bearer ${'x'.repeat(5_000)}`, 'Basic YTpi', 'Bearer %00') },
  );

/**
 * Requests for one route: its path parameters (valid ids that exist, or hostile segments), its query and body shaped
 * by its schemas and then broken, other bodies and media types, multipart forms whole and broken, and the Admin's
 * token almost always (so the requests get past authorization to the code that matters).
 */
export function requestArbitrary(route: FuzzRoute, fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  const known = knowledge(fixtures, route.url);
  const segments = route.url.split('/');
  const paramNames = segments.filter((s) => s.startsWith(':') || s === '*').map((s) => (s === '*' ? '*' : s.slice(1)));
  const paramProps = route.params?.properties ?? {};
  const paramValue = (name: string) => {
    const valid = known[name]
      ? known[name].map(String)
      : paramProps[name]
        ? validValue(paramProps[name], route.params!, known, name).map((v) => encodeURIComponent(String(v)))
        : genericSegment;
    const type = paramProps[name] ? [paramProps[name].type, ...(paramProps[name].anyOf ?? []).map((b) => b.type)].flat() : [];
    const numeric = type.includes('integer') || type.includes('number') || /(^id|Id)$/.test(name);
    return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: numeric ? hostileIdSegment : hostileSegment });
  };
  const params = fc.tuple(...paramNames.map(paramValue), fc.constant(null)).map((values) => values.slice(0, paramNames.length) as string[]);

  const queryValues = route.querystring ? mutatedObject(route.querystring, route.querystring, known) : genericObject(known);
  const query = fc.oneof({ weight: 1, arbitrary: fc.constant<Record<string, unknown>>({}) }, { weight: 6, arbitrary: queryValues });

  const jsonBody = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) as string | Buffer });
  const structured = route.body ? mutatedObject(route.body, route.body, known) : genericObject(known);
  const body: fc.Arbitrary<{ contentType?: string; payload: string | Buffer } | undefined> = BODY_METHODS.has(route.method)
    ? fc.oneof(
        { weight: route.multipart ? 1 : 8, arbitrary: structured.map(jsonBody) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(jsonBody) },
        { weight: 1, arbitrary: rawBody },
        { weight: route.multipart ? 8 : 1, arbitrary: multipartBody(fixtures, /upload/.test(route.url) ? 'image' : 'file') },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);

  const junk = fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: rawQueryJunk });
  return fc.record({ params, query, junk, body, auth: authorization(fixtures.token) }).map(({ params: values, query: q, junk, body: b, auth }) => {
    let index = 0;
    const path = segments.map((s) => (s.startsWith(':') || s === '*' ? values[index++] : s)).join('/');
    const headers: Record<string, string> = {};
    if (auth !== undefined) headers.authorization = auth;
    if (b?.contentType) headers['content-type'] = b.contentType;
    return { method: route.method, url: `${path}${queryString(q, junk)}`, headers, payload: b?.payload };
  });
}

/** A request in a line, for failure messages: control characters escaped, long parts cut. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined ? '' : JSON.stringify(Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload).slice(0, 200);
  return `${request.method} ${request.url.slice(0, 200)} [${request.headers['content-type'] ?? 'no body type'}] ${payload}`;
}
