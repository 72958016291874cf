/**
 * Failure modes side by side: over the run pairs /compare matches (same task, same run),
 * how many of A's and of B's failed runs carry each mode, and the paired difference in the
 * share of runs carrying it (B − A, each run 1 when it carries the mode, a correct run 0),
 * with the paired bootstrap interval the primary metric uses. Pure.
 */
import { modesOf, type FailureModeRules } from "../benchmarks/failure-modes";
import { pairedBootstrap, type PairedDifference } from "../stats/paired";

export interface ModePairRow {
  mode: string;
  label: string;
  /** Failed runs of each side, among the pairs, that carry the mode. */
  a: number;
  b: number;
  /** Share of each side's failed runs (among the pairs); null when it has none. */
  aShare: number | null;
  bShare: number | null;
  /** B − A in the share of paired runs carrying the mode; null without pairs. */
  difference: PairedDifference | null;
}

export interface ModePairs {
  pairs: number;
  aFailed: number;
  bFailed: number;
  rows: ModePairRow[];
}

/** `pairs`: one per run pair, each side's stored modes (none when the run is correct). */
export function pairedFailureModes(
  rules: FailureModeRules,
  pairs: readonly { a: readonly string[]; b: readonly string[] }[],
): ModePairs {
  const aFailed = pairs.filter((p) => p.a.length > 0).length;
  const bFailed = pairs.filter((p) => p.b.length > 0).length;
  return {
    pairs: pairs.length,
    aFailed,
    bFailed,
    rows: modesOf(rules).map((m) => {
      const a = pairs.map((p) => (p.a.includes(m.id) ? 1 : 0));
      const b = pairs.map((p) => (p.b.includes(m.id) ? 1 : 0));
      const aCount = a.reduce<number>((n, v) => n + v, 0);
      const bCount = b.reduce<number>((n, v) => n + v, 0);
      return {
        mode: m.id,
        label: m.label,
        a: aCount,
        b: bCount,
        aShare: aFailed ? aCount / aFailed : null,
        bShare: bFailed ? bCount / bFailed : null,
        difference: pairedBootstrap(a, b),
      };
    }),
  };
}
