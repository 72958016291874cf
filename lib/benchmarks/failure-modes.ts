/**
 * Failure modes, computed: each benchmark module sorts every failed run into its paper's
 * failure categories from the stored run (steps, hit log, stored figures). A run may carry
 * several modes at once (a run stopped by the limit may also have left a fact unqueried), so
 * each mode's share is of the failed runs and the shares may add up to more than 1. A failed
 * run no rule explains carries the one mode "unexplained": every failed run is counted.
 * Modes are data computed from the run; tags stay the maintainer's judgement.
 */
import { z } from "zod";
import { bootstrapMeans } from "../metrics/bootstrap";
import { sampleGrounding } from "../metrics/grounding";
import type { ReviewedSample } from "./review";

export interface FailureMode {
  /** Stored per run and used in the filter language (`mode:<id>`): short kebab-case. */
  id: string;
  /** In the benchmark's own words. */
  label: string;
}

/** What a classifier reads: the reviewed run, and the task's gold answer. */
export interface ClassifiedSample extends ReviewedSample {
  goldAnswer: string | null;
}

export interface FailureModeRules {
  /** Every mode a rule can give, in chart order (without "unexplained"). */
  readonly modes: readonly FailureMode[];
  /** The ids of `modes` that hold for a failed run; empty when none does. */
  readonly classify: (sample: ClassifiedSample) => string[];
}

export const UNEXPLAINED: FailureMode = { id: "unexplained", label: "no rule explains it" };

/** Every mode a benchmark's runs can carry, "unexplained" last. */
export function modesOf(rules: FailureModeRules): FailureMode[] {
  return [...rules.modes, UNEXPLAINED];
}

/** A run's modes as stored: none for a correct run, else its rules' modes in chart order, or "unexplained". */
export function failureModesOf(rules: FailureModeRules, sample: ClassifiedSample): string[] {
  if (sample.correct) return [];
  const found = new Set(rules.classify(sample));
  for (const id of found)
    if (!rules.modes.some((m) => m.id === id)) throw new Error(`unknown failure mode "${id}"`);
  const ids = rules.modes.filter((m) => found.has(m.id)).map((m) => m.id);
  return ids.length ? ids : [UNEXPLAINED.id];
}

/** A mode id as stored: what the filter language accepts after `mode:`. */
export const modeIdSchema = z.string().regex(/^[a-z][a-z0-9-]*$/);

export interface FailureModeShare {
  mode: string;
  label: string;
  count: number;
  /** count / failed runs; null when no run failed. */
  share: number | null;
  /** Seeded percentile bootstrap over the failed runs (the project's interval for every mean); null when none failed. */
  ci: [number, number] | null;
}

export interface FailureModeReport {
  failed: number;
  modes: FailureModeShare[];
}

/**
 * Each mode's count and share of the failed runs, with its interval; every mode the benchmark
 * defines is listed (a mode no run has counts 0). `runs`: one entry per failed run, its modes.
 */
export function failureModeReport(
  rules: FailureModeRules,
  runs: readonly (readonly string[])[],
): FailureModeReport {
  const modes = modesOf(rules);
  const columns = modes.map((m) => runs.map((ids) => (ids.includes(m.id) ? 1 : 0)));
  const cis = bootstrapMeans(columns);
  return {
    failed: runs.length,
    modes: modes.map((m, i) => {
      const count = columns[i].reduce<number>((sum, v) => sum + v, 0);
      const ci = cis[i];
      return {
        mode: m.id,
        label: m.label,
        count,
        share: runs.length ? count / runs.length : null,
        ci: ci ? [ci.lo, ci.hi] : null,
      };
    }),
  };
}

/** A run without a final answer: none, or blank. */
export function noAnswer(sample: Pick<ReviewedSample, "prediction">): boolean {
  return sample.prediction === null || sample.prediction.trim() === "";
}

/** The modes of a benchmark that judges the answer only (QA, EvoBrowseComp), by its own limit rule. */
export function answerJudgedModes(
  limit: FailureMode,
  limitReached: (sample: ClassifiedSample) => boolean,
): FailureModeRules {
  return {
    modes: [
      { id: "no-answer", label: "no final answer" },
      limit,
      { id: "ungrounded-answer", label: "answer in no tool result (ungrounded)" },
      { id: "gold-unused", label: "gold answer retrieved but not used" },
    ],
    classify: (sample) => {
      const answered = !noAnswer(sample);
      // The same check as the stored answer grounding (issue 30), so the two never disagree.
      const seen = sampleGrounding(sample.steps, sample.prediction, sample.goldAnswer);
      return [
        ...(answered ? [] : ["no-answer"]),
        ...(limitReached(sample) ? [limit.id] : []),
        ...(answered && seen.answerSeenAtCall === null ? ["ungrounded-answer"] : []),
        ...(seen.goldSeenAtCall !== null ? ["gold-unused"] : []),
      ];
    },
  };
}
