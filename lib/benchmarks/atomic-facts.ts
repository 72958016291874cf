/**
 * A task's atomic facts as the shared tables hold them (`tasks.atomic_facts`, the fact keys
 * a hit log matches): how their keys compare. Pure.
 */

/** One tool call's entry in a hit log (the shared `hit_logs` table): which atomic facts it matched. */
export interface HitLogEntry {
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
