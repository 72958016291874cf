/**
 * What a submission cost, per task and per correct answer, with 95% bootstrap intervals
 * over tasks. A figure is null ("not reported") unless every run of the tasks it covers
 * reports it: a mean over the runs that happen to report would understate the cost. Pure.
 */
import {
  bootstrapMeans,
  DEFAULT_BOOTSTRAP,
  quantileSorted,
  type Interval,
} from "../metrics/bootstrap";
import { SeededIndices } from "../random";

/** One run's usage; null fields were not reported. */
export interface RunUsage {
  correct: boolean;
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
  seconds: number | null;
  /** Null where the bundle does not record the run's calls. */
  toolCalls: number | null;
}

export interface Estimate {
  value: number;
  ci: Interval | null;
}

export interface CostFigures {
  /** Prompt + completion tokens per task (mean over the task's runs, then over tasks). */
  tokensPerTask: Estimate | null;
  promptTokensPerTask: Estimate | null;
  completionTokensPerTask: Estimate | null;
  costUsdPerTask: Estimate | null;
  /** Total dollars over total correct runs; null when no run is correct or dollars are not reported. */
  costUsdPerCorrect: Estimate | null;
  secondsPerTask: Estimate | null;
  /** The cost–accuracy plot's last resort when neither dollars nor tokens are reported. */
  toolCallsPerTask: Estimate | null;
  /** Totals over every run. */
  totalTokens: number | null;
  totalCostUsd: number | null;
  totalSeconds: number | null;
}

type Field = "promptTokens" | "completionTokens" | "costUsd" | "seconds" | "toolCalls";

/** Each task's mean of a field over its runs; null when any run does not report it. */
function perTask(
  tasks: readonly (readonly RunUsage[])[],
  value: (run: RunUsage) => number | null,
): number[] | null {
  const means: number[] = [];
  for (const runs of tasks) {
    let sum = 0;
    for (const run of runs) {
      const v = value(run);
      if (v === null) return null;
      sum += v;
    }
    means.push(sum / runs.length);
  }
  return means;
}

const field = (name: Field) => (run: RunUsage) => run[name];
/** A run's prompt + completion tokens; null unless both are reported (one side alone is not the run's total). */
export const runTokens = (run: Pick<RunUsage, "promptTokens" | "completionTokens">) =>
  run.promptTokens === null || run.completionTokens === null
    ? null
    : run.promptTokens + run.completionTokens;

function total(
  tasks: readonly (readonly RunUsage[])[],
  value: (run: RunUsage) => number | null,
): number | null {
  let sum = 0;
  for (const runs of tasks) {
    for (const run of runs) {
      const v = value(run);
      if (v === null) return null;
      sum += v;
    }
  }
  return sum;
}

/** Dollars per correct run, and its interval from the same task resamples (a ratio of sums). */
function perCorrect(
  tasks: readonly (readonly RunUsage[])[],
  options: { resamples?: number; seed?: number },
): Estimate | null {
  const cost = tasks.map((runs) => runs.reduce((s, r) => s + (r.costUsd ?? Number.NaN), 0));
  const correct = tasks.map((runs) => runs.filter((r) => r.correct).length);
  const sumCost = cost.reduce((a, b) => a + b, 0);
  const sumCorrect = correct.reduce((a, b) => a + b, 0);
  if (Number.isNaN(sumCost) || sumCorrect === 0) return null;
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP.resamples;
  const indices = new SeededIndices(options.seed ?? DEFAULT_BOOTSTRAP.seed);
  const picks = new Uint32Array(tasks.length);
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) {
    indices.fill(picks, tasks.length);
    let c = 0;
    let k = 0;
    for (const i of picks) {
      c += cost[i];
      k += correct[i];
    }
    // A resample without a correct run has no finite ratio; it is left out, as bootstrapMeans leaves out empty draws.
    if (k > 0) ratios.push(c / k);
  }
  ratios.sort((a, b) => a - b);
  const alpha = (1 - DEFAULT_BOOTSTRAP.level) / 2;
  return {
    value: sumCost / sumCorrect,
    ci: ratios.length
      ? { lo: quantileSorted(ratios, alpha), hi: quantileSorted(ratios, 1 - alpha) }
      : null,
  };
}

/** `tasks`: each task's runs. */
export function costFigures(
  tasks: readonly (readonly RunUsage[])[],
  options: { resamples?: number; seed?: number } = {},
): CostFigures {
  const columns = {
    tokensPerTask: perTask(tasks, runTokens),
    promptTokensPerTask: perTask(tasks, field("promptTokens")),
    completionTokensPerTask: perTask(tasks, field("completionTokens")),
    costUsdPerTask: perTask(tasks, field("costUsd")),
    secondsPerTask: perTask(tasks, field("seconds")),
    toolCallsPerTask: perTask(tasks, field("toolCalls")),
  };
  const keys = Object.keys(columns) as (keyof typeof columns)[];
  const present = tasks.length === 0 ? [] : keys.filter((k) => columns[k] !== null);
  const cis = bootstrapMeans(
    present.map((k) => columns[k] ?? []),
    options,
  );
  const estimate = (key: keyof typeof columns): Estimate | null => {
    const values = columns[key];
    const at = present.indexOf(key);
    if (values === null || at < 0) return null;
    return { value: values.reduce((a, b) => a + b, 0) / values.length, ci: cis[at] ?? null };
  };
  return {
    tokensPerTask: estimate("tokensPerTask"),
    promptTokensPerTask: estimate("promptTokensPerTask"),
    completionTokensPerTask: estimate("completionTokensPerTask"),
    costUsdPerTask: estimate("costUsdPerTask"),
    costUsdPerCorrect: tasks.length ? perCorrect(tasks, options) : null,
    secondsPerTask: estimate("secondsPerTask"),
    toolCallsPerTask: estimate("toolCallsPerTask"),
    totalTokens: tasks.length ? total(tasks, runTokens) : null,
    totalCostUsd: tasks.length ? total(tasks, field("costUsd")) : null,
    totalSeconds: tasks.length ? total(tasks, field("seconds")) : null,
  };
}
