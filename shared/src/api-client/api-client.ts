import { apiErrorSchema, ERROR_CODE } from '@crm/shared/schemas/mini';
import { ApiError } from './api-error';
import { clearSession, getAccessToken, IP_NOT_ALLOWED_EVENT, UNAUTHORIZED_EVENT } from './storage';

/** Every call goes to `/api` on the page's own origin (the API serves the front ends, dev servers proxy it). */
export const API_BASE_PATH = '/api';

type QueryScalar = string | number | boolean | null | undefined;
/** Query parameters; undefined, null and '' are left out, arrays repeat the key, booleans become 1/0. */
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[]>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Not Authorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'The given data was invalid',
  429: 'Too Many Requests',
};

function serialise(value: QueryScalar): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** `/api` + path + the query's non-empty values, on the current origin. */
export function buildApiUrl(path: string, query?: QueryParams): string {
  const url = new URL(`${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values = Array.isArray(raw) ? raw : [raw as QueryScalar];
    for (const value of values) {
      const text = serialise(value);
      if (text !== undefined) url.searchParams.append(key, text);
    }
  }
  return url.toString();
}

function isJson(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (isJson(response)) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.message, { code: parsed.data.code, errors: parsed.data.errors, body });
  }
  // A proxy's HTML page or an empty body still becomes a readable error, never raw markup.
  const fallback =
    STATUS_MESSAGES[response.status] ??
    (response.status >= 500 ? 'Server Error' : response.statusText || `Request failed with status ${response.status}`);
  return new ApiError(response.status, fallback);
}

// A wrong password is a 422 and not a 401, but a 401 from sign-in must still not look like an expired session.
function isSignIn(path: string): boolean {
  return /^\/?auth\/login\/?(\?|$)/.test(path);
}

/**
 * Sends one request to the API with the headers every call carries (the Bearer token) and answers the Response
 * once it is known to be a success. Failures throw `ApiError`; a 401 (other than from sign-in) ends the session.
 * `api` parses JSON from it; `downloadFile` saves the body as a file.
 */
export async function fetchApi(
  method: Method,
  path: string,
  options: { query?: QueryParams; body?: unknown; accept?: string; keepalive?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  const payload = options.body;
  if (payload instanceof FormData || payload instanceof Blob || payload instanceof URLSearchParams) {
    // The browser sets the multipart boundary itself; a Content-Type here would break it.
    body = payload;
  } else if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload);
  }

  let response: Response;
  try {
    // Deliberately no timeout or abort: uploads and slow reports must be allowed to finish.
    // keepalive lets a request sent while the page goes away (a deferred delete, docs/decisions/064) still arrive.
    response = await fetch(buildApiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached');
  }

  if (response.status === 401 && !isSignIn(path)) {
    clearSession();
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 403 && error.code === ERROR_CODE.IP_NOT_ALLOWED) {
      const ip = (error.body as { ip?: unknown } | undefined)?.ip;
      window.dispatchEvent(new CustomEvent(IP_NOT_ALLOWED_EVENT, { detail: { ip: typeof ip === 'string' ? ip : '' } }));
    }
    throw error;
  }
  return response;
}

/** Per-call transport options: `keepalive` for a request that must outlive the page. */
export interface RequestOptions {
  keepalive?: boolean;
}

async function request<T>(method: Method, path: string, options: { query?: QueryParams; body?: unknown; keepalive?: boolean } = {}): Promise<T> {
  const response = await fetchApi(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await readBody(response)) as T;
}

/**
 * The one API client. Paths are relative to `/api` (`api.get('/lead-status')`); answers are the parsed JSON body.
 * Failures throw `ApiError`; a 401 (other than from sign-in) clears the session and fires `crm:unauthorized`.
 */
export const api = {
  get: <T>(path: string, query?: QueryParams, options?: RequestOptions) => request<T>('GET', path, { query, ...options }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { body, ...options }),
};
