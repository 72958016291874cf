/**
 * The arithmetic of sliding-window limits (uploads per team token, wrong admin tokens per
 * client). The attempts themselves are kept in the database (db/limits.ts), so every
 * process counts the same; who the client is, is lib/auth/client-address.ts.
 */
export interface FailureLimits {
  windowMs: number;
  /** Failures one client may make in the window. */
  perClient: number;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Seconds until fewer than `limit` of `times` (attempts in the window, ascending) remain
 * in it; null while under the limit.
 */
export function windowWait(
  times: readonly number[],
  limit: number,
  windowMs: number,
  now: number,
): number | null {
  if (times.length < limit) return null;
  return Math.max(1, Math.ceil((times[times.length - limit] + windowMs - now) / 1000));
}
