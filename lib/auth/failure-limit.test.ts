import { describe, expect, it } from "vitest";
import { windowWait } from "./failure-limit";

describe("windowWait", () => {
  it("null under the limit; at it, the seconds until the oldest counted attempt leaves the window (at least 1)", () => {
    expect(windowWait([], 1, 60_000, 0)).toBeNull();
    expect(windowWait([1000, 2000], 3, 60_000, 3000)).toBeNull();
    expect(windowWait([1000, 2000, 3000], 3, 60_000, 3000)).toBe(58);
    // Over the limit, the attempt that must leave is the one `limit` from the newest.
    expect(windowWait([1000, 2000, 3000, 4000], 2, 60_000, 4000)).toBe(59);
    expect(windowWait([1000], 1, 60_000, 60_999)).toBe(1);
  });
});
