/**
 * The part of a stored sample a re-evaluation may change, and how a verdict maps onto it
 * (the aggregates of some benchmarks read the verdict from the sample's `metrics`, not
 * from `correct`). Pure.
 */
import { z } from "zod";
import { benchmarkModule } from "../benchmarks/registry";
import { objectOf, type VerdictChange } from "../benchmarks/stored";
import { dataRecord } from "../data-record";

/** Per atomic fact, the call that first covered it. Its keys are data. */
const factMapSchema = dataRecord(z.number().nullable());

/**
 * Sample fields a re-evaluation may change, keyed as the audit log records them, with the
 * values each may hold (a state read back from the audit log or a signed preview is parsed
 * before it is written).
 */
export const storedStateSchema = z
  .object({
    correct: z.boolean(),
    verdictSource: z.string(),
    verdictLabel: z.string().nullable(),
    judgeRationale: z.string().nullable(),
    status: z.string(),
    metrics: z.record(z.string(), z.unknown()).nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    fcr: z.number().nullable(),
    hitRate: z.number(),
    hits: z.number(),
    hitLogCalls: z.number(),
    factCount: z.number(),
    factsCovered: z.number(),
    compoundRate: z.number().nullable(),
    tier: z.string().nullable(),
    firstCoveredAt: factMapSchema,
    newFactsByCall: z.array(z.number()),
    hitsByCall: z.array(z.number()),
  })
  .partial();

export type StateKey = keyof z.infer<typeof storedStateSchema>;

/**
 * A sample's verdict as imported, kept in `samples.imported_verdict` by the first
 * re-evaluation that changes it: the original grader output stays readable beside an
 * adjudication or a gold fix's re-evaluation, and the figures can tell they were changed.
 */
export const importedVerdictSchema = z.object({
  correct: z.boolean(),
  verdictSource: z.string(),
  verdictLabel: z.string().nullable(),
  judgeRationale: z.string().nullable(),
  metrics: z.record(z.string(), z.unknown()).nullable(),
});
export type ImportedVerdict = z.infer<typeof importedVerdictSchema>;

/** The state keys an imported verdict keeps. */
export const VERDICT_KEYS = [
  "correct",
  "verdictSource",
  "verdictLabel",
  "judgeRationale",
  "metrics",
] as const satisfies readonly StateKey[];

/** Whether the sample's verdict or figures differ from those it was imported with. */
export function changedSinceImport(current: SampleState, imported: ImportedVerdict): boolean {
  return (
    !sameValue(current.correct, imported.correct) || !sameValue(current.metrics, imported.metrics)
  );
}
export type SampleState = Partial<Record<StateKey, unknown>>;

/** JSON with object keys sorted, so two equal states compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a ?? null) === stableJson(b ?? null);
}

/** The fields of `next` that differ from `current`: `before` and `after` hold only those. */
export function diffState(
  current: SampleState,
  next: SampleState,
): { before: SampleState; after: SampleState } {
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
const PROVENANCE: ReadonlySet<StateKey> = new Set([
  "verdictSource",
  "verdictLabel",
  "judgeRationale",
]);

/**
 * `diffState`, but empty when only the provenance would change: a judge that agrees with
 * the stored verdict and figures leaves the sample (and its recorded source) alone.
 */
export function substantiveDiff(
  current: SampleState,
  next: SampleState,
): { before: SampleState; after: SampleState } {
  const diff = diffState(current, next);
  return (Object.keys(diff.after) as StateKey[]).some((key) => !PROVENANCE.has(key))
    ? diff
    : { before: {}, after: {} };
}

/** The keys of `expected` whose current value differs: empty when the sample is as `expected` says. */
export function changedKeys(current: SampleState, expected: SampleState): StateKey[] {
  return (Object.keys(expected) as StateKey[]).filter(
    (key) => !sameValue(current[key], expected[key]),
  );
}

/** The state's per-sample figures (`metrics`), or null when it has none. */
export function metricsOf(state: SampleState): Record<string, unknown> | null {
  return state.metrics === null || state.metrics === undefined ? null : objectOf(state.metrics);
}

/**
 * The sample's new state under a verdict: `correct` and its provenance, and the stored
 * `metrics` where the benchmark's aggregates read the verdict from there (its module's
 * `reeval.withVerdict`).
 */
export function stateWithVerdict(
  benchmark: string,
  metrics: Record<string, unknown> | null,
  change: VerdictChange,
): SampleState {
  const state: SampleState = {
    correct: change.correct,
    verdictSource: change.source,
    verdictLabel: change.label,
    judgeRationale: change.rationale,
  };
  const withVerdict = benchmarkModule(benchmark).reeval.withVerdict;
  if (metrics !== null && withVerdict !== null) state.metrics = withVerdict(metrics, change);
  return state;
}
