/**
 * Percentile bootstrap for statistics that are not plain means (ratios of counts, F1
 * scores, calibration error): resample the samples with replacement and recompute the
 * statistic. Draws indices exactly as `bootstrapMeans` does (same PRNG, seed and order),
 * so for a mean the two give the same interval. Deterministic for a given seed.
 */
import { DEFAULT_BOOTSTRAP, quantileSorted, type Interval } from "../../metrics/bootstrap";
import { SeededIndices } from "../../random";

export type { Interval };

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  level?: number;
}

/**
 * `statistic(indices)` computes every statistic for one resample (indices into the n
 * samples, with repeats) and returns them in a fixed order; a `null` or NaN result is left
 * out of that statistic's distribution. Returns one interval per statistic (null when no
 * resample gave a value, e.g. n = 0).
 */
export function bootstrapStatistics(
  n: number,
  statistic: (indices: Uint32Array) => readonly (number | null)[],
  options: BootstrapOptions = {},
): (Interval | null)[] {
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP.resamples;
  const level = options.level ?? DEFAULT_BOOTSTRAP.level;
  const width = statistic(Uint32Array.from({ length: n }, (_, i) => i)).length;
  if (n === 0) return Array.from({ length: width }, () => null);
  const resampling = new SeededIndices(options.seed ?? DEFAULT_BOOTSTRAP.seed);
  const draws: number[][] = Array.from({ length: width }, () => []);
  const indices = new Uint32Array(n);
  for (let r = 0; r < resamples; r++) {
    resampling.fill(indices, n);
    const values = statistic(indices);
    for (let c = 0; c < width; c++) {
      const v = values[c];
      if (v !== null && !Number.isNaN(v)) draws[c].push(v);
    }
  }
  const alpha = (1 - level) / 2;
  return draws.map((values) => {
    if (values.length === 0) return null;
    values.sort((a, b) => a - b);
    return { lo: quantileSorted(values, alpha), hi: quantileSorted(values, 1 - alpha) };
  });
}
