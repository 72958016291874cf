import { describe, expect, it } from "vitest";
import { costFigures, type RunUsage } from "./cost";

const run = (
  correct: boolean,
  promptTokens: number | null,
  completionTokens: number | null,
  costUsd: number | null,
  seconds: number | null,
): RunUsage => ({
  correct,
  promptTokens,
  completionTokens,
  costUsd,
  seconds,
  toolCalls: null,
});

describe("costFigures", () => {
  it("means per task over runs, then over tasks; dollars per correct answer as a ratio of sums", () => {
    const tasks = [
      [run(true, 1000, 200, 0.02, 30), run(false, 3000, 400, 0.04, 50)], // task mean: 2300 tokens, $0.03, 40 s
      [run(false, 500, 100, 0.01, 10), run(false, 500, 100, 0.01, 10)], // 600 tokens, $0.01, 10 s
    ];
    const f = costFigures(tasks);
    expect(f.tokensPerTask?.value).toBeCloseTo((2300 + 600) / 2, 9);
    expect(f.promptTokensPerTask?.value).toBeCloseTo((2000 + 500) / 2, 9);
    expect(f.completionTokensPerTask?.value).toBeCloseTo((300 + 100) / 2, 9);
    expect(f.costUsdPerTask?.value).toBeCloseTo(0.02, 12);
    expect(f.secondsPerTask?.value).toBeCloseTo(25, 12);
    // $0.08 over 1 correct run.
    expect(f.costUsdPerCorrect?.value).toBeCloseTo(0.08, 12);
    expect(f.totalCostUsd).toBeCloseTo(0.08, 12);
    expect(f.totalTokens).toBe(5800);
    expect(f.totalSeconds).toBe(100);
    // Intervals hold their estimate.
    for (const e of [f.tokensPerTask, f.costUsdPerTask, f.secondsPerTask, f.costUsdPerCorrect]) {
      expect(e?.ci?.lo).toBeLessThanOrEqual(e?.value ?? Number.NaN);
      expect(e?.ci?.hi).toBeGreaterThanOrEqual(e?.value ?? Number.NaN);
    }
  });

  it("a figure any run leaves out is not reported (null), never 0 or a mean of the runs that report", () => {
    const f = costFigures([[run(true, 100, 10, null, 5)], [run(true, 100, null, 0.5, 5)]]);
    expect(f.costUsdPerTask).toBeNull();
    expect(f.costUsdPerCorrect).toBeNull();
    expect(f.totalCostUsd).toBeNull();
    expect(f.tokensPerTask).toBeNull();
    expect(f.completionTokensPerTask).toBeNull();
    expect(f.promptTokensPerTask?.value).toBe(100);
    expect(f.secondsPerTask?.value).toBe(5);
  });

  it("no correct run: dollars per correct answer is not defined (null), dollars per task still are", () => {
    const f = costFigures([[run(false, 1, 1, 0.1, 1)]]);
    expect(f.costUsdPerCorrect).toBeNull();
    expect(f.costUsdPerTask?.value).toBe(0.1);
  });

  it("a zero cost reported is 0, not missing", () => {
    const f = costFigures([[run(true, 0, 0, 0, 0)]]);
    expect(f.costUsdPerTask?.value).toBe(0);
    expect(f.costUsdPerCorrect?.value).toBe(0);
  });

  it("no tasks: nothing reported", () => {
    const f = costFigures([]);
    expect(f).toEqual({
      tokensPerTask: null,
      promptTokensPerTask: null,
      completionTokensPerTask: null,
      costUsdPerTask: null,
      costUsdPerCorrect: null,
      secondsPerTask: null,
      toolCallsPerTask: null,
      totalTokens: null,
      totalCostUsd: null,
      totalSeconds: null,
    });
  });
});
