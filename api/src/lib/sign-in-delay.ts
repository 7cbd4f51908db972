import type { AppConfig } from '../config';

/**
 * How long to hold back a sign-in for an email with this many recent failures (from any address): nothing up to the
 * threshold, then one step more per failure, up to a ceiling. It slows a guesser spread over many addresses without
 * ever locking the account's owner out.
 */
export function signInDelayMs(
  failures: number,
  limits: Pick<AppConfig['loginRateLimit'], 'slowdownAfter' | 'delayStepMs' | 'maxDelayMs'>,
): number {
  if (failures < limits.slowdownAfter) return 0;
  return Math.min(limits.maxDelayMs, (failures - limits.slowdownAfter + 1) * limits.delayStepMs);
}
