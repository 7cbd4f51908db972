import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { toString as qrToString } from 'qrcode';

/** RFC 6238's defaults, the only ones every authenticator app reads: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;

/** How many steps either side of now a code is still accepted (clock drift, a code typed as it changed). */
export const TOTP_WINDOW = 1;

const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** 160 random bits in base32, as RFC 4226 recommends for an HMAC-SHA1 key. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a time falls in. */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The time step a 6-digit code was made for, if it is within ±TOTP_WINDOW of `now`; null for a wrong code. */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** What an authenticator app scans: the otpauth URI and the same as a QR code (an SVG data URL). */
export async function totpSetupMaterial(secret: string, account: string, issuer: string) {
  const otpauthUrl = totp(secret, account, issuer).toString();
  const svg = await qrToString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_svg_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;

/**
 * A recovery code: 16 characters from an alphabet without look-alikes (about 79 bits), shown in groups of four. Enough
 * entropy that a SHA-256 of it cannot be reversed by trying, so it is stored like tokens (decision 071).
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH * 2);
  let code = '';
  // Two bytes per character keep the modulo bias negligible.
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[bytes.readUInt16BE(i * 2) % RECOVERY_ALPHABET.length];
  return code.match(/.{4}/g)!.join('-');
}

/** A recovery code as typed (any case, spaces or dashes) in the form it is hashed in; null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_LENGTH || [...code].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return code.match(/.{4}/g)!.join('-');
}

/** A 6-digit code as typed (spaces allowed, "123 456"); null when it is not one. */
export function normalizeTotpCode(input: string): string | null {
  const code = input.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}
