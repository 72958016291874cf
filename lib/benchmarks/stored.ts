/**
 * What the shared stored-figures code (db/aggregates.ts, db/reeval/) exchanges with a
 * benchmark module: the sample rows it reads, the aggregate rows it writes, the sample a
 * re-evaluation works on. Pure.
 */
import type { HitLogEntry } from "./atomic-facts";
import type { GoldTableView } from "../reeval/gold";
import type { SampleState } from "../reeval/state";

/** A stored sample as an aggregation reads it: columns of `samples`, its task's language, its submission's version. */
export interface StoredSampleRow {
  taskKey: string;
  run: number;
  status: string;
  correct: boolean;
  /** Which judge field (or scorer) decided the verdict; "none" when nothing did. */
  verdictSource: string;
  fcr: number | null;
  hitRate: number;
  toolCalls: number;
  hitLogCalls: number;
  compoundRate: number | null;
  tier: string | null;
  category: string | null;
  language: string | null;
  version: string;
  /** `samples.metrics` as stored, for the module's `storedSampleSchema` to parse. */
  metrics: unknown;
  /** `samples.detail`; null unless the module reads it (`aggregate.readsDetail`), as it is large. */
  detail: unknown;
  /** Answer grounding (lib/metrics/grounding.ts): null when never seen, or not applicable. */
  answerSeenAtCall: number | null;
  goldSeenAtCall: number | null;
}

/** A figure and its interval as the aggregate columns hold it. */
export interface ColumnEstimate {
  value: number | null;
  lo: number | null;
  hi: number | null;
}

/** Counts keyed by status: null-prototype, so a status named "constructor" or "__proto__" counts like any other. */
export type StatusCounts = Record<string, number>;

export function countStatuses(rows: Iterable<{ status: string }>): StatusCounts {
  const counts: StatusCounts = Object.create(null);
  for (const { status } of rows) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** One aggregate row to store (submission × split): what every benchmark writes. */
export interface AggregateRow {
  /** "overall", or the benchmark's own split key ("tier:hard", "lang:en", "domain:map"). */
  split: string;
  n: number;
  /** The primary metric, in the shared primary columns so every board sorts the same way. */
  primary: ColumnEstimate;
  statusCounts: StatusCounts;
  /** The benchmark's own report for this split (`aggregates.metrics`): what its board reads (`reportSchema`). */
  report: unknown;
}

export const primaryOf = (
  value: number | null,
  ci: { lo: number; hi: number } | null | undefined,
): ColumnEstimate => ({ value, lo: ci?.lo ?? null, hi: ci?.hi ?? null });

export interface AggregateRules {
  /** Whether the aggregation reads `samples.detail`. */
  readonly readsDetail: boolean;
  /** A submission's stored samples (in import order) → the aggregate rows to store. */
  readonly rows: (samples: readonly StoredSampleRow[]) => AggregateRow[];
}

/** A verdict to record, whoever gave it. */
export interface VerdictChange {
  correct: boolean;
  /** "adjudicated", "rejudge:<judge>", "rescore", "reevaluate:<judge>". */
  source: string;
  label: string | null;
  rationale: string | null;
  /** A graded verdict's score when the judge gave one (0/1/2 where 2 is correct); otherwise 2 for correct and 0 for wrong. */
  score?: 0 | 1 | 2;
}

/** One stored sample as a re-evaluation sees it. */
export interface ReevalSample {
  taskKey: string;
  prediction: string | null;
  toolCalls: number;
  question: string | null;
  goldAnswer: string | null;
  atomicFacts: Record<string, string>;
  taskExtra: Record<string, unknown> | null;
  state: SampleState;
  /** The sample's hit log, read on demand (only MPW keeps one). */
  hitLog: () => HitLogEntry[];
}

/** The state a judge or scorer would give a sample, why, and how it was configured (for the audit log). */
export interface JudgeOutcome {
  state: SampleState;
  rationale: string | null;
  judgeConfig: Record<string, unknown> | null;
}

export interface ReevalRules {
  /** The sample's `metrics` under a new verdict, for boards whose aggregates read it from there; null: `correct` alone holds it. */
  readonly withVerdict:
    ((metrics: Record<string, unknown>, change: VerdictChange) => Record<string, unknown>) | null;
  /**
   * The benchmark's deterministic scorer re-run on one sample (throws with a message for the
   * maintainer when it cannot), with what it does in words for the maintainer; "answer": the
   * answer against the gold answer, by normalised exact match, else numeric tolerance.
   */
  readonly rescore:
    "answer" | { readonly run: (sample: ReevalSample) => JudgeOutcome; readonly note: string };
  /**
   * The task's gold as a table whose cells a maintainer corrects one at a time (WideSearch),
   * read from the task's stored `extra`; null when the gold is one answer.
   */
  readonly goldTable: ((taskExtra: Record<string, unknown> | null) => GoldTableView | null) | null;
  /**
   * Whether a stored sample has no judge verdict (counted as not correct until a judge gives
   * one: the maintainer may have its judge run on them); null when the benchmark's own scorer
   * scores every sample.
   */
  readonly unjudged: ((state: SampleState) => boolean) | null;
}

/** A JSON object read back from a sample's state; anything else reads as an empty object. */
export function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}
