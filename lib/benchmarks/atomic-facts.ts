/**
 * A task's atomic facts as the shared tables hold them (`tasks.atomic_facts`, the fact keys
 * a hit log matches): how their keys compare. Pure.
 */

/** One tool call's entry in a hit log (the shared `hit_logs` table): which atomic facts it matched. */
export interface HitLogEntry {
  /** The call the entry judged (the importer ties it by query); absent: its place in the log. */
  callIndex?: number;
  hit: boolean;
  matchedFactKeys: string[];
  isCompoundQuery: boolean;
}

/** Fact keys are compared after trimming whitespace. */
export function normaliseFactKey(key: string): string {
  return key.trim();
}

/** The distinct non-empty fact keys, normalised. */
export function factKeySet(atomicFactKeys: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const key of atomicFactKeys) {
    const trimmed = normaliseFactKey(key);
    if (trimmed !== "") keys.add(trimmed);
  }
  return keys;
}

/**
 * A sample's coverage of its task's atomic facts and its hit log's figures, as the shared
 * `sample_facts` table holds them: only a benchmark whose tasks carry atomic facts (MPW)
 * writes them; a sample without them has no row.
 */
export interface SampleFactFigures {
  /** T: tool calls that carry a hit log. */
  hitLogCalls: number;
  hits: number;
  /** |F|: the task's fact keys after trimming and de-duplicating. */
  factCount: number;
  /** |H ∩ F|. */
  factsCovered: number;
  /** |H ∩ F| / |F|; null when |F| = 0 (excluded from means). */
  fcr: number | null;
  /** hits / T; 0 when T = 0, as the authors' code does. */
  hitRate: number;
  /** Share of calls flagged compound; null when T = 0. */
  compoundRate: number | null;
  /** For each fact key of F: the 1-based call index that first covered it, or null. */
  firstCoveredAt: Record<string, number | null>;
  /** Per hit-logged call k: how many facts of F it covered first (Δfacts(k) of one sample). */
  newFactsByCall: number[];
  /** Per hit-logged call k: 1 when it hit. */
  hitsByCall: number[];
}

/** A fact-scored sample as the FCR-vs-Pass@1 plot reads it. */
export interface FcrPassPoint {
  fcr: number;
  correct: boolean;
}

/** A sample's per-call fact series as the tool-call cohort plots read them. */
export interface CallSeriesSample {
  toolCalls: number;
  factCount: number;
  /** Fact keys (trimmed, inside F) first matched at call k, for k = 1..T. */
  newFactsByCall: readonly number[];
  /** 1 when call k hit an atomic fact, for k = 1..T. */
  hitsByCall: readonly number[];
}
