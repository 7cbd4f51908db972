import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe, for bearer and password-reset tokens. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are looked up by this digest; the plain token exists only in the answer or the mail. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
