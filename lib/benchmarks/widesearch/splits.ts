/** WideSearch aggregates per split (overall, per language) with task-level bootstrap CIs. */
import { bootstrapMeans, mean, type Interval } from "../../metrics/bootstrap";
import { countStatuses, type AggregateRow, type StoredSampleRow } from "../stored";
import { wideSearchSampleMetricsSchema } from "./stored";
import {
  aggregateWideSearch,
  languageOf,
  scalingCurve,
  type ScalingPoint,
  type WideSearchAggregateReport,
  type WideSearchRunSample,
} from "./aggregate";

export interface WideSearchStoredSample extends WideSearchRunSample {
  searchCalls: number | null;
  browseCalls: number | null;
}

export interface WideSearchSplit {
  /** "overall" or "lang:<en|zh>". */
  split: string;
  /** Tasks. */
  n: number;
  report: WideSearchAggregateReport;
  /** 95% CIs over tasks (each task weighted once, its runs averaged). */
  ci: { successAvg: Interval | null; rowF1Avg: Interval | null; itemF1Avg: Interval | null };
  scaling: ScalingPoint[];
  /** Mean search and browse calls per run; null when no run reported them. */
  searchCalls: number | null;
  browseCalls: number | null;
}

function split(name: string, samples: readonly WideSearchStoredSample[]): WideSearchSplit {
  const report = aggregateWideSearch(samples);
  const [successCi, rowF1Ci, itemF1Ci] = bootstrapMeans([
    report.tasks.map((t) => t.stats.success.avg),
    report.tasks.map((t) => t.stats.rowF1.avg),
    report.tasks.map((t) => t.stats.itemF1.avg),
  ]);
  const known = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  return {
    split: name,
    n: report.aggregate.n,
    report,
    ci: { successAvg: successCi, rowF1Avg: rowF1Ci, itemF1Avg: itemF1Ci },
    scaling: scalingCurve(samples),
    searchCalls: mean(known(samples.map((s) => s.searchCalls))),
    browseCalls: mean(known(samples.map((s) => s.browseCalls))),
  };
}

export function wideSearchSplits(samples: readonly WideSearchStoredSample[]): WideSearchSplit[] {
  const byLanguage = new Map<string, WideSearchStoredSample[]>();
  for (const sample of samples) {
    const language = languageOf(sample);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), sample]);
  }
  return [
    split("overall", samples),
    ...[...byLanguage.entries()]
      .sort()
      .map(([language, group]) => split(`lang:${language}`, group)),
  ];
}

/** One row per split: success rate (Avg@N) as the primary metric, the whole report beside it. */
export function wideSearchAggregateRows(rows: readonly StoredSampleRow[]): AggregateRow[] {
  const samples = rows.map((r) => ({
    instanceId: r.taskKey,
    language: r.language,
    ...wideSearchSampleMetricsSchema.parse(r.metrics),
  }));
  const statusCounts = countStatuses(rows);
  return wideSearchSplits(samples).map((split) => {
    const a = split.report.aggregate;
    return {
      split: split.split,
      n: split.n,
      primary: {
        value: a.successAvg,
        lo: split.ci.successAvg?.lo ?? null,
        hi: split.ci.successAvg?.hi ?? null,
      },
      statusCounts,
      report: {
        ...a,
        stats: split.report.stats,
        runsPerTask: split.report.runsPerTask,
        incompleteSamples: split.report.incompleteSamples,
        ci: split.ci,
        scaling: split.scaling,
        searchCalls: split.searchCalls,
        browseCalls: split.browseCalls,
      },
    };
  });
}
