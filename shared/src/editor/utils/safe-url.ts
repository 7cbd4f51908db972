const SAFE_LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const SAFE_IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

function parse(url: string): URL | null {
  try {
    // Relative URLs ('/storage/a.png') are resolved against the page, which is where they will be shown.
    return new URL(url, window.location.origin);
  } catch {
    return null;
  }
}

// True for an http(s) or same-site relative URL; `javascript:`, `data:` and the like can never become an image source.
export function isSafeImageUrl(url: string): boolean {
  const trimmed = url.trim();
  if (!trimmed) return false;
  const parsed = parse(trimmed);
  return parsed !== null && SAFE_IMAGE_PROTOCOLS.has(parsed.protocol);
}

// The URL a link may point to, or null when it is unsafe or empty. A bare host such as `example.com/page`
// gets `https://`, which is what people mean when they paste one.
export function normaliseLinkUrl(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed);
  const relative = trimmed.startsWith('/') || trimmed.startsWith('#') || trimmed.startsWith('?');
  const candidate = hasScheme || relative ? trimmed : `https://${trimmed}`;
  const parsed = parse(candidate);
  if (!parsed || !SAFE_LINK_PROTOCOLS.has(parsed.protocol)) return null;
  return candidate;
}

// LinkPlugin's validator: only what normaliseLinkUrl accepts unchanged.
export function isSafeLinkUrl(url: string): boolean {
  return normaliseLinkUrl(url) === url.trim();
}
