/** What a comparison shows for each benchmark: its primary metric, its splits, its secondary figures. */

export const COMPARE_BENCHMARKS = ["mpw", "widesearch", "webdetective", "evobrowsecomp", "infomosaic", "qa"] as const;
export type CompareBenchmark = (typeof COMPARE_BENCHMARKS)[number];

export interface SplitDimension {
  key: string;
  label: string;
  /** Display order of the values, when the benchmark has one. */
  order?: readonly string[];
}

export interface CompareProfile {
  /** The primary metric's name, in the benchmark's words. */
  metric: string;
  /** What one run's 0/1 outcome is. */
  outcome: string;
  dimensions: readonly SplitDimension[];
  /** Fact coverage rate per sample (MPW only). */
  fcr: boolean;
}

const PROFILES: Record<CompareBenchmark, CompareProfile> = {
  mpw: {
    metric: "Pass@1",
    outcome: "the judge's verdict (samples.correct)",
    dimensions: [
      { key: "tier", label: "Tier", order: ["easy", "medium", "hard"] },
      { key: "category", label: "Category" },
    ],
    fcr: true,
  },
  widesearch: {
    metric: "Success rate",
    outcome: "the run's table matches the gold table entirely (success)",
    dimensions: [{ key: "language", label: "Language", order: ["en", "zh"] }],
    fcr: false,
  },
  webdetective: {
    metric: "Pass@1",
    outcome: "attempted and judged correct (a refusal is never correct)",
    dimensions: [],
    fcr: false,
  },
  evobrowsecomp: {
    metric: "Accuracy",
    outcome: "the judge's verdict",
    dimensions: [
      { key: "language", label: "Language", order: ["en", "zh"] },
      { key: "domain", label: "Domain" },
    ],
    fcr: false,
  },
  infomosaic: {
    metric: "Accuracy",
    outcome: "score 2 (exactly correct; score 1 counts as wrong)",
    dimensions: [{ key: "domain", label: "Domain", order: ["map", "bio", "financial", "web", "video", "multidomain"] }],
    fcr: false,
  },
  qa: {
    metric: "Accuracy",
    outcome: "the judge's verdict",
    dimensions: [],
    fcr: false,
  },
};

export function isCompareBenchmark(value: string): value is CompareBenchmark {
  return (COMPARE_BENCHMARKS as readonly string[]).includes(value);
}

export function compareProfile(benchmark: CompareBenchmark): CompareProfile {
  return PROFILES[benchmark];
}
