/**
 * The judged fields every sample in the Seekboard bundle format stores in `samples.metrics`
 * (the QA boards, EvoBrowseComp and the hint-free multi-hop set share the format).
 */
import { z } from "zod";
import { objectOf } from "./stored";

export const judgedSampleFields = {
  verdict: z.enum(["correct", "incorrect"]).nullable(),
  /** Stated confidence (percent) from the line's benchmark fields; null when none. */
  statedConfidence: z.number().nullable(),
  /** Confidence the judge extracted (percent); null when none. */
  judgeConfidence: z.number().nullable(),
  judgeModel: z.string().nullable(),
  extractedFinalAnswer: z.string().nullable(),
  toolCalls: z.number().nullable(),
};

/** A sample stored without a verdict (`metrics.verdict` null): the line was not judged. */
export function judgedSampleUnjudged(state: { metrics?: unknown }): boolean {
  return objectOf(state.metrics).verdict === null;
}

/** The stored figures under a new verdict: the aggregates read `verdict`. */
export function withJudgedVerdict(
  metrics: Record<string, unknown>,
  change: { correct: boolean },
): Record<string, unknown> {
  return { ...metrics, verdict: change.correct ? "correct" : "incorrect" };
}
