/** WideSearch figures as Seekboard stores them per sample, and checks made at import. */
import { z } from "zod";
import type { WideSearchAggregateReport } from "./aggregate";
import type { WideSearchSampleScore } from "./score";
import {
  CSV_METRIC_KEYS,
  CSV_METRICS,
  pipelineEntrySchema,
  summaryJudgeModel,
  type WideSearchSummary,
} from "./formats";

export const wideSearchSampleMetricsSchema = z.object({
  success: z.boolean(),
  rowPrecision: z.number(),
  rowRecall: z.number(),
  rowF1: z.number(),
  itemPrecision: z.number(),
  itemRecall: z.number(),
  itemF1: z.number(),
  /** Why the sample scored 0 without a comparison, or the producer's error message. */
  reason: z.string().nullable(),
  /** False when `llm_judge` cells were left unscored (counted 0). */
  complete: z.boolean(),
  unscoredCells: z.number(),
  trialIdx: z.number().nullable(),
  /** null: unknown (results-only submissions carry no trajectory). */
  searchCalls: z.number().nullable(),
  browseCalls: z.number().nullable(),
});

export type WideSearchSampleMetrics = z.infer<typeof wideSearchSampleMetricsSchema>;

/** The stored figures a table score decides (at import, and again when a sample is re-scored). */
export function scoredMetrics(
  score: WideSearchSampleScore,
): Pick<
  WideSearchSampleMetrics,
  | "success"
  | "rowPrecision"
  | "rowRecall"
  | "rowF1"
  | "itemPrecision"
  | "itemRecall"
  | "itemF1"
  | "reason"
  | "complete"
  | "unscoredCells"
> {
  return {
    success: score.success,
    rowPrecision: score.rowPrecision,
    rowRecall: score.rowRecall,
    rowF1: score.rowF1,
    itemPrecision: score.itemPrecision,
    itemRecall: score.itemRecall,
    itemF1: score.itemF1,
    reason: score.reason,
    complete: score.complete,
    unscoredCells: score.unscoredCells,
  };
}

/** A printed per-cell score table (`<column>_<metric>` headers), as the evaluator writes on success. */
const CELL_SCORE_TABLE =
  /^\s*\S+_(exact_match|number_near|date_near|url_match|in_match|llm_judge)\b/;

/** The `msg` of an evaluation-CSV row as a reason, or null when it is the per-cell score table. */
export function wideSearchReason(msg: string): string | null {
  const lines = msg
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // pandas prints an empty score table as "Empty DataFrame / Columns: [...]": no reason either.
  if (
    lines.length === 0 ||
    CELL_SCORE_TABLE.test(msg) ||
    (lines[0] === "Empty DataFrame" &&
      /_(exact_match|number_near|date_near|url_match|in_match|llm_judge)/.test(msg))
  )
    return null;
  // A traceback's first line says only "evaluator error:"; its last line says what failed.
  const reason =
    lines.length > 1 && /traceback/i.test(msg)
      ? `${lines[0]} ${lines[lines.length - 1]}`
      : lines[0];
  return reason.slice(0, 500);
}

export interface SummaryCheck {
  summary: string;
  layout: WideSearchSummary["layout"];
  /** Every avg_n/max_n/min_n equals ours to within 1e-9. */
  matches: boolean;
  /** Largest absolute difference seen, and where. */
  maxDifference: number;
  worst: string | null;
  judge: unknown;
}

/** Does our aggregation of a run's CSV reproduce the producer's own summary JSON? */
export function summaryCheck(
  report: WideSearchAggregateReport,
  summary: WideSearchSummary,
  summaryName: string,
): SummaryCheck {
  let maxDifference = 0;
  let worst: string | null = null;
  for (const metric of CSV_METRICS) {
    const theirs = summary.metrics[metric];
    const ours = report.stats?.[CSV_METRIC_KEYS[metric]];
    if (!theirs) continue;
    const pairs: [string, number, number | undefined][] = [
      [`${metric}.avg_n`, theirs.avg_n, ours?.avg],
      [`${metric}.max_n`, theirs.max_n, ours?.max],
      [`${metric}.min_n`, theirs.min_n, ours?.min],
    ];
    for (const [where, expected, actual] of pairs) {
      const difference = actual === undefined ? Infinity : Math.abs(actual - expected);
      if (difference > maxDifference) {
        maxDifference = difference;
        worst = where;
      }
    }
  }
  return {
    summary: summaryName,
    layout: summary.layout,
    matches: maxDifference <= 1e-9,
    maxDifference,
    worst,
    judge: summaryJudgeModel(summary),
  };
}

/** What a task stores in `tasks.extra`: its evaluation pipeline (as parsed at import) and its gold table. */
export const wideSearchTaskExtraSchema = z.object({
  evaluation: z.object({
    uniqueColumns: z.array(z.string()),
    required: z.array(z.string()),
    evalPipeline: z.record(z.string(), pipelineEntrySchema),
  }),
  gold: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    blankRowsDropped: z.number(),
  }),
});
