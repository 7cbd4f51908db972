/** Query values keep their slashes (`to=/lead-status/list`), as the spec's URLs show them. */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

/**
 * A visitor is sent to login with the original query kept plus `to` holding the wanted path,
 * `to` being left out when the wanted path is `/`.
 */
export function loginPathFor(pathname: string, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('to');
  const parts = [...params].map(([key, value]) => `${encodeQueryValue(key)}=${encodeQueryValue(value)}`);
  if (pathname !== '/') parts.push(`to=${encodeQueryValue(pathname)}`);
  return parts.length ? `/login?${parts.join('&')}` : '/login';
}
