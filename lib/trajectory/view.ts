/** Shapes a stored trajectory for the viewer: pure functions, no React. */
import { factKeySet, normaliseFactKey } from "../benchmarks/atomic-facts";

export interface FactCoverage {
  key: string;
  value: string;
  /** 1-based call that first covered the fact, or null when no call did. */
  firstCoveredAt: number | null;
}

/** The task's atomic facts, covered ones first in the order the agent found them. */
export function factCoverage(
  atomicFacts: Record<string, string>,
  firstCoveredAt: Record<string, number | null>,
): FactCoverage[] {
  const facts = Object.entries(atomicFacts).map(([key, value]) => ({
    key,
    value,
    firstCoveredAt: firstCoveredAt[normaliseFactKey(key)] ?? null,
  }));
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
