import { describe, expect, it } from "vitest";
import { mcnemarExact } from "../stats/paired";
import { incompatibility } from "./compatible";
import {
  cellOf,
  countOf,
  outcomeMatrix,
  pairsInCell,
  secondaryDifference,
  splitSummaries,
  summarisePair,
  type RunPair,
  type TaskPair,
} from "./outcomes";

const run = (taskKey: string, a: boolean, b: boolean, r = 0): RunPair => ({
  taskKey,
  run: r,
  a,
  b,
});
const task = (taskKey: string, a: number, b: number, extra: Partial<TaskPair> = {}): TaskPair => ({
  taskKey,
  a,
  b,
  aFcr: null,
  bFcr: null,
  aToolCalls: null,
  bToolCalls: null,
  splits: {},
  ...extra,
});

describe("outcome matrix", () => {
  it("classifies each pair into one cell", () => {
    expect(cellOf(true, true)).toBe("both");
    expect(cellOf(true, false)).toBe("only-a");
    expect(cellOf(false, true)).toBe("only-b");
    expect(cellOf(false, false)).toBe("neither");
  });

  it("counts cells, summing to the pairs", () => {
    const pairs = [
      run("1", true, true),
      run("2", true, false),
      run("3", false, true),
      run("4", false, true),
      run("5", false, false),
    ];
    const m = outcomeMatrix(pairs);
    expect(m).toEqual({ both: 1, onlyA: 1, onlyB: 2, neither: 1, total: 5 });
    expect(countOf(m, "only-b")).toBe(2);
    expect(pairsInCell(pairs, "only-b").map((p) => p.taskKey)).toEqual(["3", "4"]);
  });

  it("empty input: all zero", () => {
    expect(outcomeMatrix([])).toEqual({ both: 0, onlyA: 0, onlyB: 0, neither: 0, total: 0 });
  });
});

describe("summarisePair", () => {
  it("one run per task: McNemar on the matrix, difference = (onlyB − onlyA) / n", () => {
    const runs = [
      run("1", true, true),
      run("2", true, false),
      ...["3", "4", "5", "6", "7", "8", "9"].map((k) => run(k, false, true)),
      run("10", false, false),
    ];
    const tasks = runs.map((r) => task(r.taskKey, r.a ? 1 : 0, r.b ? 1 : 0));
    const s = summarisePair(runs, tasks);
    expect(s.matrix).toEqual({ both: 1, onlyA: 1, onlyB: 7, neither: 1, total: 10 });
    expect(s.mcnemar.method).toBe("exact");
    expect(s.mcnemar.p).toBeCloseTo(0.0703125, 12);
    expect(s.primary!.difference).toBeCloseTo(6 / 10, 12);
    expect(s.primary!.meanA).toBeCloseTo(0.2, 12);
    expect(s.primary!.meanB).toBeCloseTo(0.8, 12);
  });

  it("no shared tasks: empty matrix, p = 1, no difference", () => {
    const s = summarisePair([], []);
    expect(s.matrix.total).toBe(0);
    expect(s.mcnemar.p).toBe(1);
    expect(s.primary).toBeNull();
  });

  it("several runs: the matrix pairs run by run, the difference uses per-task means", () => {
    // Task 1: A right in runs 0 and 1, B right in run 1 only. Task 2: both wrong twice.
    const runs = [
      run("1", true, false, 0),
      run("1", true, true, 1),
      run("2", false, false, 0),
      run("2", false, false, 1),
    ];
    const tasks = [task("1", 1, 0.5), task("2", 0, 0)];
    const s = summarisePair(runs, tasks);
    expect(s.matrix).toEqual({ both: 1, onlyA: 1, onlyB: 0, neither: 2, total: 4 });
    expect(s.mcnemar.p).toBe(mcnemarExact(1, 0));
    expect(s.primary!.difference).toBeCloseTo(-0.25, 12);
    expect(s.runPairs).toBe(4);
    expect(s.tasks).toBe(2);
  });
});

describe("secondaryDifference", () => {
  it("pairs only tasks where both sides have the figure", () => {
    const tasks = [
      task("1", 0, 0, { aFcr: 0.5, bFcr: 0.75, aToolCalls: 4, bToolCalls: 6 }),
      task("2", 0, 0, { aFcr: null, bFcr: 1, aToolCalls: 2, bToolCalls: 2 }),
      task("3", 0, 0, { aFcr: 0.25, bFcr: 0.5, aToolCalls: 0, bToolCalls: null }),
    ];
    expect(secondaryDifference(tasks, "fcr")).toMatchObject({
      n: 2,
      difference: 0.25,
      lo: 0.25,
      hi: 0.25,
    });
    expect(secondaryDifference(tasks, "toolCalls")).toMatchObject({
      n: 2,
      meanA: 3,
      meanB: 4,
      difference: 1,
    });
    expect(secondaryDifference([], "fcr")).toBeNull();
  });
});

describe("splitSummaries", () => {
  it("groups tasks and their run pairs by each dimension's value, in the given order", () => {
    const tasks = [
      task("1", 1, 1, { splits: { tier: "hard", category: "NBA" } }),
      task("2", 0, 1, { splits: { tier: "easy", category: "NBA" } }),
      task("3", 1, 0, { splits: { tier: "hard", category: null } }),
    ];
    const runs = [run("1", true, true), run("2", false, true), run("3", true, false)];
    const out = splitSummaries(runs, tasks, ["tier", "category"], {
      order: { tier: ["easy", "medium", "hard"] },
    });
    expect(out.map((s) => [s.dimension, s.value, s.summary.matrix.total])).toEqual([
      ["tier", "easy", 1],
      ["tier", "hard", 2],
      ["category", "NBA", 2],
    ]);
    const hard = out[1].summary;
    expect(hard.matrix).toEqual({ both: 1, onlyA: 1, onlyB: 0, neither: 0, total: 2 });
    expect(hard.primary!.difference).toBeCloseTo(-0.5, 12);
  });
});

describe("incompatibility", () => {
  const sub = (id: number, benchmarkId: string, benchmarkVersion = "v1") => ({
    id,
    benchmarkId,
    benchmarkVersion,
  });
  it("accepts one benchmark and version, and fewer than two submissions", () => {
    expect(incompatibility([sub(1, "mpw"), sub(2, "mpw"), sub(3, "mpw")])).toBeNull();
    expect(incompatibility([sub(1, "mpw")])).toBeNull();
    expect(incompatibility([])).toBeNull();
  });

  it("names the first submission that differs, and how", () => {
    expect(
      incompatibility([sub(3, "mpw"), sub(7, "mpw"), sub(9, "widesearch")], (id) =>
        id === "mpw" ? "MPW-Bench" : "WideSearch",
      ),
    ).toBe(
      "These submissions cannot be compared: #3 is MPW-Bench v1, #9 is WideSearch v1 (different benchmarks). A comparison pairs the same tasks, so every submission must be of one benchmark and one version.",
    );
    expect(
      incompatibility([sub(3, "evobrowsecomp", "2026-01"), sub(4, "evobrowsecomp", "2025-10")]),
    ).toMatch(/#4 is evobrowsecomp 2025-10 \(different versions of the benchmark\)/);
  });
});
