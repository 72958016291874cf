import { describe, expect, it } from "vitest";
import { quantileSorted } from "../../metrics/bootstrap";
import { seededRandom } from "../../random";
import {
  deltaFacts,
  fcrPassBins,
  isCohortEligible,
  truncatedCurves,
  type CallSeriesSample,
} from "./analysis";

const p = (fcr: number, correct: boolean) => ({ fcr, correct });

describe("fcrPassBins", () => {
  it("forms equal-frequency bins when there are no ties", () => {
    // 6 samples, 3 bins → boundaries at 2, 4, 6 samples.
    const result = fcrPassBins(
      [p(0.5, true), p(0.1, false), p(0.3, true), p(0.2, false), p(0.9, true), p(0.6, false)],
      3,
    );
    expect(result.binsFormed).toBe(3);
    expect(result.cohort).toBe(6);
    expect(result.bins.map((b) => b.n)).toEqual([2, 2, 2]);
    // bin 1 = {0.1 ✗, 0.2 ✗}: mean FCR 0.15, Pass@1 0
    expect(result.bins[0]).toMatchObject({ fcrMin: 0.1, fcrMax: 0.2, pass1: 0 });
    expect(result.bins[0].meanFcr).toBeCloseTo(0.15, 12);
    // bin 2 = {0.3 ✓, 0.5 ✓}: mean 0.4, Pass@1 1
    expect(result.bins[1]).toMatchObject({ fcrMin: 0.3, fcrMax: 0.5, pass1: 1 });
    expect(result.bins[1].meanFcr).toBeCloseTo(0.4, 12);
    // bin 3 = {0.6 ✗, 0.9 ✓}: mean 0.75, Pass@1 0.5
    expect(result.bins[2]).toMatchObject({ fcrMin: 0.6, fcrMax: 0.9, pass1: 0.5 });
  });

  it("never splits tied FCR values and says how many bins it formed", () => {
    // 10 samples, 5 bins requested (boundaries 2, 4, 6, 8, 10); six are tied at 0.
    // Ties at 0 fill up to 6 ≥ 2 → one bin of 6 (boundaries 2, 4, 6 passed);
    // then 0.2 (7 < 8), 0.4 (8 ≥ 8) → bin {0.2, 0.4}; then 0.6, 0.8 → last bin.
    const points = [
      ...Array.from({ length: 6 }, (_, i) => p(0, i < 1)),
      p(0.2, false),
      p(0.4, true),
      p(0.6, true),
      p(0.8, true),
    ];
    const result = fcrPassBins(points, 5);
    expect(result.binsRequested).toBe(5);
    expect(result.binsFormed).toBe(3);
    expect(result.bins.map((b) => b.n)).toEqual([6, 2, 2]);
    expect(result.bins[0]).toMatchObject({ fcrMin: 0, fcrMax: 0, meanFcr: 0 });
    expect(result.bins[0].pass1).toBeCloseTo(1 / 6, 12);
    expect(result.bins[1]).toMatchObject({ fcrMin: 0.2, fcrMax: 0.4, pass1: 0.5 });
    expect(result.bins[2]).toMatchObject({ fcrMin: 0.6, fcrMax: 0.8, pass1: 1 });
  });

  it("puts every sample in one bin when all FCR values are equal", () => {
    const result = fcrPassBins([p(0.25, true), p(0.25, false), p(0.25, false), p(0.25, true)], 15);
    expect(result.binsFormed).toBe(1);
    expect(result.bins[0]).toEqual({ fcrMin: 0.25, fcrMax: 0.25, n: 4, meanFcr: 0.25, pass1: 0.5 });
  });

  it("gives no bins for an empty cohort, and at most n bins for few samples", () => {
    expect(fcrPassBins([], 15)).toEqual({ bins: [], binsRequested: 15, binsFormed: 0, cohort: 0 });
    expect(fcrPassBins([p(0.1, true), p(0.9, false)], 15).binsFormed).toBe(2);
  });
});

const series = (
  toolCalls: number,
  newFactsByCall: number[],
  hitsByCall: number[],
  factCount = 4,
): CallSeriesSample => ({ toolCalls, factCount, newFactsByCall, hitsByCall });

