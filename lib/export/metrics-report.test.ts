import { describe, expect, it } from "vitest";
import { withSampleUsage, type ReportSampleUsage } from "./metrics-report";

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
