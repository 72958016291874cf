/**
 * MPW-Bench diagnostic plots (paper §4.5–4.6, Figures 2 and 3), as data:
 * FCR-vs-Pass@1 equal-frequency bins, the Δfacts(k) cohort curve and the truncated
 * FCR(k)/HitPrec(k) curves. Pure and total: empty cohorts give empty point lists.
 */
import type { CallSeriesSample, FcrPassPoint } from "../atomic-facts";

export type { CallSeriesSample, FcrPassPoint };

/** Termination statuses whose trajectories the authors' tool-call scripts keep. */
export const COHORT_STATUSES = ["finished", "max_turns_reached"] as const;

/**
 * Eligibility for the tool-call cohort plots, as in the authors' scripts: a run that
 * ended normally or hit the turn limit, made at least one call, on a task with facts.
 */
export function isCohortEligible(sample: {
  status: string;
  toolCalls: number;
  factCount: number;
}): boolean {
  return (
    (COHORT_STATUSES as readonly string[]).includes(sample.status) &&
    sample.toolCalls >= 1 &&
    sample.factCount > 0
  );
}

export interface FcrBin {
  /** Smallest and largest FCR in the bin (inclusive): the bin is exactly the samples in this range. */
  fcrMin: number;
  fcrMax: number;
  n: number;
  meanFcr: number;
  pass1: number;
}

export interface FcrPassBins {
  bins: FcrBin[];
  binsRequested: number;
  binsFormed: number;
  cohort: number;
}

/**
 * Equal-frequency bins over FCR that never split equal values. Samples are sorted by
 * FCR and taken in runs of equal FCR; a bin closes once it reaches the next cumulative
 * boundary i·n/B. Heavy ties (many samples at FCR 0) therefore give fewer, larger bins,
 * and `binsFormed` says how many there are.
 */
export function fcrPassBins(points: readonly FcrPassPoint[], binsRequested: number): FcrPassBins {
  const requested = Math.max(1, Math.floor(binsRequested));
  const sorted = [...points].sort((a, b) => a.fcr - b.fcr);
  const n = sorted.length;
  const bins: FcrBin[] = [];
  let start = 0;
  let boundary = 1;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && sorted[j].fcr === sorted[i].fcr) j++;
    i = j;
    if (i >= (boundary * n) / requested || i === n) {
      bins.push(binOf(sorted.slice(start, i)));
      start = i;
      while (boundary * n <= i * requested) boundary++;
    }
  }
  return { bins, binsRequested: requested, binsFormed: bins.length, cohort: n };
}

function binOf(members: readonly FcrPassPoint[]): FcrBin {
  let fcrSum = 0;
  let correct = 0;
  for (const m of members) {
    fcrSum += m.fcr;
    if (m.correct) correct++;
  }
  return {
    fcrMin: members[0].fcr,
    fcrMax: members[members.length - 1].fcr,
    n: members.length,
    meanFcr: fcrSum / members.length,
    pass1: correct / members.length,
  };
}

export interface DeltaFactsPoint {
  k: number;
  n: number;
  meanNewFacts: number;
  p25: number;
  p75: number;
  /** n(k) below the threshold: drawn at reduced opacity. */
  lowN: boolean;
}

export interface DeltaFacts {
  cohort: number;
  kCohort: number;
  nThreshold: number;
  points: DeltaFactsPoint[];
}

/**
 * Δfacts(k): cohort = samples with ToolCalls ≥ kCohort; for k = 1..max ToolCalls,
 * n(k) = cohort samples with ToolCalls ≥ k, and the mean (and interquartile range) of
 * the number of facts first covered at call k over those n(k) samples.
 */
export function deltaFacts(
  samples: readonly CallSeriesSample[],
  kCohort: number,
  nThreshold: number,
): DeltaFacts {
  const cohort = samples.filter((s) => s.toolCalls >= kCohort);
  const kMax = cohort.reduce((max, s) => Math.max(max, s.toolCalls), 0);
  // One pass over the cohort into per-k histograms (new-fact counts are a few distinct
  // small integers), instead of collecting and sorting n(k) values for every k: the
  // plot must stay well under 300 ms at 100,000+ samples.
  const histograms: Map<number, number>[] = Array.from({ length: kMax }, () => new Map());
  for (const s of cohort) {
    for (let k = 1; k <= s.toolCalls; k++) {
      const value = s.newFactsByCall[k - 1] ?? 0;
      const histogram = histograms[k - 1];
      histogram.set(value, (histogram.get(value) ?? 0) + 1);
    }
  }
  const points: DeltaFactsPoint[] = histograms.map((histogram, i) => {
    const values = [...histogram.keys()].sort((a, b) => a - b);
    const counts = values.map((v) => histogram.get(v)!);
    const n = counts.reduce((acc, c) => acc + c, 0);
    const sum = values.reduce((acc, v, j) => acc + v * counts[j], 0);
    return {
      k: i + 1,
      n,
      meanNewFacts: sum / n,
      p25: quantileOfHistogram(values, counts, n, 0.25),
      p75: quantileOfHistogram(values, counts, n, 0.75),
      lowN: n < nThreshold,
    };
  });
  return { cohort: cohort.length, kCohort, nThreshold, points };
}

/** The type-7 quantile (as `quantileSorted` in bootstrap.ts) of the n values a histogram holds (sorted distinct values, their counts). */
function quantileOfHistogram(
  values: readonly number[],
  counts: readonly number[],
  n: number,
  q: number,
): number {
  const pos = (n - 1) * q;
  const lower = Math.floor(pos);
  const upper = Math.ceil(pos);
  const at = (index: number) => {
    let seen = 0;
    for (let j = 0; j < values.length; j++) {
      seen += counts[j];
      if (index < seen) return values[j];
    }
    return values[values.length - 1];
  };
  const lo = at(lower);
  return lo + (at(upper) - lo) * (pos - lower);
}

export interface TruncatedPoint {
  k: number;
  fcr: number;
  hitPrec: number;
}

export interface TruncatedCurves {
  cohort: number;
  kTrunc: number;
  points: TruncatedPoint[];
}

/**
 * FCR(k) and HitPrec(k) over the fixed cohort ToolCalls ≥ kTrunc, for k = 1..kTrunc:
 * FCR(k) = mean of |H≤k ∩ F| / |F|; HitPrec(k) = mean of hits(≤k) / k.
 */
export function truncatedCurves(
  samples: readonly CallSeriesSample[],
  kTrunc: number,
): TruncatedCurves {
  const cohort = samples.filter((s) => s.toolCalls >= kTrunc && s.factCount > 0);
  if (cohort.length === 0 || kTrunc < 1) return { cohort: cohort.length, kTrunc, points: [] };
  // One pass per sample, accumulating each k's sums: the per-k sums still add the
  // samples in cohort order, so the figures are those of a pass per k.
  const fcrSums = new Float64Array(kTrunc);
  const precisionSums = new Float64Array(kTrunc);
  for (const s of cohort) {
    let covered = 0;
    let hits = 0;
    for (let k = 1; k <= kTrunc; k++) {
      covered += s.newFactsByCall[k - 1] ?? 0;
      hits += s.hitsByCall[k - 1] ?? 0;
      fcrSums[k - 1] += covered / s.factCount;
      precisionSums[k - 1] += hits / k;
    }
  }
  const points: TruncatedPoint[] = Array.from({ length: kTrunc }, (_, i) => ({
    k: i + 1,
    fcr: fcrSums[i] / cohort.length,
    hitPrec: precisionSums[i] / cohort.length,
  }));
  return { cohort: cohort.length, kTrunc, points };
}
