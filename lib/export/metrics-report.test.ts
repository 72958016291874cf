import { describe, expect, it } from "vitest";
import {
  withSampleGrounding,
  withSampleUsage,
  type ReportSampleGrounding,
  type ReportSampleUsage,
} from "./metrics-report";

const usage = (
  taskKey: string,
  run: number,
  figures: Partial<ReportSampleUsage> = {},
): ReportSampleUsage => ({
  taskKey,
  run,
  promptTokens: null,
  completionTokens: null,
  costUsd: null,
  seconds: null,
  ...figures,
});

describe("withSampleUsage", () => {
  const report = {
    benchmark: "qa",
    aggregate: { accuracy: 0.5 },
    samples: [
      { taskId: "1", run: 0, correct: true, status: "finished" },
      { taskId: "1", run: 1, correct: false, status: "finished" },
      { taskId: "2", run: 0, correct: false, status: "api_error" },
    ],
  };

  it("gives each sample its tokens (prompt + completion), dollars and seconds, matched by task and run, the rest unchanged", () => {
    const out = withSampleUsage(report, [
      usage("2", 0),
      usage("1", 1, { promptTokens: 1200, completionTokens: 80, costUsd: 0.004, seconds: 12.5 }),
      usage("1", 0, { promptTokens: 900, completionTokens: 0, seconds: 3 }),
    ]);
    expect(out.benchmark).toBe("qa");
    expect(out.aggregate).toEqual({ accuracy: 0.5 });
    expect(out.samples).toEqual([
      {
        taskId: "1",
        run: 0,
        correct: true,
        status: "finished",
        tokens: 900,
        costUsd: null,
        seconds: 3,
      },
      {
        taskId: "1",
        run: 1,
        correct: false,
        status: "finished",
        tokens: 1280,
        costUsd: 0.004,
        seconds: 12.5,
      },
      // Nothing reported: null, never 0.
      {
        taskId: "2",
        run: 0,
        correct: false,
        status: "api_error",
        tokens: null,
        costUsd: null,
        seconds: null,
      },
    ]);
  });

  it("counts no tokens when only one side is reported: half is not the run's total", () => {
    const out = withSampleUsage(
      {
        samples: [
          { taskId: "a", run: 0 },
          { taskId: "b", run: 0 },
        ],
      },
      [
        usage("a", 0, { promptTokens: 500 }),
        usage("b", 0, { completionTokens: 40, costUsd: 0.01 }),
      ],
    );
    expect(out.samples).toEqual([
      { taskId: "a", run: 0, tokens: null, costUsd: null, seconds: null },
      { taskId: "b", run: 0, tokens: null, costUsd: 0.01, seconds: null },
    ]);
  });

  it("refuses a report whose samples it cannot match to stored rows", () => {
    expect(() => withSampleUsage({ samples: [{ taskId: "a", run: 1 }] }, [usage("a", 0)])).toThrow(
      /sample a run 1/,
    );
    expect(() => withSampleUsage({ samples: [{ taskId: 3, run: 0 }] }, [usage("3", 0)])).toThrow(
      /taskId/,
    );
    expect(() => withSampleUsage({}, [])).toThrow();
  });
});

describe("withSampleGrounding", () => {
  const report = {
    benchmark: "qa",
    aggregate: { accuracy: 0.5 },
    samples: [
      { taskId: "1", run: 0, correct: true },
      { taskId: "2", run: 0, correct: false },
    ],
  };
  const figures = {
    correct: 1,
    groundedCorrect: 1,
    ungroundedCorrect: 0,
    goldRetrievedButWrong: 1,
    grounded: 1,
    groundedCi: { lo: 1, hi: 1 },
  };
  const row = (taskKey: string, fields: Partial<ReportSampleGrounding>): ReportSampleGrounding => ({
    taskKey,
    run: 0,
    answerSeenAtCall: null,
    goldSeenAtCall: null,
    groundingPending: false,
    ...fields,
  });

  it("puts each sample's calls beside it and the stored counts under aggregate", () => {
    const out = withSampleGrounding(
      report,
      [row("2", { goldSeenAtCall: 4 }), row("1", { answerSeenAtCall: 2, goldSeenAtCall: 2 })],
      { grounding: figures },
    );
    expect(out.aggregate).toEqual({ accuracy: 0.5, grounding: figures });
    expect(out.samples).toEqual([
      { taskId: "1", run: 0, correct: true, answerSeenAtCall: 2, goldSeenAtCall: 2 },
      { taskId: "2", run: 0, correct: false, answerSeenAtCall: null, goldSeenAtCall: 4 },
    ]);
  });

  it("says a sample is pending, and gives no counts, before the backfill reached it", () => {
    const out = withSampleGrounding(report, [row("1", { groundingPending: true }), row("2", {})], {
      grounding: figures,
    });
    expect(out.aggregate).toEqual({ accuracy: 0.5, grounding: null });
    expect(out.samples).toContainEqual({
      taskId: "1",
      run: 0,
      correct: true,
      answerSeenAtCall: null,
      goldSeenAtCall: null,
      groundingPending: true,
    });
  });
});
