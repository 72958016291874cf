/**
 * The MPW-Bench leaderboard: one setting at a time (C, end to end, by default) and one tier
 * split of its stored report (`aggregates.metrics`, split "overall" or "tier:<tier>").
 */
import { MPW_SETTINGS } from "./manifest";
import { count, number, rate, verbatim, type Board, type BoardRowFields } from "../board";
import { groundedColumn } from "../grounding";
import { mpwAggregateReportSchema, mpwBoardFigures, type MpwAggregateReport } from "./stored";

export const MPW_TIERS = ["overall", "easy", "medium", "hard"] as const;

const interval = (ci: { lo: number; hi: number } | null) => (ci === null ? null : [ci.lo, ci.hi]);

export const mpwBoard = {
  columns: [
    rate("pass1", "Pass@1", "Share of samples the judge marked correct"),
    rate("fcr", "FCR", "Fact Coverage Rate: unique atomic facts hit / facts of the task"),
    groundedColumn,
    rate("hitRate", "HitRate", "Tool calls that hit an atomic fact / tool calls"),
    number("toolCalls", "ToolCalls", "Mean web_search calls per sample"),
    count("n", "n", "Samples in this split"),
  ],
  primary: "pass1",
  ciOver: "samples",
  views: [
    // Setting C (end to end) is the paper's default configuration.
    { picks: "setting", param: "setting", values: MPW_SETTINGS, default: "C" },
    {
      picks: "split",
      param: "tier",
      values: MPW_TIERS,
      default: "overall",
      split: (tier: string) => ({
        key: tier === "overall" ? "overall" : `tier:${tier}`,
        standing: tier === "overall" ? null : { field: "tier", value: tier },
        label: tier,
      }),
    },
  ],
  // The analysis page's own state (lib/benchmarks/mpw/analysis-page.ts), not the leaderboard's setting and tier.
  diagnosticsParams: {
    cohortSetting: { values: MPW_SETTINGS },
    pool: { values: MPW_SETTINGS, list: true },
  },
  reportSchema: mpwAggregateReportSchema,
  figures: mpwBoardFigures,
  versionLabel: verbatim,
  // The fields this board published before the boards were one: intervals as [lo, hi].
  apiRow: ({ benchmarkVersion, report }: BoardRowFields<MpwAggregateReport>) => ({
    benchmarkVersion,
    n: report.n,
    pass1: report.pass1.value,
    pass1Ci: interval(report.pass1.ci),
    fcr: report.fcr.value,
    fcrCi: interval(report.fcr.ci),
    hitRate: report.hitRate.value,
    hitRateCi: interval(report.hitRate.ci),
    toolCalls: report.toolCalls.value,
    zeroCallSamples: report.zeroCallSamples,
  }),
} as const satisfies Board<MpwAggregateReport>;
