/**
 * The generic BrowseComp-style QA leaderboard (`metrics.md`, Shared; `formats.md`,
 * BrowseComp family): accuracy (Avg@N: mean over tasks of the mean over runs, which is
 * the plain mean over samples when every task has one run) with a 95% bootstrap CI over
 * tasks, and the calibration error of the stated confidence (`calibration.ts`).
 *
 * A sample's verdict comes from the bundle; an unjudged sample (verdict null) counts as
 * not correct and is reported in `unjudged`. Its confidence is the stated confidence of
 * the line, else the confidence the judge extracted; samples with neither are left out of
 * the calibration error (reported in `calibration.n`).
 */
import { bootstrapMeans, mean, type Interval } from "../../metrics/bootstrap";
import type { EvoBrowseCompBundleSample } from "../evobrowsecomp/bundle-format";
import type { QaBundleSample } from "./bundle-format";
import {
  calibrationError,
  calibrationErrorCi,
  type CalibrationOptions,
  type CalibrationResult,
} from "./calibration";
import type { BootstrapOptions } from "./bootstrap";

export interface QaSampleInput {
  taskId: string;
  run: number;
  correct: boolean;
  /** False when the bundle gave no verdict (counted as not correct). Default true. */
  judged?: boolean;
  /** Stated confidence in percent (0–100); null when none. */
  confidence: number | null;
}

/** The CLI contract's aggregate. Accuracy and calibration error are fractions; null when there is nothing to average. */
export interface QaAggregate {
  accuracy: number | null;
  calibrationError: number | null;
  /** Tasks. */
  n: number;
}

export interface QaReport {
  aggregate: QaAggregate;
  accuracyCi: Interval | null;
  calibrationErrorCi: Interval | null;
  calibration: CalibrationResult;
  samples: number;
  /** Most runs of any task. */
  runs: number;
  unjudged: number;
}

/** A bundle sample as QA metric input: correct when the verdict is "correct"; stated confidence, else the judge's. */
export function qaInputFromBundle(
  sample: QaBundleSample | EvoBrowseCompBundleSample,
): QaSampleInput {
  return {
    taskId: sample.taskId,
    run: sample.run,
    correct: sample.verdict === "correct",
    judged: sample.verdict !== null,
    confidence: sample.detail.statedConfidence ?? sample.judge?.confidence ?? null,
  };
}

/** Per task, in first-appearance order: the mean correctness over its runs. */
export function perTaskAccuracy(
  samples: readonly Pick<QaSampleInput, "taskId" | "correct">[],
): Map<string, number> {
  const groups = new Map<string, { correct: number; runs: number }>();
  for (const s of samples) {
    const g = groups.get(s.taskId) ?? { correct: 0, runs: 0 };
    g.runs += 1;
    if (s.correct) g.correct += 1;
    groups.set(s.taskId, g);
  }
  return new Map([...groups].map(([task, g]) => [task, g.correct / g.runs]));
}

export function aggregateQa(
  samples: readonly QaSampleInput[],
  options: CalibrationOptions & BootstrapOptions = {},
): QaReport {
  const perTask = [...perTaskAccuracy(samples).values()];
  const runsByTask = new Map<string, number>();
  for (const s of samples) runsByTask.set(s.taskId, (runsByTask.get(s.taskId) ?? 0) + 1);
  const points = samples
    .filter((s) => s.confidence !== null)
    .map((s) => ({ confidence: s.confidence as number, correct: s.correct }));
  const calibration = calibrationError(points, options);
  const [accuracyCi] = bootstrapMeans([perTask], options);
  return {
    aggregate: { accuracy: mean(perTask), calibrationError: calibration.error, n: perTask.length },
    accuracyCi,
    calibrationErrorCi: calibrationErrorCi(points, options),
    calibration,
    samples: samples.length,
    runs: runsByTask.size ? Math.max(...runsByTask.values()) : 0,
    unjudged: samples.filter((s) => s.judged === false).length,
  };
}
