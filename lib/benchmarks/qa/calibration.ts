/**
 * Calibration error from the confidence an agent states with its answer, as BrowseComp
 * reports it (the HLE / outlier-exposure `calib_err` method, p = 2):
 *
 *   sort the samples by stated confidence and cut them into consecutive bins; for bin b with
 *   n_b samples, mean confidence c_b and accuracy a_b:  CE = sqrt( Σ_b (n_b / n) · (c_b − a_b)² ).
 *
 * The bins, by default, are B = 10 of equal count (min(10, n) bins; bin b holds the samples
 * ⌊b·n/B⌋ … ⌊(b+1)·n/B⌋ − 1, so sizes differ by at most one): every model gets several bins,
 * whatever its sample count. The script's own bins of β = 100 samples (⌊n/β⌋ bins, the last
 * taking the remainder) are `binSize: 100`: an 80-sample model then has one bin, and its
 * "calibration error" is only the gap between mean confidence and accuracy.
 *
 * Differences from the reference script, on purpose:
 *  - equal-count bins by default (above).
 *  - every bin counts. The script loops over `range(len(bins) - 1)` and so skips the last
 *    bin (the most confident samples); `skipLastBin: true` reproduces that.
 *  - fewer than β samples form one bin (the script fails there).
 *  - ties in confidence keep input order (a stable sort; NumPy's default argsort is not
 *    stable, so which tied samples fall on each side of a bin edge is unspecified there).
 * Confidence is in percent (0–100) on input; the error and bin values are fractions.
 */
import { bootstrapStatistics, type BootstrapOptions, type Interval } from "./bootstrap";

export interface CalibrationPoint {
  /** Stated confidence in percent, 0–100. */
  confidence: number;
  correct: boolean;
}

export type CalibrationNorm = "l2" | "l1" | "max";

export interface CalibrationOptions {
  /** B, the number of equal-count bins (fewer when there are fewer samples). Default 10. */
  bins?: number;
  /** β: bins of this many samples instead, the last taking the remainder (the reference script's 100). */
  binSize?: number;
  /** Default "l2" (root-mean-square), as BrowseComp reports. */
  norm?: CalibrationNorm;
  /** Reproduce the reference script's skipping of the last bin. Default false. */
  skipLastBin?: boolean;
}

export interface CalibrationBin {
  /** Samples in the bin. */
  n: number;
  /** Lowest and highest stated confidence in the bin (fractions). */
  minConfidence: number;
  maxConfidence: number;
  meanConfidence: number;
  accuracy: number;
  /** False for the last bin under `skipLastBin`. */
  counted: boolean;
}

export interface CalibrationResult {
  /** Null when there are no samples. */
  error: number | null;
  n: number;
  /** β of fixed-size bins; null: `bins.length` bins of equal count. */
  binSize: number | null;
  norm: CalibrationNorm;
  /** In order of confidence: the reliability diagram's points. */
  bins: CalibrationBin[];
}

export const DEFAULT_CALIBRATION_BINS = 10;

/** Fewer samples than this in a bin: its accuracy, and so the error, rests on too few samples to read. */
export const FEW_SAMPLES_PER_BIN = 10;

/** Whether a calibration's smallest bin has fewer samples than `FEW_SAMPLES_PER_BIN`. */
export const tooFewSamples = (result: Pick<CalibrationResult, "bins">): boolean =>
  result.bins.some((bin) => bin.n < FEW_SAMPLES_PER_BIN);

function checkPoint(p: CalibrationPoint): void {
  if (!(p.confidence >= 0 && p.confidence <= 100))
    throw new RangeError(`confidence must be in 0–100, got ${p.confidence}`);
}

export function calibrationError(
  points: readonly CalibrationPoint[],
  options: CalibrationOptions = {},
): CalibrationResult {
  const binSize = options.binSize ?? null;
  const binTarget = options.bins ?? DEFAULT_CALIBRATION_BINS;
  const norm = options.norm ?? "l2";
  if (binSize !== null && (!Number.isInteger(binSize) || binSize < 1))
    throw new RangeError(`binSize must be a positive integer, got ${binSize}`);
  if (!Number.isInteger(binTarget) || binTarget < 1)
    throw new RangeError(`bins must be a positive integer, got ${binTarget}`);
  points.forEach(checkPoint);
  const n = points.length;
  if (n === 0) return { error: null, n, binSize, norm, bins: [] };
  // Array.prototype.sort is stable: ties keep input order.
  const sorted = [...points].sort((a, b) => a.confidence - b.confidence);
  const binCount = binSize === null ? Math.min(binTarget, n) : Math.max(1, Math.floor(n / binSize));
  const edge = (b: number) =>
    binSize === null ? Math.floor((b * n) / binCount) : b === binCount ? n : b * binSize;
  const bins: CalibrationBin[] = [];
  for (let b = 0; b < binCount; b++) {
    const start = edge(b);
    const end = edge(b + 1);
    const slice = sorted.slice(start, end);
    let confidenceSum = 0;
    let correct = 0;
    for (const p of slice) {
      confidenceSum += p.confidence / 100;
      if (p.correct) correct += 1;
    }
    bins.push({
      n: slice.length,
      minConfidence: slice[0].confidence / 100,
      maxConfidence: slice[slice.length - 1].confidence / 100,
      meanConfidence: confidenceSum / slice.length,
      accuracy: correct / slice.length,
      counted: !(options.skipLastBin && b === binCount - 1),
    });
  }
  let error = 0;
  for (const bin of bins) {
    if (!bin.counted) continue;
    const gap = Math.abs(bin.meanConfidence - bin.accuracy);
    if (norm === "l2") error += (bin.n / n) * gap * gap;
    else if (norm === "l1") error += (bin.n / n) * gap;
    else error = Math.max(error, gap);
  }
  return { error: norm === "l2" ? Math.sqrt(error) : error, n, binSize, norm, bins };
}

/** 95% percentile-bootstrap interval of the calibration error, resampling the samples. */
export function calibrationErrorCi(
  points: readonly CalibrationPoint[],
  options: CalibrationOptions & BootstrapOptions = {},
): Interval | null {
  const [ci] = bootstrapStatistics(
    points.length,
    (indices) => [
      calibrationError(
        Array.from(indices, (i) => points[i]),
        options,
      ).error,
    ],
    options,
  );
  return ci;
}
