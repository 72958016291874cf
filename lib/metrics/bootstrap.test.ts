import { describe, expect, it } from "vitest";
import { bootstrapMeans, mean, quantileSorted } from "./bootstrap";

describe("mean", () => {
  it("is null for no values and the arithmetic mean otherwise", () => {
    expect(mean([])).toBeNull();
    // (1 + 2 + 3 + 4) / 4 = 2.5
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(mean([7])).toBe(7);
  });
});

describe("quantileSorted (type 7)", () => {
  it("interpolates linearly between order statistics", () => {
    const xs = [1, 2, 3, 4];
    // pos = (n-1)·q
    expect(quantileSorted(xs, 0)).toBe(1); // pos 0
    expect(quantileSorted(xs, 1)).toBe(4); // pos 3
    expect(quantileSorted(xs, 0.5)).toBe(2.5); // pos 1.5 → 2 + 0.5·(3−2)
    expect(quantileSorted(xs, 0.25)).toBeCloseTo(1.75, 12); // pos 0.75 → 1 + 0.75·1
    expect(quantileSorted(xs, 2 / 3)).toBeCloseTo(3, 12); // pos 2 exactly
    expect(quantileSorted([0, 10], 0.975)).toBeCloseTo(9.75, 12); // pos 0.975 → 0 + 0.975·10
    expect(quantileSorted([0, 10, 20], 0.025)).toBeCloseTo(0.5, 12); // pos 0.05 → 0 + 0.05·10
  });

  it("single value → that value; no values → NaN", () => {
    expect(quantileSorted([5], 0.025)).toBe(5);
    expect(quantileSorted([5], 0.975)).toBe(5);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });
});

describe("bootstrapMeans", () => {
  const values = [0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0.5, 0.25, 1, 0, 0, 1, 1, 1, 0, 1];

  it("is deterministic: same values and seed → same interval", () => {
    const a = bootstrapMeans([values], { seed: 42 });
    const b = bootstrapMeans([values], { seed: 42 });
    expect(a).toEqual(b);
    // and the default seed too
    expect(bootstrapMeans([values])).toEqual(bootstrapMeans([values]));
  });

  it("the interval contains the mean and lies within [min, max]", () => {
    const m = mean(values)!;
    const [ci] = bootstrapMeans([values], { seed: 7 });
    expect(ci).not.toBeNull();
    expect(ci!.lo).toBeLessThanOrEqual(m);
    expect(ci!.hi).toBeGreaterThanOrEqual(m);
    expect(ci!.lo).toBeGreaterThanOrEqual(0);
    expect(ci!.hi).toBeLessThanOrEqual(1);
    expect(ci!.lo).toBeLessThan(ci!.hi);
  });

  it("a lower level gives a narrower interval", () => {
    const [wide] = bootstrapMeans([values], { seed: 3, level: 0.95 });
    const [narrow] = bootstrapMeans([values], { seed: 3, level: 0.5 });
    expect(narrow!.hi - narrow!.lo).toBeLessThan(wide!.hi - wide!.lo);
  });

  it("all-equal values → degenerate interval at that value", () => {
    expect(bootstrapMeans([[0.25, 0.25, 0.25, 0.25]])).toEqual([{ lo: 0.25, hi: 0.25 }]);
    expect(bootstrapMeans([[1]])).toEqual([{ lo: 1, hi: 1 }]);
  });

  it("nulls are left out of the resampled means", () => {
    // Non-null values all 1: every resample's mean is 1 (nulls skipped, not counted as 0).
    const [ci] = bootstrapMeans([[1, null, 1, null, null, 1]]);
    expect(ci).toEqual({ lo: 1, hi: 1 });
  });

  it("a column of only nulls → null interval; other columns unaffected", () => {
    const [nulls, ones] = bootstrapMeans([
      [null, null, null],
      [2, 2, 2],
    ]);
    expect(nulls).toBeNull();
    expect(ones).toEqual({ lo: 2, hi: 2 });
  });

  it("empty input → null", () => {
    expect(bootstrapMeans([[]])).toEqual([null]);
    expect(bootstrapMeans([[], []])).toEqual([null, null]);
    expect(bootstrapMeans([])).toEqual([]);
  });

  it("resamples columns with the same indices (paired)", () => {
    // Column b = 2·a at every index: paired resampling keeps hi_b = 2·hi_a and lo_b = 2·lo_a.
    const a = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const b = a.map((x) => 2 * x);
    const [ca, cb] = bootstrapMeans([a, b], { seed: 11 });
    expect(cb!.lo).toBeCloseTo(2 * ca!.lo, 10);
    expect(cb!.hi).toBeCloseTo(2 * ca!.hi, 10);
  });
});
