import { describe, expect, it } from "vitest";
import { aggregateMpw, type MpwSampleRow } from "./aggregate";
import { mpwAggregateReportSchema, mpwBoardFigures } from "./stored";

const row = (r: Partial<MpwSampleRow>): MpwSampleRow => ({
  correct: false,
  fcr: null,
  hitRate: 0,
  toolCalls: 0,
  hitLogCalls: 0,
  compoundRate: null,
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
    expect(figures.values).toEqual({ pass1: 0.5, fcr: 0.5, hitRate: 0.25, toolCalls: 2, n: 2 });
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
