import { describe, expect, it } from "vitest";
import {
  chiSquare1Survival,
  mcnemar,
  mcnemarChiSquare,
  mcnemarExact,
  MCNEMAR_EXACT_BELOW,
  pairedBootstrap,
} from "./paired";

describe("mcnemarExact", () => {
  it("b=1, c=7: 2·(C(8,0)+C(8,1))/2^8 = 18/256", () => {
    expect(mcnemarExact(1, 7)).toBeCloseTo(0.0703125, 12);
    expect(mcnemarExact(7, 1)).toBeCloseTo(0.0703125, 12);
  });

  it("b=0, c=5: 2/32", () => {
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
  });

  it("b=2, c=10: 2·(1+12+66)/4096", () => {
    expect(mcnemarExact(2, 10)).toBeCloseTo(158 / 4096, 12);
  });

  it("b=c gives p = 1 (the doubled tail is capped)", () => {
    expect(mcnemarExact(3, 3)).toBe(1);
    expect(mcnemarExact(1, 1)).toBe(1);
  });

  it("no discordant pairs: p = 1", () => {
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it("stays finite for thousands of discordant pairs", () => {
    const p = mcnemarExact(900, 1100);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-4);
  });

  it("refuses negative or fractional counts", () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});

describe("mcnemarChiSquare (continuity-corrected)", () => {
  it("b=10, c=20: (|10−20|−1)²/30 = 2.7, p = 0.10035", () => {
    const r = mcnemarChiSquare(10, 20);
    expect(r.statistic).toBeCloseTo(2.7, 12);
    expect(r.p).toBeCloseTo(0.10034824646229074, 6);
  });

  it("b=40, c=60: 19²/100 = 3.61, p = 0.05743", () => {
    const r = mcnemarChiSquare(40, 60);
    expect(r.statistic).toBeCloseTo(3.61, 12);
    expect(r.p).toBeCloseTo(0.05743311963200359, 6);
  });

  it("b=c: the corrected statistic is floored at 0, p = 1", () => {
    expect(mcnemarChiSquare(15, 15)).toEqual({ statistic: 0, p: 1 });
    expect(mcnemarChiSquare(15, 16)).toEqual({ statistic: 0, p: 1 });
    expect(mcnemarChiSquare(0, 0)).toEqual({ statistic: 0, p: 1 });
  });

  it("χ²₁ tail at the 95% critical value is 0.05", () => {
    expect(chiSquare1Survival(3.841458820694124)).toBeCloseTo(0.05, 6);
    expect(chiSquare1Survival(0)).toBe(1);
  });
});

describe("mcnemar (method choice)", () => {
  it("uses the exact test below 25 discordant pairs", () => {
    expect(MCNEMAR_EXACT_BELOW).toBe(25);
    const r = mcnemar(1, 7);
    expect(r).toEqual({ b: 1, c: 7, method: "exact", statistic: null, p: mcnemarExact(1, 7) });
    expect(mcnemar(12, 12).method).toBe("exact");
  });

  it("uses χ² with continuity correction from 25 on", () => {
    const r = mcnemar(12, 13);
    expect(r.method).toBe("chi-square-cc");
    expect(r.statistic).toBe(0);
    expect(r.p).toBe(1);
    expect(mcnemar(10, 20).p).toBeCloseTo(0.10034824646229074, 6);
  });

  it("b = c = 0: exact, p = 1", () => {
    expect(mcnemar(0, 0)).toEqual({ b: 0, c: 0, method: "exact", statistic: null, p: 1 });
  });
});

describe("pairedBootstrap", () => {
  it("no pairs: null", () => {
    expect(pairedBootstrap([], [])).toBeNull();
  });

  it("all pairs differ by the same d: the interval is [d, d]", () => {
    const r = pairedBootstrap([0, 1, 0.5], [0.5, 1.5, 1]);
    expect(r).toEqual({ n: 3, meanA: 0.5, meanB: 1, difference: 0.5, lo: 0.5, hi: 0.5 });
  });

  it("ties everywhere (A = B): difference 0, interval [0, 0]", () => {
    const r = pairedBootstrap([1, 0, 1, 1], [1, 0, 1, 1]);
    expect(r).toMatchObject({ difference: 0, lo: 0, hi: 0 });
  });

  it("one pair: [d, d]", () => {
    expect(pairedBootstrap([0], [1])).toEqual({
      n: 1,
      meanA: 0,
      meanB: 1,
      difference: 1,
      lo: 1,
      hi: 1,
    });
  });

  it("two pairs with differences 0 and 1: resample means are 0, ½, 1 with P(0) = ¼, so the 95% interval is [0, 1]", () => {
    const r = pairedBootstrap([1, 0], [1, 1]);
    expect(r).toEqual({ n: 2, meanA: 0.5, meanB: 1, difference: 0.5, lo: 0, hi: 1 });
  });

  it("is deterministic for a seed and contains the point estimate", () => {
    const a = [1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1];
    const b = [1, 1, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1];
    const first = pairedBootstrap(a, b, { seed: 7 });
    expect(pairedBootstrap(a, b, { seed: 7 })).toEqual(first);
    expect(first!.difference).toBeCloseTo(3 / 12, 12);
    expect(first!.lo).toBeLessThanOrEqual(first!.difference);
    expect(first!.hi).toBeGreaterThanOrEqual(first!.difference);
    expect(first!.lo).toBeGreaterThanOrEqual(0);
    expect(first!.hi).toBeLessThanOrEqual(0.5 + 1e-12);
  });

  it("refuses unequal lengths and non-finite values", () => {
    expect(() => pairedBootstrap([1], [1, 0])).toThrow(RangeError);
    expect(() => pairedBootstrap([Number.NaN], [1])).toThrow(RangeError);
  });
});
