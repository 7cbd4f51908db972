/** Request headers worth keeping in an error report; every other one (cookies, authorization…) is dropped. */
const KEPT_HEADERS = new Set(['user-agent', 'accept', 'content-type', 'content-length']);

/** Keys whose values are personal data or secrets wherever they appear in an event. */
const SECRET_KEY = /^(pass(word)?|token|access_?token|refresh_?token|secret|authorization|cookies?|set-cookie|email|e-?mail|phones?|phone_?number|first_?name|last_?name|full_?name|patronymic|ip_address)$/i;

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const BEARER = /\b(bearer|token)\s+[\w.~+/=-]+/gi;
// A JWT or any long opaque token (our session tokens are 43-character base64url strings). Event and trace ids
// (32 hex digits) are shorter, and they are not scrubbed anyway (only the parts of an event listed below are).
const TOKEN = /\b(eyJ[\w-]+\.[\w-]+\.[\w-]+|[A-Za-z0-9_-]{40,})\b/g;

/** The parts of an event that carry text about what happened; ids, timestamps, SDK and release stay as they are. */
const TEXT_PARTS = ['message', 'logentry', 'exception', 'extra', 'tags', 'contexts', 'fingerprint', 'transaction'];
// A phone number in any usual format: 7 or more digits, optionally spaced, dashed or bracketed, optionally with +; not
// digits inside a longer word, such as the hex of an event, trace or replay id.
const PHONE = /(?<![\w+])\+?\d[\d\s().-]{5,}\d(?!\w)/g;

/** Removes emails, phone numbers and tokens from a piece of text. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(BEARER, '$1 [token]').replace(TOKEN, '[token]').replace(PHONE, (match) =>
    match.replace(/\D/g, '').length >= 7 ? '[phone]' : match,
  );
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || key === 'vars') continue;
    // Frames name files and functions of our code (and the trace context its ids): nothing personal, kept readable.
    out[key] = key === 'stacktrace' || key === 'trace' ? item : scrubValue(item, depth + 1);
  }
  return out;
}

/** `/api/leads?search=ann` → `/api/leads`: query strings carry searches (names, phones) and sometimes tokens. */
function withoutQuery(url: unknown): unknown {
  return typeof url === 'string' ? scrubText(url.split('?')[0].split('#')[0]) : url;
}

interface ScrubbableEvent {
  user?: { id?: unknown; [key: string]: unknown } | null;
  request?: { url?: unknown; method?: unknown; headers?: Record<string, unknown>; [key: string]: unknown };
  breadcrumbs?: Array<{ data?: Record<string, unknown>; message?: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

/**
 * The `beforeSend` of the API and of the browser: an error report never carries personal data. Drops the request's
 * body, cookies, query string and headers other than a few harmless ones; the user but for their id; every value
 * under a key such as `email`, `phone`, `password` or `token`; and masks emails, phone numbers and tokens in all
 * remaining text (messages, exception values, breadcrumbs, tags, extra data).
 */
export function scrubEvent<T extends object>(event: T): T {
  const source = event as ScrubbableEvent;
  const { user, request, breadcrumbs, ...rest } = source;
  const scrubbed: ScrubbableEvent = { ...rest };
  for (const part of TEXT_PARTS) if (part in scrubbed) scrubbed[part] = scrubValue(scrubbed[part], 0);
  if (user && (typeof user.id === 'string' || typeof user.id === 'number')) scrubbed.user = { id: user.id };
  if (request) {
    const headers: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (KEPT_HEADERS.has(name.toLowerCase())) headers[name] = scrubValue(value, 0);
    }
    scrubbed.request = { url: withoutQuery(request.url), method: request.method, headers };
  }
  if (breadcrumbs) {
    scrubbed.breadcrumbs = breadcrumbs.map(({ data, ...crumb }) => {
      const kept = scrubValue(crumb, 0) as Record<string, unknown>;
      if (data) {
        kept.data = scrubValue(
          { method: data.method, status_code: data.status_code, url: withoutQuery(data.url), from: withoutQuery(data.from), to: withoutQuery(data.to) },
          0,
        );
      }
      return kept;
    });
  }
  return scrubbed as T;
}
