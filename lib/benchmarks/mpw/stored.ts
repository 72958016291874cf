/**
 * MPW's stored aggregate report (`aggregates.metrics`, one per split: overall, tier:*,
 * category:*) and the board figures read from it. Pure.
 */
import { z } from "zod";
import { intervalSchema, type BoardFigures } from "../board";
import { groundedFigures, storedGroundingShape } from "../grounding";

/** A mean, its 95% bootstrap interval and the samples it is over. */
const estimateSchema = z.object({
  value: z.number().nullable(),
  ci: intervalSchema.nullable(),
  /** Samples the mean is over (FCR leaves out samples with no facts). */
  n: z.number().int().nonnegative(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const mpwAggregateReportSchema = z.object({
  n: z.number().int().nonnegative(),
  pass1: estimateSchema,
  fcr: estimateSchema,
  hitRate: estimateSchema,
  toolCalls: estimateSchema,
  compoundRate: z.number().nullable(),
  /** Samples with no hit-logged call: their HitRate counts as 0. */
  zeroCallSamples: z.number().int().nonnegative(),
  /**
   * Samples whose record carries no judge verdict: counted as not correct, so Pass@1 is a
   * lower bound. Absent from reports stored before it was counted.
   */
  unjudged: z.number().int().nonnegative().optional(),
  ...storedGroundingShape,
});
export type MpwAggregateReport = z.infer<typeof mpwAggregateReportSchema>;

/** The board's columns (pass1, fcr, hitRate, toolCalls, n) of one stored report. */
export function mpwBoardFigures(report: MpwAggregateReport): BoardFigures {
  return {
    values: {
      pass1: report.pass1.value,
      fcr: report.fcr.value,
      hitRate: report.hitRate.value,
      toolCalls: report.toolCalls.value,
      n: report.n,
      ...groundedFigures(report).values,
    },
    cis: {
      pass1: report.pass1.ci,
      fcr: report.fcr.ci,
      hitRate: report.hitRate.ci,
      toolCalls: report.toolCalls.ci,
      n: null,
      ...groundedFigures(report).cis,
    },
    unjudged: report.unjudged,
  };
}
