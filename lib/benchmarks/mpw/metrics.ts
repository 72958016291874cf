/**
 * MPW-Bench per-sample metrics, exactly as `metrics.md` (MPW section) defines them.
 * Pure and total: every function is defined for empty input.
 */
import {
  factKeySet,
  normaliseFactKey,
  type HitLogEntry,
  type SampleFactFigures,
} from "../atomic-facts";

export type Tier = "easy" | "medium" | "hard";

/** One entry of `trajectory_log.hit_logs`: the PEM's verdict on one tool call. */
export type { HitLogEntry };

export interface MpwSampleMetrics extends SampleFactFigures {
  /** Number of tool calls in the trajectory. */
  toolCalls: number;
  tier: Tier | null;
}

/** Difficulty tier from |F|: Easy 1–5, Medium 6–10, Hard ≥ 11; no facts, no tier. */
export function tierFromFactCount(factCount: number): Tier | null {
  if (factCount <= 0) return null;
  if (factCount <= 5) return "easy";
  if (factCount <= 10) return "medium";
  return "hard";
}

/**
 * New facts per call: for call k (1-based), the fact keys of F first matched at k.
 * Shared by the per-sample metrics and the Δfacts(k) cohort plot.
 */
export function newFactsPerCall(
  hitLog: readonly HitLogEntry[],
  facts: ReadonlySet<string>,
): string[][] {
  const seen = new Set<string>();
  return hitLog.map((entry) => {
    const fresh: string[] = [];
    for (const raw of entry.matchedFactKeys) {
      const key = normaliseFactKey(raw);
      if (facts.has(key) && !seen.has(key)) {
        seen.add(key);
        fresh.push(key);
      }
    }
    return fresh;
  });
}

export function mpwSampleMetrics(input: {
  atomicFactKeys: Iterable<string>;
  hitLog: readonly HitLogEntry[];
  toolCalls: number;
}): MpwSampleMetrics {
  const facts = factKeySet(input.atomicFactKeys);
  const perCall = newFactsPerCall(input.hitLog, facts);
  // Keyed by the task's fact keys (data): no prototype, so any key is an ordinary entry.
  const firstCoveredAt: Record<string, number | null> = Object.create(null);
  for (const key of facts) firstCoveredAt[key] = null;
  let factsCovered = 0;
  perCall.forEach((fresh, i) => {
    for (const key of fresh) {
      firstCoveredAt[key] = input.hitLog[i].callIndex ?? i + 1;
      factsCovered += 1;
    }
  });
  const hitLogCalls = input.hitLog.length;
  const hits = input.hitLog.filter((entry) => entry.hit).length;
  const compound = input.hitLog.filter((entry) => entry.isCompoundQuery).length;
  return {
    toolCalls: input.toolCalls,
    hitLogCalls,
    hits,
    factCount: facts.size,
    factsCovered,
    fcr: facts.size === 0 ? null : factsCovered / facts.size,
    hitRate: hitLogCalls === 0 ? 0 : hits / hitLogCalls,
    compoundRate: hitLogCalls === 0 ? null : compound / hitLogCalls,
    tier: tierFromFactCount(facts.size),
    firstCoveredAt,
    newFactsByCall: perCall.map((fresh) => fresh.length),
    hitsByCall: input.hitLog.map((entry) => (entry.hit ? 1 : 0)),
  };
}

/** Judge fields as the MPW scripts write them; three variants exist in the wild. */
export interface MpwJudgeFields {
  answer?: unknown;
  judge_status?: unknown;
  judge_response?: unknown;
  evaluation?: { judgment?: unknown } | null;
}

export type VerdictSource =
  "answer" | "judge_response" | "evaluation.judgment" | "judge_status" | "none";

export interface MpwVerdict {
  correct: boolean;
  source: VerdictSource;
  /** The judge's own word, verbatim, when it gave one. */
  label: string | null;
}

const CORRECT_ANSWER_TAG = /<answer>\s*Correct\s*<\/answer>/;

/**
 * Verdict from the judge fields. Equality, never substring: one author script tests
 * `'correct' in judgment`, which counts "Incorrect" as correct.
 */
/** The verdict source of a record without any judge field: unjudged, counted as not correct. */
export const MPW_UNJUDGED_SOURCE = "none";

export function mpwVerdict(record: MpwJudgeFields): MpwVerdict {
  // A judge that did not succeed (e.g. `skipped`) decides nothing: incorrect, whatever else is set.
  if (typeof record.judge_status === "string" && record.judge_status !== "success") {
    return { correct: false, source: "judge_status", label: record.judge_status };
  }
  if (typeof record.answer === "string") {
    return { correct: record.answer.trim() === "Correct", source: "answer", label: record.answer };
  }
  if (typeof record.judge_response === "string") {
    const correct =
      record.judge_status === "success" && CORRECT_ANSWER_TAG.test(record.judge_response);
    return { correct, source: "judge_response", label: correct ? "Correct" : "Incorrect" };
  }
  const judgment = record.evaluation?.judgment;
  if (typeof judgment === "string") {
    return {
      correct: judgment.trim() === "Correct",
      source: "evaluation.judgment",
      label: judgment,
    };
  }
  if (typeof record.judge_status === "string")
    return { correct: false, source: "judge_status", label: record.judge_status };
  return { correct: false, source: MPW_UNJUDGED_SOURCE, label: null };
}
