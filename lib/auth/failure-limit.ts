/**
 * The arithmetic of sliding-window limits (uploads per team token, wrong admin tokens per
 * client and overall), and the client's address they are counted by. The attempts
 * themselves are kept in the database (db/limits.ts), so every process counts the same.
 */
export interface FailureLimits {
  windowMs: number;
  /** Failures one client may make in the window. */
  perClient: number;
  /** Failures all clients together may make in the window (a guesser spreading over addresses). */
  global: number;
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

/**
 * The client's address as the nearest hop saw it: the last `X-Forwarded-For` entry (Next's
 * server sets the header to the socket's address when none came; a reverse proxy appends the
 * address it saw). A client can still write its own header when no proxy is in front, which
 * is why the global limit exists.
 */
export function clientAddress(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? "unknown";
}
