/** Shapes a stored trajectory for the viewer: pure functions, no React. */
import { factKeySet, normaliseFactKey } from "../benchmarks/atomic-facts";
import { normaliseQuery, type TrajectoryCall } from "./calls";

export interface FactCoverage {
  key: string;
  value: string;
  /** 1-based call that first covered the fact, or null when no call did. */
  firstCoveredAt: number | null;
  /** For a fact never covered: the calls whose query names it (`callsNamingFacts`), which all missed. */
  queriedAt: number[];
}

/** A fact key's words: split at spaces and punctuation, each of two characters or more. */
function factWords(key: string): string[] {
  return normaliseQuery(key)
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((word) => word.length >= 2);
}

/** The share of the fact key's words the query holds (0 when the key has none). */
function wordShare(query: string, words: readonly string[]): number {
  if (words.length === 0) return 0;
  const text = normaliseQuery(query);
  return words.filter((word) => text.includes(word)).length / words.length;
}

/**
 * For each fact key, the calls whose query names it: the query holds at least half of the
 * key's words, and no other fact's more of them. The hit log names a fact only on a hit, so a
 * miss is tied to the fact it sought by its words.
 */
export function callsNamingFacts(
  factKeys: readonly string[],
  calls: readonly Pick<TrajectoryCall, "callIndex" | "query">[],
): Map<string, number[]> {
  const words = factKeys.map((key) => factWords(key));
  const named = new Map<string, number[]>(factKeys.map((key) => [key, []]));
  for (const call of calls) {
    if (call.query === null) continue;
    const query = call.query;
    const shares = words.map((w) => wordShare(query, w));
    const best = Math.max(0, ...shares);
    if (best < 0.5) continue;
    shares.forEach((share, i) => {
      if (share === best) named.get(factKeys[i])?.push(call.callIndex);
    });
  }
  return named;
}

/** The task's atomic facts, covered ones first in the order the agent found them. */
export function factCoverage(
  atomicFacts: Record<string, string>,
  firstCoveredAt: Record<string, number | null>,
  calls: readonly Pick<TrajectoryCall, "callIndex" | "query">[] = [],
): FactCoverage[] {
  const named = callsNamingFacts(Object.keys(atomicFacts), calls);
  const facts = Object.entries(atomicFacts).map(([key, value]) => {
    const covered = firstCoveredAt[normaliseFactKey(key)] ?? null;
    return {
      key,
      value,
      firstCoveredAt: covered,
      queriedAt: covered === null ? (named.get(key) ?? []) : [],
    };
  });
  return facts.sort((a, b) => (a.firstCoveredAt ?? Infinity) - (b.firstCoveredAt ?? Infinity));
}

export type CallOutcome =
  | {
      kind: "hit";
      keys: { key: string; inFactSet: boolean; firstCover: boolean }[];
      compound: boolean;
    }
  | { kind: "miss"; compound: boolean }
  | { kind: "unlogged" }
  /** The benchmark keeps no per-call hit log (e.g. WideSearch). */
  | { kind: "none" };

/** What the PEM said of call k: hit (with the fact it matched), miss, or no hit log at all. */
export function callOutcome(
  entry: { hit: boolean; matchedFactKeys: string[]; compound: boolean } | undefined,
  callIndex: number,
  atomicFacts: Record<string, string>,
  firstCoveredAt: Record<string, number | null>,
): CallOutcome {
  if (!entry) return { kind: "unlogged" };
  if (!entry.hit) return { kind: "miss", compound: entry.compound };
  const facts = factKeySet(Object.keys(atomicFacts));
  return {
    kind: "hit",
    compound: entry.compound,
    keys: entry.matchedFactKeys.map((raw) => {
      const key = normaliseFactKey(raw);
      return { key, inFactSet: facts.has(key), firstCover: firstCoveredAt[key] === callIndex };
    }),
  };
}
