import { describe, expect, it } from "vitest";
import { wideSearchSplits, type WideSearchStoredSample } from "./splits";

function sample(
  instanceId: string,
  success: boolean,
  rowF1: number,
  itemF1: number,
  searchCalls: number | null = null,
  browseCalls: number | null = null,
  extra: Partial<WideSearchStoredSample> = {},
): WideSearchStoredSample {
  return {
    instanceId,
    success,
    rowPrecision: rowF1,
    rowRecall: rowF1,
    rowF1,
    itemPrecision: itemF1,
    itemRecall: itemF1,
    itemF1,
    searchCalls,
    browseCalls,
    ...extra,
  };
}

/**
 * N = 2 runs of two tasks:
 *   ws_en_001: run 0 success, rowF1 1,   itemF1 1,   4 searches, 2 browses
 *              run 1 fail,    rowF1 0.5, itemF1 0.8, calls unknown (null)
 *   ws_zh_001: run 0 fail,    rowF1 0.2, itemF1 0.6, 2 searches, 0 browses
 *              run 1 fail,    rowF1 0.4, itemF1 0.4, 6 searches, 1 browse
 */
const N2 = [
  sample("ws_en_001", true, 1, 1, 4, 2),
  sample("ws_zh_001", false, 0.2, 0.6, 2, 0),
  sample("ws_en_001", false, 0.5, 0.8, null, null),
  sample("ws_zh_001", false, 0.4, 0.4, 6, 1),
];

