import { webDetectiveInputFromStored, webDetectiveStoredSampleSchema } from "../seekboard/stored";
import { webDetectiveSampleMetrics } from "../benchmarks/webdetective/metrics";
/**
 * The part of a stored sample a re-evaluation may change, and how a verdict maps onto it
 * for each benchmark (the aggregates of some benchmarks read the verdict from the
 * sample's `metrics`, not from `correct`). Pure.
 */

/** Sample fields a re-evaluation may change, keyed as the audit log records them. */
export const STATE_COLUMNS = {
  correct: { column: "correct", kind: "boolean" },
  verdictSource: { column: "verdict_source", kind: "value" },
  verdictLabel: { column: "verdict_label", kind: "value" },
  judgeRationale: { column: "judge_rationale", kind: "value" },
  status: { column: "status", kind: "value" },
  metrics: { column: "metrics", kind: "json" },
  detail: { column: "detail", kind: "json" },
  fcr: { column: "fcr", kind: "value" },
  hitRate: { column: "hit_rate", kind: "value" },
  hits: { column: "hits", kind: "value" },
  hitLogCalls: { column: "hit_log_calls", kind: "value" },
  factCount: { column: "fact_count", kind: "value" },
  factsCovered: { column: "facts_covered", kind: "value" },
  compoundRate: { column: "compound_rate", kind: "value" },
  tier: { column: "tier", kind: "value" },
  firstCoveredAt: { column: "first_covered_at", kind: "json" },
  newFactsByCall: { column: "new_facts_by_call", kind: "json" },
  hitsByCall: { column: "hits_by_call", kind: "json" },
} as const;

export type StateKey = keyof typeof STATE_COLUMNS;
export type SampleState = Partial<Record<StateKey, unknown>>;
export const STATE_KEYS = Object.keys(STATE_COLUMNS) as StateKey[];

/** JSON with object keys sorted, so two equal states compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a ?? null) === stableJson(b ?? null);
}

/** The fields of `next` that differ from `current`: `before` and `after` hold only those. */
export function diffState(current: SampleState, next: SampleState): { before: SampleState; after: SampleState } {
  const before: SampleState = {};
  const after: SampleState = {};
  for (const key of Object.keys(next) as StateKey[]) {
    if (!sameValue(current[key], next[key])) {
      before[key] = current[key] ?? null;
      after[key] = next[key] ?? null;
    }
  }
  return { before, after };
}

/** Who decided, in what words: on their own they do not make a change worth recording. */
const PROVENANCE: ReadonlySet<StateKey> = new Set(["verdictSource", "verdictLabel", "judgeRationale"]);

/**
 * `diffState`, but empty when only the provenance would change: a judge that agrees with
 * the stored verdict and figures leaves the sample (and its recorded source) alone.
 */
export function substantiveDiff(current: SampleState, next: SampleState): { before: SampleState; after: SampleState } {
  const diff = diffState(current, next);
  return (Object.keys(diff.after) as StateKey[]).some((key) => !PROVENANCE.has(key)) ? diff : { before: {}, after: {} };
}

/** The keys of `expected` whose current value differs: empty when the sample is as `expected` says. */
export function changedKeys(current: SampleState, expected: SampleState): StateKey[] {
  return (Object.keys(expected) as StateKey[]).filter((key) => !sameValue(current[key], expected[key]));
}

export interface VerdictChange {
  correct: boolean;
  /** "adjudicated", "rejudge:<judge>", "rescore", "reevaluate:<judge>". */
  source: string;
  label: string | null;
  rationale: string | null;
  /** InfoMosaic's 0/1/2 when the judge gave one; otherwise 2 for correct and 0 for wrong. */
  score?: 0 | 1 | 2;
}

/**
 * The sample's new state under a verdict. MPW reads `correct`; WideSearch `metrics.success`;
 * WebDetective, EvoBrowseComp and QA `metrics.verdict` (WebDetective also its response
 * class: a refusal stays a refusal); InfoMosaic `metrics.score` (2 = correct).
 */
export function stateWithVerdict(benchmark: string, metrics: Record<string, unknown> | null, change: VerdictChange): SampleState {
  const state: SampleState = { correct: change.correct, verdictSource: change.source, verdictLabel: change.label, judgeRationale: change.rationale };
  if (metrics === null) return state;
  switch (benchmark) {
    case "widesearch":
      state.metrics = { ...metrics, success: change.correct };
      break;
    case "qa":
    case "evobrowsecomp":
      state.metrics = { ...metrics, verdict: change.correct ? "correct" : "incorrect" };
      break;
    case "webdetective":
      state.metrics = webDetectiveWithVerdict(metrics, change.correct);
      break;
    case "infomosaic":
      state.metrics = { ...metrics, score: change.score ?? (change.correct ? 2 : 0) };
      break;
  }
  return state;
}

/**
 * WebDetective's per-sample figures that follow from the verdict (response class, search
 * credit, degradation test) are re-derived from the stored evidence chain, so the sample
 * page agrees with the aggregates, which derive them the same way. A refusal stays a refusal.
 */
function webDetectiveWithVerdict(metrics: Record<string, unknown>, correct: boolean): Record<string, unknown> {
  const withVerdict = { ...metrics, verdict: correct ? "correct" : "incorrect" };
  const stored = webDetectiveStoredSampleSchema.safeParse(withVerdict);
  if (!stored.success) return { ...withVerdict, response: metrics.refused === true ? "refused" : correct ? "correct" : "wrong" };
  const derived = webDetectiveSampleMetrics(webDetectiveInputFromStored("", 0, stored.data));
  return { ...withVerdict, response: derived.response, searchCredit: derived.searchCredit, degradation: derived.degradation };
}
