/**
 * WideSearch aggregates over tasks with N runs each (`metrics.md`, Shared → Runs; paper
 * §3.5.2): Avg@N = mean over tasks of the mean over runs, Pass@N = share of tasks with at
 * least one success, Max@N / Min@N = mean over tasks of the best / worst run; plus the
 * unbiased pass@k and an exact max@k estimator for k ≤ N, and a split by language.
 *
 * Means use NumPy's summation order (`numpyMean`), and tasks are taken in the order they
 * first appear, so aggregating a producer's evaluation CSV gives bit-for-bit the numbers
 * its summary JSON holds (runshengdu/widesearch_exp `_calc_summary_from_csv`).
 */
import { languageFromInstanceId } from "./formats";

export const WIDESEARCH_METRIC_KEYS = [
  "success",
  "rowPrecision",
  "rowRecall",
  "rowF1",
  "itemPrecision",
  "itemRecall",
  "itemF1",
] as const;
export type WideSearchMetricKey = (typeof WIDESEARCH_METRIC_KEYS)[number];

/** One run of one task, as stored. */
export interface WideSearchRunSample {
  instanceId: string;
  /** `en` / `zh`; when absent, read from the instance id (`ws_en_…`, `ws_zh_…`). */
  language?: string | null;
  success: boolean;
  rowPrecision: number;
  rowRecall: number;
  rowF1: number;
  itemPrecision: number;
  itemRecall: number;
  itemF1: number;
  /** False when `llm_judge` cells were left unscored (counted as 0). Default true. */
  complete?: boolean;
}

export interface RunStats {
  /** Mean over runs (per task) or Avg@N (over tasks). */
  avg: number;
  /** Best run, or Max@N. */
  max: number;
  /** Worst run, or Min@N. */
  min: number;
}

export interface WideSearchTaskStats {
  instanceId: string;
  language: string;
  runs: number;
  successes: number;
  stats: Record<WideSearchMetricKey, RunStats>;
}

/** The aggregate the CLI reports (`metrics --json` → `aggregate`). Rates in [0, 1]; null when there are no tasks. */
export interface WideSearchAggregate {
  successAvg: number | null;
  successPass: number | null;
  rowF1Avg: number | null;
  rowF1Max: number | null;
  itemF1Avg: number | null;
  itemF1Max: number | null;
  rowPrecisionAvg: number | null;
  rowRecallAvg: number | null;
  itemPrecisionAvg: number | null;
  itemRecallAvg: number | null;
  /** Tasks. */
  n: number;
  /** N: runs per task (the largest count when tasks differ; see `runsPerTask`). */
  runs: number;
}

export interface WideSearchAggregateReport {
  aggregate: WideSearchAggregate;
  /** Avg@N, Max@N and Min@N of every metric (null when there are no tasks). */
  stats: Record<WideSearchMetricKey, RunStats> | null;
  runsPerTask: { min: number; max: number };
  /** Runs with unscored `llm_judge` cells: their metrics are lower bounds. */
  incompleteSamples: number;
  /** Per task, in first-appearance order: for drill-down and bootstrap over tasks. */
  tasks: WideSearchTaskStats[];
}

/**
 * NumPy's float64 sum (`np.add.reduce`): pairwise summation in blocks of 128 with eight
 * accumulators, starting from 0. Same inputs in the same order → the same bits as NumPy.
 */
function pairwiseSum(values: readonly number[], start: number, n: number): number {
  if (n < 8) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[start + i];
    return sum;
  }
  if (n <= 128) {
    const acc = values.slice(start, start + 8);
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) acc[j] += values[start + i + j];
    }
    let sum = acc[0] + acc[1] + (acc[2] + acc[3]) + (acc[4] + acc[5] + (acc[6] + acc[7]));
    for (; i < n; i++) sum += values[start + i];
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwiseSum(values, start, half) + pairwiseSum(values, start + half, n - half);
}

/** `np.mean`: NaN for no values (callers check for emptiness first). */
export function numpyMean(values: readonly number[]): number {
  return (0 + pairwiseSum(values, 0, values.length)) / values.length;
}

const metricValue = (s: WideSearchRunSample, key: WideSearchMetricKey) =>
  key === "success" ? (s.success ? 1 : 0) : s[key];

/** The sample's own language, else the instance id's (`ws_en_…` / `ws_zh_…`), else "unknown". */
export function languageOf(sample: Pick<WideSearchRunSample, "instanceId" | "language">): string {
  return sample.language || languageFromInstanceId(sample.instanceId) || "unknown";
}

/** Runs grouped by task, tasks in the order they first appear, runs in input order. */
export function groupByTask<T extends { instanceId: string }>(
  samples: readonly T[],
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const s of samples) {
    const group = groups.get(s.instanceId);
    if (group) group.push(s);
    else groups.set(s.instanceId, [s]);
  }
  return groups;
}

function statsOf(values: readonly number[]): RunStats {
  return { avg: numpyMean(values), max: Math.max(...values), min: Math.min(...values) };
}

function taskStats(instanceId: string, runs: readonly WideSearchRunSample[]): WideSearchTaskStats {
  const stats = Object.fromEntries(
    WIDESEARCH_METRIC_KEYS.map((key) => [key, statsOf(runs.map((r) => metricValue(r, key)))]),
  ) as Record<WideSearchMetricKey, RunStats>;
  return {
    instanceId,
    language: languageOf(runs[0]),
    runs: runs.length,
    successes: runs.filter((r) => r.success).length,
    stats,
  };
}

