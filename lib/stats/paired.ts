/**
 * Paired statistics for comparing two submissions on the same tasks: McNemar's test on
 * the discordant pairs of a 2×2 outcome table, and a seeded percentile bootstrap of a
 * mean paired difference. Pure and deterministic.
 */
import { quantileSorted } from "../metrics/bootstrap";
import { SeededIndices } from "../random";

export type McNemarMethod = "exact" | "chi-square-cc";

export interface McNemarResult {
  /** Discordant pairs: A right and B wrong (b), A wrong and B right (c). */
  b: number;
  c: number;
  method: McNemarMethod;
  /** χ² with continuity correction; null for the exact test. */
  statistic: number | null;
  /** Two-sided p-value. */
  p: number;
}

/**
 * Below this many discordant pairs the exact binomial test is used; from it on, the χ²
 * approximation with continuity correction (Edwards), which is then close to exact.
 */
export const MCNEMAR_EXACT_BELOW = 25;

function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`McNemar: ${name} must be a non-negative integer, got ${value}`);
}

/** ln C(n, k), summed in log space so large tables neither overflow nor underflow. */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

/**
 * Exact two-sided McNemar p-value: under H0 each discordant pair is A-only or B-only
 * with probability 1/2, so p = min(1, 2·P[X ≤ min(b, c)]), X ~ Binomial(b + c, 1/2).
 */
export function mcnemarExact(b: number, c: number): number {
  checkCount("b", b);
  checkCount("c", c);
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

/** Complementary error function (Numerical Recipes' erfcc; fractional error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Upper tail of χ² with one degree of freedom: P[χ²₁ ≥ x] = erfc(√(x/2)). */
export function chiSquare1Survival(x: number): number {
  if (x <= 0) return 1;
  return Math.min(1, erfc(Math.sqrt(x / 2)));
}

/** χ² McNemar with continuity correction: (|b − c| − 1)² / (b + c), floored at 0. */
export function mcnemarChiSquare(b: number, c: number): { statistic: number; p: number } {
  checkCount("b", b);
  checkCount("c", c);
  const n = b + c;
  if (n === 0) return { statistic: 0, p: 1 };
  const statistic = Math.max(0, Math.abs(b - c) - 1) ** 2 / n;
  return { statistic, p: chiSquare1Survival(statistic) };
}

/** McNemar's test, exact for few discordant pairs (b + c < 25), χ² with continuity correction otherwise. */
export function mcnemar(b: number, c: number): McNemarResult {
  if (b + c < MCNEMAR_EXACT_BELOW)
    return { b, c, method: "exact", statistic: null, p: mcnemarExact(b, c) };
  const { statistic, p } = mcnemarChiSquare(b, c);
  return { b, c, method: "chi-square-cc", statistic, p };
}

export interface PairedBootstrapOptions {
  resamples?: number;
  seed?: number;
  level?: number;
}

export const PAIRED_BOOTSTRAP = { resamples: 2000, seed: 20260122, level: 0.95 } as const;

export interface PairedDifference {
  /** Pairs used. */
  n: number;
  meanA: number;
  meanB: number;
  /** mean(B − A). */
  difference: number;
  lo: number;
  hi: number;
}

/**
 * Mean of B − A over pairs, with a percentile bootstrap interval that resamples whole
 * pairs (so each pair's A and B stay together). Null for no pairs. Deterministic: the
 * same pairs, seed and resample count always give the same interval.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  options: PairedBootstrapOptions = {},
): PairedDifference | null {
  if (a.length !== b.length)
    throw new RangeError(`paired bootstrap: ${a.length} A values but ${b.length} B values`);
  const n = a.length;
  if (n === 0) return null;
  const resamples = options.resamples ?? PAIRED_BOOTSTRAP.resamples;
  const level = options.level ?? PAIRED_BOOTSTRAP.level;
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(
      `paired bootstrap: resamples must be a positive integer, got ${resamples}`,
    );
  const diffs = new Float64Array(n);
  let sumA = 0;
  let sumB = 0;
  let sumDiff = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(a[i]) || !Number.isFinite(b[i]))
      throw new RangeError(`paired bootstrap: pair ${i} is not finite (${a[i]}, ${b[i]})`);
    diffs[i] = b[i] - a[i];
    sumA += a[i];
    sumB += b[i];
    sumDiff += diffs[i];
  }
  // Summed as the resamples are, so n equal differences d give exactly d in every draw too.
  const difference = sumDiff / n;
  const indices = new SeededIndices(options.seed ?? PAIRED_BOOTSTRAP.seed);
  const picks = new Uint32Array(n);
  const draws = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    indices.fill(picks, n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[picks[i]];
    draws[r] = sum / n;
  }
  draws.sort();
  const sorted = Array.from(draws);
  const alpha = (1 - level) / 2;
  return {
    n,
    meanA: sumA / n,
    meanB: sumB / n,
    difference,
    lo: quantileSorted(sorted, alpha),
    hi: quantileSorted(sorted, 1 - alpha),
  };
}