describe("wideSearchSplits", () => {
  it("overall first, then one split per language", () => {
    expect(wideSearchSplits(N2).map((s) => [s.split, s.n])).toEqual([
      ["overall", 2],
      ["lang:en", 1],
      ["lang:zh", 1],
    ]);
  });

  it("N = 2, by hand: Avg@2, Pass@2, Max@2", () => {
    const [overall, en, zh] = wideSearchSplits(N2);
    const a = overall.report.aggregate;
    // success per task: en mean(1, 0) = 0.5, max 1; zh 0, 0 → Avg@2 = 0.25, Pass@2 = 0.5
    expect(a.successAvg).toBeCloseTo(0.25, 12);
    expect(a.successPass).toBeCloseTo(0.5, 12);
    // rowF1: en mean 0.75, max 1; zh mean 0.3, max 0.4 → Avg 0.525, Max 0.7
    expect(a.rowF1Avg).toBeCloseTo(0.525, 12);
    expect(a.rowF1Max).toBeCloseTo(0.7, 12);
    // itemF1: en mean 0.9, max 1; zh mean 0.5, max 0.6 → Avg 0.7, Max 0.8
    expect(a.itemF1Avg).toBeCloseTo(0.7, 12);
    expect(a.itemF1Max).toBeCloseTo(0.8, 12);
    expect(a).toMatchObject({ n: 2, runs: 2 });
    expect(overall.report.runsPerTask).toEqual({ min: 2, max: 2 });
    expect(en.report.aggregate.successAvg).toBeCloseTo(0.5, 12);
    expect(en.report.aggregate.successPass).toBe(1);
    expect(zh.report.aggregate.successPass).toBe(0);
    expect(zh.report.aggregate.rowF1Avg).toBeCloseTo(0.3, 12);
  });

  it("scaling for N = 2: k = 1 is the mean, k = 2 is Pass@2 / Max@2", () => {
    const [overall] = wideSearchSplits(N2);
    expect(overall.scaling).toHaveLength(2);
    const [k1, k2] = overall.scaling;
    // pass@1 of (n=2, c=1) = 1/2 → mean(0.5, 0) = 0.25; max@1 = the mean of the runs.
    expect(k1.k).toBe(1);
    expect(k1.successPass).toBeCloseTo(0.25, 12);
    expect(k1.rowF1Max).toBeCloseTo(0.525, 12);
    expect(k1.itemF1Max).toBeCloseTo(0.7, 12);
    expect(k2.k).toBe(2);
    expect(k2.successPass).toBeCloseTo(0.5, 12);
    expect(k2.rowF1Max).toBeCloseTo(0.7, 12);
    expect(k2.itemF1Max).toBeCloseTo(0.8, 12);
  });

  it("scaling for N = 3, by hand", () => {
    // One task, rowF1 runs 0.1, 0.7, 0.4, success only on the second.
    // k=1: pass = 1/3, max@1 = mean = 0.4.
    // k=2: pass@2 = 1 − C(2,2)/C(3,2) = 2/3; max@2 over {0.1,0.7}, {0.1,0.4}, {0.7,0.4} = (0.7 + 0.4 + 0.7)/3 = 0.6.
    // k=3: pass 1, max 0.7.
    const runs = [
      sample("ws_en_001", false, 0.1, 0.1),
      sample("ws_en_001", true, 0.7, 0.7),
      sample("ws_en_001", false, 0.4, 0.4),
    ];
    const [overall] = wideSearchSplits(runs);
    expect(overall.scaling.map((p) => p.k)).toEqual([1, 2, 3]);
    const expected = [
      [1 / 3, 0.4],
      [2 / 3, 0.6],
      [1, 0.7],
    ];
    overall.scaling.forEach((p, i) => {
      expect(p.successPass).toBeCloseTo(expected[i][0], 12);
      expect(p.rowF1Max).toBeCloseTo(expected[i][1], 12);
      expect(p.itemF1Max).toBeCloseTo(expected[i][1], 12);
    });
    expect(overall.report.aggregate).toMatchObject({ n: 1, runs: 3 });
  });

  it("tasks with different run counts: scaling only up to the fewest, runs = the most", () => {
    const samples = [...N2, sample("ws_en_001", false, 0, 0)];
    const [overall] = wideSearchSplits(samples);
    expect(overall.report.runsPerTask).toEqual({ min: 2, max: 3 });
    expect(overall.report.aggregate.runs).toBe(3);
    expect(overall.scaling.map((p) => p.k)).toEqual([1, 2]);
  });

  it("searchCalls and browseCalls: mean over runs that reported them, nulls left out", () => {
    const [overall, en, zh] = wideSearchSplits(N2);
    // searches 4, 2, 6 (one null) → 4; browses 2, 0, 1 → 1
    expect(overall.searchCalls).toBeCloseTo(4, 12);
    expect(overall.browseCalls).toBeCloseTo(1, 12);
    expect(en.searchCalls).toBe(4);
    expect(en.browseCalls).toBe(2);
    expect(zh.searchCalls).toBeCloseTo(4, 12);
    expect(zh.browseCalls).toBeCloseTo(0.5, 12);
  });

  it("no run reported its calls (results-only): null, not 0", () => {
    const [overall] = wideSearchSplits(
      N2.map((s) => ({ ...s, searchCalls: null, browseCalls: null })),
    );
    expect(overall.searchCalls).toBeNull();
    expect(overall.browseCalls).toBeNull();
  });

  it("the sample's own language wins over the instance id; neither → lang:unknown", () => {
    const splits = wideSearchSplits([
      sample("ws_en_001", true, 1, 1, null, null, { language: "zh" }),
      sample("custom-7", false, 0, 0),
    ]);
    expect(splits.map((s) => [s.split, s.n])).toEqual([
      ["overall", 2],
      ["lang:unknown", 1],
      ["lang:zh", 1],
    ]);
  });

  it("incomplete runs are counted per split", () => {
    const samples = [
      sample("ws_en_001", false, 0.5, 0.5, null, null, { complete: false }),
      sample("ws_zh_001", true, 1, 1),
    ];
    const [overall, en, zh] = wideSearchSplits(samples);
    expect([
      overall.report.incompleteSamples,
      en.report.incompleteSamples,
      zh.report.incompleteSamples,
    ]).toEqual([1, 1, 0]);
  });

  it("confidence intervals are ordered and within [0, 1]", () => {
    const [overall] = wideSearchSplits(N2);
    for (const ci of [overall.ci.successAvg, overall.ci.rowF1Avg, overall.ci.itemF1Avg]) {
      expect(ci).not.toBeNull();
      expect(ci!.lo).toBeLessThanOrEqual(ci!.hi);
      expect(ci!.lo).toBeGreaterThanOrEqual(0);
      expect(ci!.hi).toBeLessThanOrEqual(1);
    }
  });

  it("no samples: just an empty overall split", () => {
    const splits = wideSearchSplits([]);
    expect(splits).toHaveLength(1);
    expect(splits[0]).toMatchObject({
      split: "overall",
      n: 0,
      scaling: [],
      searchCalls: null,
      browseCalls: null,
    });
    expect(splits[0].report.aggregate.successAvg).toBeNull();
  });
});
