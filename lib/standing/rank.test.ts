import { describe, expect, it } from "vitest";
import { significanceRanks, significantlyBetter } from "./rank";

/** 40 tasks; `ones` lists the tasks a row solves. */
const row = (ones: Iterable<number>, n = 40) => {
  const scores = new Array<number>(n).fill(0);
  for (const i of ones) scores[i] = 1;
  return scores;
};
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("significanceRanks", () => {
  it("a clear winner ranks 1 and the rest share the rank after it", () => {
    // A solves all 40, B and C solve the same 10: every resample puts A 0.75 ahead; B − C is 0 in every draw.
    const a = row(range(0, 40));
    const b = row(range(0, 10));
    const c = row(range(0, 10));
    expect(significanceRanks([a, b, c])).toEqual([1, 2, 2]);
  });

  it("three identical rows all share rank 1", () => {
    const same = row([1, 5, 9, 20]);
    expect(significanceRanks([same, [...same], [...same]])).toEqual([1, 1, 1]);
  });

  it("a three-way tie of equal means but different tasks: no row beats another", () => {
    // 20 of 40 each, on different tasks: the paired differences straddle 0.
    expect(significanceRanks([row(range(0, 20)), row(range(10, 30)), row(range(20, 40))])).toEqual([
      1, 1, 1,
    ]);
  });

  it("non-transitive overlaps: A beats C, neither beats B, so A and B share 1 and C is 2", () => {
    // A ⊃ B ⊃ C, two tasks apart each step. A − B is 0 in a resample that draws neither of
    // its 2 tasks: (38/40)^40 ≈ 13% of draws, so its 2.5% quantile is 0 (not significant).
    // A − C differs on 4 tasks: (36/40)^40 ≈ 1.5% < 2.5% of draws are 0, so A beats C.
    const a = row(range(0, 24));
    const b = row(range(0, 22));
    const c = row(range(0, 20));
    const better = significantlyBetter([a, b, c]);
    expect(better[0][1]).toBe(false);
    expect(better[1][2]).toBe(false);
    expect(better[0][2]).toBe(true);
    expect(significanceRanks([a, b, c])).toEqual([1, 1, 2]);
  });

  it("a worse row is never 'better': the relation is one-sided", () => {
    const better = significantlyBetter([row(range(0, 40)), row([])]);
    expect(better).toEqual([
      [false, true],
      [false, false],
    ]);
  });

  it("is seeded: the same scores give the same ranks, whatever the row order", () => {
    const rows = [row(range(0, 24)), row(range(0, 22)), row(range(0, 20)), row(range(5, 15))];
    const ranks = significanceRanks(rows);
    expect(significanceRanks(rows)).toEqual(ranks);
    expect(significanceRanks([...rows].reverse())).toEqual([...ranks].reverse());
  });

  it("one row, no rows, and no tasks", () => {
    expect(significanceRanks([row([1])])).toEqual([1]);
    expect(significanceRanks([])).toEqual([]);
    expect(significanceRanks([[], []])).toEqual([1, 1]);
  });

  it("refuses rows scored on different task sets", () => {
    expect(() => significanceRanks([[1, 0], [1]])).toThrow(/same tasks/);
  });

  it("scores are means over runs: 0.5 on every task against 0 on every task is a clear gap", () => {
    expect(significanceRanks([new Array(30).fill(0.5), new Array(30).fill(0)])).toEqual([1, 2]);
  });
});
