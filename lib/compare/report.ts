/** The whole comparison of one pair (baseline A against B), from the paired rows. Pure. */
import type { PairedBootstrapOptions, PairedDifference } from "../stats/paired";
import type { CompareProfile } from "../benchmarks/types";
import {
  secondaryDifference,
  splitSummaries,
  summarisePair,
  type PairSummary,
  type RunPair,
  type SplitSummary,
  type TaskPair,
} from "./outcomes";

export interface PairReport {
  summary: PairSummary;
  splits: SplitSummary[];
  /** Null where the benchmark (or a setting without search) has no FCR. */
  fcr: PairedDifference | null;
  /** Null where neither side recorded tool calls on a shared task. */
  toolCalls: PairedDifference | null;
}

export function pairReport(
  rows: { runs: readonly RunPair[]; tasks: readonly TaskPair[] },
  profile: CompareProfile,
  options: PairedBootstrapOptions & { fcr?: boolean; splits?: boolean } = {},
): PairReport {
  const order = Object.fromEntries(
    profile.dimensions.filter((d) => d.order).map((d) => [d.key, d.order!]),
  );
  return {
    summary: summarisePair(rows.runs, rows.tasks, options),
    splits:
      options.splits === false
        ? []
        : splitSummaries(
            rows.runs,
            rows.tasks,
            profile.dimensions.map((d) => d.key),
            { ...options, order },
          ),
    fcr:
      profile.fcr && options.fcr !== false ? secondaryDifference(rows.tasks, "fcr", options) : null,
    toolCalls: secondaryDifference(rows.tasks, "toolCalls", options),
  };
}
