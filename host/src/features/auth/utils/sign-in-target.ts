const PROBE_ORIGIN = 'http://app.invalid';

/** Only paths inside this app: no scheme, no `//host`, no backslash tricks that browsers read as another origin. */
export function isSafeAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\\]/.test(path)) return false;
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Where sign-in leads: the `to` the guard put on the login URL (a same-app path only, guarding against open
 * redirects), else `/`. The rest of the login query is the original query the guard kept, so it goes back on.
 */
export function signInTarget(search: string): string {
  const params = new URLSearchParams(search);
  const to = params.get('to');
  params.delete('to');
  const path = to && isSafeAppPath(to) ? to : '/';
  const rest = params.toString();
  if (!rest) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${rest}`;
}
