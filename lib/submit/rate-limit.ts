/** An in-memory sliding-window counter per key (one process; restarts forget). */
export class SlidingWindowLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  /** Counts an attempt when fewer than `limit` fall in the window; otherwise says when one will be allowed. */
  attempt(key: string, limit: number, now: number = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const recent = (this.attempts.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= limit) {
      this.attempts.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[recent.length - limit] + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.attempts.set(key, recent);
    return { allowed: true };
  }
}
