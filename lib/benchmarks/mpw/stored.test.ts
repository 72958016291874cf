import { describe, expect, it } from "vitest";
import { aggregateMpw, mpwAggregateRows, type MpwSampleRow } from "./aggregate";
import { mpwAggregateReportSchema, mpwBoardFigures } from "./stored";

const row = (r: Partial<MpwSampleRow>): MpwSampleRow => ({
  correct: false,
  verdictSource: "answer",
  fcr: null,
  hitRate: 0,
  toolCalls: 0,
  hitLogCalls: 0,
  compoundRate: null,
  answerSeenAtCall: null,
  goldSeenAtCall: null,
  tier: "easy",
  category: null,
  status: "finished",
  ...r,
});

describe("MPW's stored aggregate report", () => {
  const [overall] = aggregateMpw(
    [
      row({ correct: true, fcr: 0.5, hitRate: 0.5, toolCalls: 4, hitLogCalls: 4 }),
      row({ correct: false, fcr: null, hitRate: 0, toolCalls: 0, hitLogCalls: 0 }),
    ],
    { resamples: 50 },
  );

  it("parses what aggregateMpw computes, read back from JSON", () => {
    const { split, statusCounts, ...report } = overall;
    expect(split).toBe("overall");
    expect(statusCounts).toEqual({ finished: 2 });
    expect(mpwAggregateReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
  });

  it("gives the board's columns: values and intervals by key, no interval for n", () => {
    const figures = mpwBoardFigures(mpwAggregateReportSchema.parse(overall));
    // Its one correct run made no call, so none of the correct answers was grounded.
    expect(figures.values).toEqual({
      pass1: 0.5,
      fcr: 0.5,
      grounded: 0,
      hitRate: 0.25,
      toolCalls: 2,
      n: 2,
    });
    expect(figures.cis.pass1).toEqual(overall.pass1.ci);
    expect(figures.cis.fcr).toEqual(overall.fcr.ci);
    expect(figures.cis.hitRate).toEqual(overall.hitRate.ci);
    expect(figures.cis.toolCalls).toEqual(overall.toolCalls.ci);
    expect(figures.cis.n).toBeNull();
  });

  it("rejects a report missing a figure", () => {
    const { fcr: _fcr, ...rest } = overall;
    expect(mpwAggregateReportSchema.safeParse(rest).success).toBe(false);
  });
});

describe("MPW's stored aggregate rows", () => {
  it("hold Pass@1 as the primary metric and the split's report, without its key or statuses", () => {
    const sample = {
      taskKey: "1",
      run: 0,
      status: "finished",
      correct: true,
      verdictSource: "answer",
      fcr: 0.5,
      hitRate: 1,
      toolCalls: 2,
      hitLogCalls: 2,
      compoundRate: 0,
      tier: "hard",
      category: null,
      language: null,
      version: "v1",
      metrics: null,
      detail: null,
      answerSeenAtCall: 1,
      goldSeenAtCall: 1,
    };
    const rows = mpwAggregateRows([sample, { ...sample, taskKey: "2", correct: false }]);
    expect(rows.map((r) => r.split)).toEqual(["overall", "tier:hard"]);
    for (const row of rows) {
      const report = mpwAggregateReportSchema.parse(row.report);
      expect(row.report).toEqual(report);
      expect(row.primary).toEqual({
        value: report.pass1.value,
        lo: report.pass1.ci?.lo ?? null,
        hi: report.pass1.ci?.hi ?? null,
      });
      expect(row.n).toBe(report.n);
    }
  });
});
