import { describe, expect, it } from "vitest";
import { clientAddress, FailureLimiter } from "./failure-limit";

const limits = { windowMs: 60_000, perClient: 3, global: 5 };

describe("FailureLimiter", () => {
  it("refuses a client after its failures reach the limit, until the window passes", () => {
    const limiter = new FailureLimiter(limits);
    for (let i = 0; i < 3; i++) {
      expect(limiter.check("a", 1000 + i)).toEqual({ allowed: true });
      limiter.fail("a", 1000 + i);
    }
    expect(limiter.check("a", 2000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(limiter.check("a", 31_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.check("b", 2000)).toEqual({ allowed: true });
    expect(limiter.check("a", 61_001)).toEqual({ allowed: true });
  });

  it("refuses every client once all failures together reach the global limit", () => {
    const limiter = new FailureLimiter(limits);
    for (let i = 0; i < 5; i++) limiter.fail(`client-${i}`, 1000);
    expect(limiter.check("someone-new", 1000)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.check("someone-new", 61_001)).toEqual({ allowed: true });
  });

  it("counts only failures: checks alone never block", () => {
    const limiter = new FailureLimiter(limits);
    for (let i = 0; i < 100; i++) expect(limiter.check("a", 1000 + i).allowed).toBe(true);
  });
});

describe("clientAddress", () => {
  it("is the last X-Forwarded-For hop, or unknown", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "10.0.0.1, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "::1" }))).toBe("::1");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
