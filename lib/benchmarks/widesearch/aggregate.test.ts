import { describe, expect, it } from "vitest";
import {
  aggregateWideSearch,
  expectedMaxOfK,
  metricMaxAtK,
  numpyMean,
  passAtK,
  scalingCurve,
  successPassAtK,
  type WideSearchRunSample,
} from "./aggregate";

function run(
  instanceId: string,
  success: boolean,
  rowF1: number,
  itemF1: number,
  extra: Partial<WideSearchRunSample> = {},
): WideSearchRunSample {
  return {
    instanceId,
    success,
    rowPrecision: rowF1,
    rowRecall: rowF1,
    rowF1,
    itemPrecision: itemF1,
    itemRecall: itemF1,
    itemF1,
    ...extra,
  };
}

// Task A: success [1, 0], row F1 [1, 0.5], item F1 [1, 0.8].
// Task B: success [0, 0], row F1 [0.2, 0.4], item F1 [0.6, 0.4].
const TWO_BY_TWO = [
  run("ws_en_001", true, 1, 1),
  run("ws_zh_001", false, 0.2, 0.6),
  run("ws_en_001", false, 0.5, 0.8),
  run("ws_zh_001", false, 0.4, 0.4),
];

describe("aggregateWideSearch", () => {
  it("Avg@N, Pass@N, Max@N and Min@N over tasks, hand-computed", () => {
    const report = aggregateWideSearch(TWO_BY_TWO);
    const close = (v: number) => expect.closeTo(v, 12);
    expect(report.aggregate).toEqual({
      successAvg: close(0.25), // mean(1/2, 0/2)
      successPass: close(0.5), // task A has a success, B has none → 1/2
      rowF1Avg: close(0.525), // mean(0.75, 0.3)
      rowF1Max: close(0.7), // mean(1, 0.4)
      itemF1Avg: close(0.7), // mean(0.9, 0.5)
      itemF1Max: close(0.8), // mean(1, 0.6)
      rowPrecisionAvg: close(0.525),
      rowRecallAvg: close(0.525),
      itemPrecisionAvg: close(0.7),
      itemRecallAvg: close(0.7),
      n: 2,
      runs: 2,
    });
    expect(report.stats?.rowF1.min).toBeCloseTo(0.35, 12); // mean(0.5, 0.2)
    expect(report.tasks.map((t) => [t.instanceId, t.language, t.runs, t.successes])).toEqual([
      ["ws_en_001", "en", 2, 1],
      ["ws_zh_001", "zh", 2, 0],
    ]);
  });

  it("is defined for no samples", () => {
    const report = aggregateWideSearch([]);
    expect(report.aggregate).toMatchObject({ successAvg: null, rowF1Max: null, n: 0, runs: 0 });
    expect(report.stats).toBeNull();
  });

  it("reports uneven run counts and incomplete samples", () => {
    const report = aggregateWideSearch([
      run("a", true, 1, 1),
      run("a", true, 1, 1),
      run("b", false, 0, 0, { complete: false }),
    ]);
    expect(report.runsPerTask).toEqual({ min: 1, max: 2 });
    expect(report.aggregate.runs).toBe(2);
    expect(report.incompleteSamples).toBe(1);
  });
});

describe("passAtK", () => {
  it("is 1 − C(n−c, k)/C(n, k)", () => {
    expect(passAtK(5, 0, 3)).toBe(0);
    expect(passAtK(5, 5, 1)).toBe(1);
    expect(passAtK(5, 2, 1)).toBeCloseTo(2 / 5, 12);
    // 1 − C(3,2)/C(5,2) = 1 − 3/10
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12);
    // n − c = 3 < k = 4: every 4-subset holds a success
    expect(passAtK(5, 2, 4)).toBe(1);
  });

  it("refuses k outside 1..n and c outside 0..n", () => {
    expect(() => passAtK(4, 1, 5)).toThrow(RangeError);
    expect(() => passAtK(4, 1, 0)).toThrow(RangeError);
    expect(() => passAtK(4, 5, 1)).toThrow(RangeError);
  });
});

describe("expectedMaxOfK", () => {
  it("is the expected best of a random k-subset, hand-computed", () => {
    const values = [0.1, 0.5, 0.3, 0.9];
    expect(expectedMaxOfK(values, 1)).toBeCloseTo(0.45, 12); // the mean
    expect(expectedMaxOfK(values, 4)).toBe(0.9); // the max
    // 2-subsets of {0.1, 0.3, 0.5, 0.9}: maxima 0.3, 0.5, 0.9, 0.5, 0.9, 0.9 → 4.0 / 6
    expect(expectedMaxOfK(values, 2)).toBeCloseTo(4 / 6, 12);
  });

  it("agrees with enumerating every subset, ties included", () => {
    const values = [0.4, 0.1, 0.4, 0.9, 0, 0.75, 0.4];
    const subsets = (from: number, k: number): number[][] =>
      k === 0
        ? [[]]
        : from >= values.length
          ? []
          : [...subsets(from + 1, k - 1).map((s) => [values[from], ...s]), ...subsets(from + 1, k)];
    for (let k = 1; k <= values.length; k++) {
      const all = subsets(0, k);
      const brute = all.reduce((sum, s) => sum + Math.max(...s), 0) / all.length;
      expect(expectedMaxOfK(values, k)).toBeCloseTo(brute, 12);
    }
  });
});

describe("pass@k and max@k over tasks", () => {
  it("equal Pass@N and Max@N at k = N and Avg at k = 1", () => {
    const report = aggregateWideSearch(TWO_BY_TWO);
    expect(successPassAtK(TWO_BY_TWO, 2)).toBeCloseTo(report.aggregate.successPass!, 12);
    expect(metricMaxAtK(TWO_BY_TWO, "rowF1", 2)).toBeCloseTo(report.aggregate.rowF1Max!, 12);
    expect(successPassAtK(TWO_BY_TWO, 1)).toBeCloseTo(report.aggregate.successAvg!, 12);
    expect(metricMaxAtK(TWO_BY_TWO, "itemF1", 1)).toBeCloseTo(report.aggregate.itemF1Avg!, 12);
    expect(() => successPassAtK(TWO_BY_TWO, 3)).toThrow(RangeError);
    expect(successPassAtK([], 1)).toBeNull();
  });

  it("gives the test-time scaling curve up to the fewest runs", () => {
    const curve = scalingCurve(TWO_BY_TWO);
    expect(curve.map((p) => p.k)).toEqual([1, 2]);
    expect(curve[1]).toEqual({
      k: 2,
      successPass: expect.closeTo(0.5, 12),
      rowF1Max: expect.closeTo(0.7, 12),
      itemF1Max: expect.closeTo(0.8, 12),
    });
  });
});

describe("numpyMean", () => {
  it("is the mean, by NumPy's pairwise order (checked bit for bit against real summaries in real-runs.test.ts)", () => {
    expect(numpyMean([1, 2, 3])).toBe(2);
    expect(numpyMean(Array.from({ length: 300 }, (_, i) => i))).toBe(149.5);
    expect(numpyMean([])).toBeNaN();
  });
});
