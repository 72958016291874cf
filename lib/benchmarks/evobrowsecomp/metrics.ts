/**
 * EvoBrowseComp metrics (`metrics.md`, EvoBrowseComp; paper §2.4, §3):
 *
 *  - Accuracy per language (en, zh) × setting (tool-based, tool-free): each run's
 *    accuracy (share of that run's samples judged correct), then the mean over runs,
 *    with the spread across runs (min, max, population standard deviation). The paper
 *    runs three independent evaluations and reports their average.
 *  - Overall accuracy: the same over all samples given (mean over runs of each run's
 *    accuracy). A caller wanting one setting's number passes that setting's samples, or
 *    reads `cells` / `bySetting`.
 *  - Exceed Ratio: the share of tool-based samples whose tool calls reached the limit
 *    (tool calls ≥ limit, the run's own `tool_call_limit`, 40 by default). Tool-free
 *    samples make no calls and are not counted; samples whose tool calls are unknown are
 *    left out (`toolCallsUnknown`). Pooled over runs.
 *  - Calibration error of the stated confidence (`lib/benchmarks/qa/calibration.ts`).
 *
 * Versions: the question set is regenerated over time. An aggregate is over the samples
 * of one benchmark version; give each sample its `benchmarkVersion` and the aggregate
 * refuses a mix (RangeError), so a leaderboard can never average across versions.
 * Unjudged samples (verdict null) count as not correct and are reported in `unjudged`.
 */
import type { EvoBrowseCompBundleSample } from "./bundle-format";
import { EVO_LANGUAGES, EVO_SETTINGS, type EvoLanguage, type EvoSetting } from "./bundle-format";
import { bootstrapMeans, mean, type Interval } from "../../metrics/bootstrap";
import type { BootstrapOptions } from "../qa/bootstrap";
import {
  calibrationError,
  type CalibrationOptions,
  type CalibrationResult,
} from "../qa/calibration";
import { perTaskAccuracy } from "../qa/metrics";

export interface EvoSampleInput {
  taskId: string;
  run: number;
  language: EvoLanguage;
  setting: EvoSetting;
  correct: boolean;
  /** False when the bundle gave no verdict (counted as not correct). Default true. */
  judged?: boolean;
  toolCalls: number | null;
  toolCallLimit: number;
  /** Stated confidence in percent (0–100); null when none. */
  confidence: number | null;
  /** The benchmark version the sample ran on; all samples of an aggregate must agree. */
  benchmarkVersion?: string | null;
  domain?: string | null;
  hops?: number | null;
  freshEvidence?: boolean | null;
  rootDomains?: number | null;
}

export function evoInputFromBundle(
  sample: EvoBrowseCompBundleSample,
  benchmarkVersion?: string | null,
): EvoSampleInput {
  const d = sample.detail;
  return {
    taskId: sample.taskId,
    run: sample.run,
    language: d.language,
    setting: d.setting,
    correct: sample.verdict === "correct",
    judged: sample.verdict !== null,
    toolCalls: d.toolCalls,
    toolCallLimit: d.toolCallLimit,
    confidence: d.statedConfidence ?? sample.judge?.confidence ?? null,
    benchmarkVersion: benchmarkVersion ?? null,
    domain: d.domain,
    hops: d.hops,
    freshEvidence: d.freshEvidence,
    rootDomains: d.rootDomains,
  };
}

/** Whether a sample's tool calls reached its limit; null when unknown. */
export function exceededToolLimit(
  sample: Pick<EvoSampleInput, "toolCalls" | "toolCallLimit">,
): boolean | null {
  return sample.toolCalls === null ? null : sample.toolCalls >= sample.toolCallLimit;
}

export interface RunAccuracy {
  run: number;
  samples: number;
  correct: number;
  accuracy: number;
}

export interface RunSpread {
  /** Mean over runs of each run's accuracy; null with no samples. */
  accuracy: number | null;
  min: number | null;
  max: number | null;
  /** Population standard deviation across runs (0 for one run). */
  std: number | null;
  /** Per run, in run order. */
  runs: RunAccuracy[];
  /** 95% bootstrap interval over tasks of the per-task mean correctness. */
  accuracyCi: Interval | null;
}

export interface ExceedStats {
  /** Share of tool-based samples with known tool calls that reached the limit; null when there are none. */
  exceedRatio: number | null;
  exceeded: number;
  /** Tool-based samples with known tool calls: the denominator. */
  counted: number;
  toolCallsUnknown: number;
  exceedRatioCi: Interval | null;
}

/** The CLI contract's aggregate. Fractions; null when nothing to average. */
export interface EvoAggregate {
  accuracy: number | null;
  exceedRatio: number | null;
  /** Distinct tasks. */
  n: number;
  /** Distinct runs. */
  runs: number;
}

