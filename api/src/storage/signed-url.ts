import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed file URL carries; the signature covers all of it, so none can be changed. */
export interface SignedFile {
  key: string;
  fileName: string;
  mime: string;
  /** Unix seconds. */
  expires: number;
}

const signature = (secret: string, file: SignedFile) =>
  createHmac('sha256', secret).update(JSON.stringify([file.key, file.fileName, file.mime, file.expires])).digest('base64url');

/**
 * Expiry rounded up to the next whole period, so the same file gets the same URL for a while and browsers can cache
 * its thumbnail; a URL lives between ttl and twice the ttl.
 */
export function expiryFor(nowMs: number, ttlSeconds: number): number {
  const now = Math.floor(nowMs / 1000);
  return (Math.floor(now / ttlSeconds) + 2) * ttlSeconds;
}

export function signFileUrl(prefix: string, secret: string, file: SignedFile): string {
  // The name is the last path segment, so the URL ends in the file's extension (the preview dialog decides by it).
  const query = new URLSearchParams({ type: file.mime, expires: String(file.expires), signature: signature(secret, file) });
  return `${prefix}${encodeURIComponent(file.key)}/${encodeURIComponent(file.fileName)}?${query.toString()}`;
}

export type VerifyResult = { ok: true; file: SignedFile } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a URL's key, name and query: tampered or malformed is `invalid`, past its expiry `expired`. */
export function verifyFileUrl(secret: string, key: string, name: string, query: Record<string, unknown>, nowMs = Date.now()): VerifyResult {
  const { type, expires, signature: given } = query;
  if (typeof type !== 'string' || typeof expires !== 'string' || typeof given !== 'string') {
    return { ok: false, reason: 'invalid' };
  }
  if (!/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  const file: SignedFile = { key, fileName: name, mime: type, expires: Number(expires) };
  const expected = Buffer.from(signature(secret, file));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  if (file.expires * 1000 < nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, file };
}
