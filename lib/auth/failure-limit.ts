/**
 * Failed attempts at a secret (the admin token), counted per client and over all clients in
 * a sliding window. While either count is at its limit every attempt is refused, the right
 * secret included, so a guesser cannot keep trying; a success is never counted. In memory,
 * one process: a restart forgets.
 */
export interface FailureLimits {
  windowMs: number;
  /** Failures one client may make in the window. */
  perClient: number;
  /** Failures all clients together may make in the window (a guesser spreading over addresses). */
  global: number;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Clients tracked before those with no failure left in the window are dropped. */
const PRUNE_AT = 10_000;

export class FailureLimiter {
  private readonly byClient = new Map<string, number[]>();
  private all: number[] = [];

  constructor(private readonly limits: FailureLimits) {}

  /** Whether `client` may try now; when not, the seconds until it may. */
  check(client: string, now: number = Date.now()): LimitVerdict {
    const since = now - this.limits.windowMs;
    this.all = this.all.filter((t) => t > since);
    const own = (this.byClient.get(client) ?? []).filter((t) => t > since);
    const waits = [this.wait(own, this.limits.perClient, now), this.wait(this.all, this.limits.global, now)].filter((w): w is number => w !== null);
    return waits.length ? { allowed: false, retryAfterSeconds: Math.max(...waits) } : { allowed: true };
  }

  fail(client: string, now: number = Date.now()): void {
    const since = now - this.limits.windowMs;
    if (this.byClient.size >= PRUNE_AT) {
      for (const [key, times] of this.byClient) if (!times.some((t) => t > since)) this.byClient.delete(key);
    }
    this.byClient.set(client, [...(this.byClient.get(client) ?? []).filter((t) => t > since), now]);
    this.all.push(now);
  }

  /** Seconds until fewer than `limit` of `times` (ascending, in the window) remain; null: under the limit now. */
  private wait(times: readonly number[], limit: number, now: number): number | null {
    if (times.length < limit) return null;
    return Math.max(1, Math.ceil((times[times.length - limit] + this.limits.windowMs - now) / 1000));
  }
}

/**
 * The client's address as the nearest hop saw it: the last `X-Forwarded-For` entry (Next's
 * server sets the header to the socket's address when none came; a reverse proxy appends the
 * address it saw). A client can still write its own header when no proxy is in front, which
 * is why the global limit exists.
 */
export function clientAddress(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  return hops.at(-1) ?? "unknown";
}