export interface EvoCell extends RunSpread, ExceedStats {
  language: EvoLanguage;
  setting: EvoSetting;
  samples: number;
  tasks: number;
}

export interface EvoReport {
  aggregate: EvoAggregate;
  overall: RunSpread & ExceedStats;
  /** Language × setting, every combination (empty ones have null accuracy). */
  cells: EvoCell[];
  byLanguage: Record<EvoLanguage, RunSpread>;
  bySetting: Record<EvoSetting, RunSpread & ExceedStats>;
  calibration: CalibrationResult;
  benchmarkVersion: string | null;
  samples: number;
  unjudged: number;
}

function checkOneVersion(samples: readonly EvoSampleInput[]): string | null {
  const versions = new Set(
    samples.map((s) => s.benchmarkVersion ?? null).filter((v): v is string => v !== null),
  );
  if (versions.size > 1) {
    throw new RangeError(
      `EvoBrowseComp samples of several benchmark versions (${[...versions].sort().join(", ")}): aggregate one version at a time`,
    );
  }
  return versions.size === 1 ? [...versions][0] : null;
}

export function runSpread(
  samples: readonly EvoSampleInput[],
  options: BootstrapOptions = {},
): RunSpread {
  const byRun = new Map<number, { samples: number; correct: number }>();
  for (const s of samples) {
    const r = byRun.get(s.run) ?? { samples: 0, correct: 0 };
    r.samples += 1;
    if (s.correct) r.correct += 1;
    byRun.set(s.run, r);
  }
  const runs = [...byRun]
    .sort(([a], [b]) => a - b)
    .map(([run, r]) => ({
      run,
      samples: r.samples,
      correct: r.correct,
      accuracy: r.correct / r.samples,
    }));
  const accuracies = runs.map((r) => r.accuracy);
  const avg = mean(accuracies);
  const std =
    avg === null
      ? null
      : Math.sqrt(accuracies.reduce((sum, a) => sum + (a - avg) ** 2, 0) / accuracies.length);
  const [accuracyCi] = bootstrapMeans([[...perTaskAccuracy(samples).values()]], options);
  return {
    accuracy: avg,
    min: accuracies.length ? Math.min(...accuracies) : null,
    max: accuracies.length ? Math.max(...accuracies) : null,
    std,
    runs,
    accuracyCi,
  };
}

export function exceedStats(
  samples: readonly EvoSampleInput[],
  options: BootstrapOptions = {},
): ExceedStats {
  const toolBased = samples.filter((s) => s.setting === "tool-based");
  const flags = toolBased.map(exceededToolLimit).filter((v): v is boolean => v !== null);
  const exceeded = flags.filter(Boolean).length;
  const [exceedRatioCi] = bootstrapMeans([flags.map((f) => (f ? 1 : 0))], options);
  return {
    exceedRatio: flags.length ? exceeded / flags.length : null,
    exceeded,
    counted: flags.length,
    toolCallsUnknown: toolBased.length - flags.length,
    exceedRatioCi,
  };
}

export function aggregateEvoBrowseComp(
  samples: readonly EvoSampleInput[],
  options: BootstrapOptions & CalibrationOptions = {},
): EvoReport {
  const benchmarkVersion = checkOneVersion(samples);
  const overall = { ...runSpread(samples, options), ...exceedStats(samples, options) };
  const cells: EvoCell[] = [];
  for (const language of EVO_LANGUAGES) {
    for (const setting of EVO_SETTINGS) {
      const group = samples.filter((s) => s.language === language && s.setting === setting);
      cells.push({
        language,
        setting,
        samples: group.length,
        tasks: new Set(group.map((s) => s.taskId)).size,
        ...runSpread(group, options),
        ...exceedStats(group, options),
      });
    }
  }
  const byLanguage = Object.fromEntries(
    EVO_LANGUAGES.map((l) => [
      l,
      runSpread(
        samples.filter((s) => s.language === l),
        options,
      ),
    ]),
  ) as Record<EvoLanguage, RunSpread>;
  const bySetting = Object.fromEntries(
    EVO_SETTINGS.map((setting) => {
      const group = samples.filter((s) => s.setting === setting);
      return [setting, { ...runSpread(group, options), ...exceedStats(group, options) }];
    }),
  ) as Record<EvoSetting, RunSpread & ExceedStats>;
  const points = samples
    .filter((s) => s.confidence !== null)
    .map((s) => ({ confidence: s.confidence as number, correct: s.correct }));
  return {
    aggregate: {
      accuracy: overall.accuracy,
      exceedRatio: overall.exceedRatio,
      n: new Set(samples.map((s) => s.taskId)).size,
      runs: overall.runs.length,
    },
    overall,
    cells,
    byLanguage,
    bySetting,
    calibration: calibrationError(points, options),
    benchmarkVersion,
    samples: samples.length,
    unjudged: samples.filter((s) => s.judged === false).length,
  };
}
