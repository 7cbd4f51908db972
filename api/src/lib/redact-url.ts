/** Query keys whose values are secrets or personal data: reset and access tokens, signatures, addresses, keys. */
const SECRET_KEY = /token|signature|email|password|code|key|secret/i;

export const REDACTED = '[redacted]';

/**
 * `/build/reset-password?token=abc&email=a@b.c` → `/build/reset-password?token=[redacted]&email=[redacted]`, for the
 * request log. Only the values of such keys go; the path and every other parameter stay as they came.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const key = pair.slice(0, eq);
      return SECRET_KEY.test(decodeKey(key)) ? `${key}=${REDACTED}` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/** `auth%5Fkey` and `reset+token` are the keys `auth_key` and `reset token`; a malformed escape is read as written. */
function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}