export function aggregateWideSearch(
  samples: readonly WideSearchRunSample[],
): WideSearchAggregateReport {
  const tasks = [...groupByTask(samples)].map(([id, runs]) => taskStats(id, runs));
  const counts = tasks.map((t) => t.runs);
  const runsPerTask = {
    min: counts.length ? Math.min(...counts) : 0,
    max: counts.length ? Math.max(...counts) : 0,
  };
  const incompleteSamples = samples.filter((s) => s.complete === false).length;
  if (tasks.length === 0) {
    const empty: WideSearchAggregate = {
      successAvg: null,
      successPass: null,
      rowF1Avg: null,
      rowF1Max: null,
      itemF1Avg: null,
      itemF1Max: null,
      rowPrecisionAvg: null,
      rowRecallAvg: null,
      itemPrecisionAvg: null,
      itemRecallAvg: null,
      n: 0,
      runs: 0,
    };
    return { aggregate: empty, stats: null, runsPerTask, incompleteSamples, tasks };
  }
  const over = (pickValue: (t: WideSearchTaskStats) => number) => numpyMean(tasks.map(pickValue));
  const stats = Object.fromEntries(
    WIDESEARCH_METRIC_KEYS.map((key) => [
      key,
      {
        avg: over((t) => t.stats[key].avg),
        max: over((t) => t.stats[key].max),
        min: over((t) => t.stats[key].min),
      },
    ]),
  ) as Record<WideSearchMetricKey, RunStats>;
  return {
    aggregate: {
      successAvg: stats.success.avg,
      // Pass@N: the share of tasks with a successful run = Max@N of success.
      successPass: stats.success.max,
      rowF1Avg: stats.rowF1.avg,
      rowF1Max: stats.rowF1.max,
      itemF1Avg: stats.itemF1.avg,
      itemF1Max: stats.itemF1.max,
      rowPrecisionAvg: stats.rowPrecision.avg,
      rowRecallAvg: stats.rowRecall.avg,
      itemPrecisionAvg: stats.itemPrecision.avg,
      itemRecallAvg: stats.itemRecall.avg,
      n: tasks.length,
      runs: runsPerTask.max,
    },
    stats,
    runsPerTask,
    incompleteSamples,
    tasks,
  };
}

function checkK(n: number, k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > n)
    throw new RangeError(`k must be an integer in 1..${n}, got ${k}`);
}

/**
 * Unbiased pass@k from n runs with c successes: 1 − C(n−c, k) / C(n, k), computed as
 * 1 − ∏_{i=n−c+1}^{n} (1 − k/i) (no large binomials).
 */
export function passAtK(n: number, c: number, k: number): number {
  checkK(n, k);
  if (!Number.isInteger(c) || c < 0 || c > n)
    throw new RangeError(`c must be an integer in 0..${n}, got ${c}`);
  if (n - c < k) return 1;
  let allFail = 1;
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}

/**
 * max@k: the expected maximum of a uniformly random k-subset of the n runs' values.
 * With the values sorted ascending v₁ ≤ … ≤ vₙ, the i-th is the maximum of
 * C(i−1, k−1) of the C(n, k) subsets, so E[max] = Σ_{i=k}^{n} vᵢ · C(i−1, k−1) / C(n, k).
 * The weights come from wₙ = k/n and w_{i−1} = wᵢ · (i−k)/(i−1). Exact (up to rounding),
 * unbiased for Max@k, and equal to the plain Max@N when k = n and the mean when k = 1.
 */
export function expectedMaxOfK(values: readonly number[], k: number): number {
  const n = values.length;
  checkK(n, k);
  const sorted = [...values].sort((a, b) => a - b);
  let weight = k / n;
  let sum = 0;
  for (let i = n; i >= k; i--) {
    sum += weight * sorted[i - 1];
    weight *= (i - k) / (i - 1);
  }
  return sum;
}

/** Mean over tasks of pass@k (success). Every task needs at least k runs. */
export function successPassAtK(samples: readonly WideSearchRunSample[], k: number): number | null {
  const groups = [...groupByTask(samples).values()];
  if (groups.length === 0) return null;
  return numpyMean(
    groups.map((runs) => passAtK(runs.length, runs.filter((r) => r.success).length, k)),
  );
}

/** Mean over tasks of max@k of a metric (e.g. `rowF1`, `itemF1`). Every task needs at least k runs. */
export function metricMaxAtK(
  samples: readonly WideSearchRunSample[],
  metric: WideSearchMetricKey,
  k: number,
): number | null {
  const groups = [...groupByTask(samples).values()];
  if (groups.length === 0) return null;
  return numpyMean(
    groups.map((runs) =>
      expectedMaxOfK(
        runs.map((r) => metricValue(r, metric)),
        k,
      ),
    ),
  );
}

export interface ScalingPoint {
  k: number;
  successPass: number;
  rowF1Max: number;
  itemF1Max: number;
}

/** Pass@k and Max@k for k = 1 … (fewest runs of any task): the paper's §6 test-time scaling curve. */
export function scalingCurve(samples: readonly WideSearchRunSample[]): ScalingPoint[] {
  const groups = [...groupByTask(samples).values()];
  if (groups.length === 0) return [];
  const kMax = Math.min(...groups.map((g) => g.length));
  const points: ScalingPoint[] = [];
  for (let k = 1; k <= kMax; k++) {
    points.push({
      k,
      successPass: successPassAtK(samples, k)!,
      rowF1Max: metricMaxAtK(samples, "rowF1", k)!,
      itemF1Max: metricMaxAtK(samples, "itemF1", k)!,
    });
  }
  return points;
}
