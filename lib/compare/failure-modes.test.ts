import { describe, expect, it } from "vitest";
import { BENCHMARK_INFO } from "../benchmarks/info";
import { pairedFailureModes } from "./failure-modes";

describe("pairedFailureModes", () => {
  it("counts each side's failed runs per mode and pairs the difference run by run", () => {
    const result = pairedFailureModes(BENCHMARK_INFO.qa.failureModes, [
      { a: ["limit"], b: [] },
      { a: ["limit", "no-answer"], b: ["limit"] },
      { a: [], b: ["ungrounded-answer"] },
      { a: [], b: [] },
    ]);
    expect(result).toMatchObject({ pairs: 4, aFailed: 2, bFailed: 2 });
    const limit = result.rows.find((r) => r.mode === "limit")!;
    expect(limit).toMatchObject({ a: 2, b: 1, aShare: 1, bShare: 0.5 });
    expect(limit.difference).toMatchObject({ n: 4, meanA: 0.5, meanB: 0.25, difference: -0.25 });
    expect(limit.difference!.lo).toBeLessThanOrEqual(-0.25);
    expect(limit.difference!.hi).toBeGreaterThanOrEqual(-0.25);
    expect(result.rows.find((r) => r.mode === "ungrounded-answer")).toMatchObject({ a: 0, b: 1 });
    expect(result.rows.at(-1)!.mode).toBe("unexplained");
  });

  it("no pairs: no shares, no difference", () => {
    const result = pairedFailureModes(BENCHMARK_INFO.mpw.failureModes, []);
    for (const row of result.rows)
      expect(row).toMatchObject({ a: 0, b: 0, aShare: null, bShare: null, difference: null });
  });
});
