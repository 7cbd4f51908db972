import type { SsoErrorCode } from '@crm/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { signInAttempts } from '../db/schema/sign-in-attempts';

/** `invalid_two_factor_code`: a wrong second factor after the right password; it counts toward the limits as a wrong password does. */
export type SignInFailureReason =
  | 'invalid_credentials'
  | 'invalid_two_factor_code'
  | 'locked'
  | 'inactive'
  | 'password_sign_in_off'
  | `sso_${SsoErrorCode}`;

export interface SignInAttempt {
  email: string;
  ip: string;
  userId: number | null;
  succeeded: boolean;
  reason: SignInFailureReason | null;
  delayMs: number;
  userAgent: string | null;
}

export interface RecentFailures {
  /** Wrong passwords (and second factors) for this email from this address within the pair window, since its last success there. */
  pair: number;
  /** When the oldest of those leaves the window (the pair is free again below the limit), or null. */
  pairFreeAt: Date | null;
  /** Wrong passwords for this email from any address within the slowdown window. */
  email: number;
}

/** The sign-in log: the limiter counts recent failures in it, and the audit log will read it. */
export function createSignInAttemptRepository(db: Database) {
  return {
    async recentFailures(input: { email: string; ip: string; pairWindowMs: number; emailWindowMs: number }): Promise<RecentFailures> {
      const now = Date.now();
      const pairSince = new Date(now - input.pairWindowMs).toISOString();
      const emailSince = new Date(now - input.emailWindowMs).toISOString();
      const [row] = await queryRows<{ pair: number; oldest: string | Date | null; email: number }>(
        db,
        sql`with failures as (
              select ip, created_at from ${signInAttempts}
              where email = ${input.email} and not succeeded and reason in ('invalid_credentials', 'invalid_two_factor_code')
                and created_at > least(${pairSince}::timestamptz, ${emailSince}::timestamptz)
            ), last_success as (
              select max(created_at) as at from ${signInAttempts}
              where email = ${input.email} and ip = ${input.ip} and succeeded
            ), pair as (
              select f.created_at from failures f, last_success s
              where f.ip = ${input.ip} and f.created_at > ${pairSince}::timestamptz and (s.at is null or f.created_at > s.at)
            )
            select (select count(*) from pair)::int as pair,
                   (select min(created_at) from pair) as oldest,
                   (select count(*) from failures where created_at > ${emailSince}::timestamptz)::int as email`,
      );
      const oldest = row.oldest === null ? null : new Date(row.oldest);
      return { pair: row.pair, email: row.email, pairFreeAt: oldest && new Date(oldest.getTime() + input.pairWindowMs) };
    },

    async record(attempt: SignInAttempt): Promise<void> {
      await db.insert(signInAttempts).values(attempt);
    },
  };
}

export type SignInAttemptRepository = ReturnType<typeof createSignInAttemptRepository>;