describe("deltaFacts", () => {
  it("averages new facts at each call over the cohort samples that reached it", () => {
    const samples = [
      series(3, [1, 0, 1], [1, 1, 1]),
      series(2, [2, 0], [1, 0]),
      series(4, [0, 1, 0, 1], [0, 1, 0, 1]),
      series(1, [1], [1]), // below k_cohort = 2: not in the cohort
    ];
    const result = deltaFacts(samples, 2, 3);
    expect(result.cohort).toBe(3);
    expect(result.points.map((pt) => pt.k)).toEqual([1, 2, 3, 4]);
    // k=1: values {1, 2, 0} → mean 1, n 3; sorted 0,1,2 → p25 = 0.5, p75 = 1.5
    expect(result.points[0]).toEqual({
      k: 1,
      n: 3,
      meanNewFacts: 1,
      p25: 0.5,
      p75: 1.5,
      lowN: false,
    });
    // k=2: {0, 0, 1} → mean 1/3
    expect(result.points[1].meanNewFacts).toBeCloseTo(1 / 3, 12);
    expect(result.points[1].n).toBe(3);
    // k=3: only samples with ≥ 3 calls: {1, 0} → mean 0.5, n 2 < threshold 3
    expect(result.points[2]).toMatchObject({ k: 3, n: 2, meanNewFacts: 0.5, lowN: true });
    // k=4: {1} → n 1
    expect(result.points[3]).toMatchObject({
      k: 4,
      n: 1,
      meanNewFacts: 1,
      p25: 1,
      p75: 1,
      lowN: true,
    });
  });

  it("counts a call without a hit-log entry as no new fact", () => {
    // ToolCalls says 3 but only 2 calls were logged: call 3 adds nothing.
    const result = deltaFacts([series(3, [1, 1], [1, 1])], 1, 0);
    expect(result.points[2]).toMatchObject({ k: 3, n: 1, meanNewFacts: 0 });
  });

  it("returns an empty curve for an empty cohort", () => {
    expect(deltaFacts([series(2, [1, 0], [1, 0])], 5, 50)).toEqual({
      cohort: 0,
      kCohort: 5,
      nThreshold: 50,
      points: [],
    });
    expect(deltaFacts([], 1, 50).points).toEqual([]);
  });

  it("gives the same quartiles as sorting every n(k) values (type-7 interpolation)", () => {
    const random = seededRandom(7);
    const samples = Array.from({ length: 400 }, () => {
      const calls = 1 + Math.floor(random() * 12);
      const newFacts = Array.from({ length: calls }, () =>
        random() < 0.6 ? 0 : 1 + Math.floor(random() * 3),
      );
      return series(
        calls,
        newFacts,
        newFacts.map((v) => (v > 0 ? 1 : 0)),
      );
    });
    const result = deltaFacts(samples, 3, 50);
    const cohort = samples.filter((s) => s.toolCalls >= 3);
    expect(result.cohort).toBe(cohort.length);
    for (const point of result.points) {
      const values = cohort
        .filter((s) => s.toolCalls >= point.k)
        .map((s) => s.newFactsByCall[point.k - 1])
        .sort((a, b) => a - b);
      expect(point.n).toBe(values.length);
      expect(point.meanNewFacts).toBeCloseTo(values.reduce((a, v) => a + v, 0) / values.length, 12);
      expect(point.p25).toBeCloseTo(quantileSorted(values, 0.25), 12);
      expect(point.p75).toBeCloseTo(quantileSorted(values, 0.75), 12);
    }
  });
});

describe("truncatedCurves", () => {
  it("computes FCR(k) and HitPrec(k) over one fixed cohort", () => {
    const samples = [
      series(3, [1, 0, 1], [1, 1, 1], 4), // FCR: 1/4, 1/4, 2/4; HitPrec: 1, 1, 1
      series(2, [0, 2], [0, 1], 2), // FCR: 0, 1; HitPrec: 0, 1/2
      series(1, [1], [1], 1), // shorter than k_trunc = 2: excluded
    ];
    const result = truncatedCurves(samples, 2);
    expect(result.cohort).toBe(2);
    expect(result.points).toHaveLength(2);
    // k=1: FCR mean(1/4, 0) = 0.125; HitPrec mean(1/1, 0/1) = 0.5
    expect(result.points[0].fcr).toBeCloseTo(0.125, 12);
    expect(result.points[0].hitPrec).toBeCloseTo(0.5, 12);
    // k=2: FCR mean(1/4, 2/2) = 0.625; HitPrec mean(2/2, 1/2) = 0.75
    expect(result.points[1].fcr).toBeCloseTo(0.625, 12);
    expect(result.points[1].hitPrec).toBeCloseTo(0.75, 12);
  });

  it("returns no points for an empty cohort", () => {
    expect(truncatedCurves([series(1, [1], [1])], 3)).toEqual({ cohort: 0, kTrunc: 3, points: [] });
  });
});

describe("isCohortEligible", () => {
  it("keeps finished and max-turns runs with calls and facts, as the authors' scripts", () => {
    expect(isCohortEligible({ status: "finished", toolCalls: 1, factCount: 3 })).toBe(true);
    expect(isCohortEligible({ status: "max_turns_reached", toolCalls: 32, factCount: 3 })).toBe(
      true,
    );
    expect(isCohortEligible({ status: "api_error", toolCalls: 5, factCount: 3 })).toBe(false);
    expect(isCohortEligible({ status: "finished", toolCalls: 0, factCount: 3 })).toBe(false);
    expect(isCohortEligible({ status: "finished", toolCalls: 4, factCount: 0 })).toBe(false);
  });
});
