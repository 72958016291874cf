/** The benchmarks Seekboard knows, with the words its pages use for them. */
export const BENCHMARKS = {
  mpw: {
    name: "MPW-Bench",
    description:
      "Mind-ParaWorld: search agents answer future-situated questions in a controlled parallel world whose atomic facts are known, so every query's fact hits can be scored (Pass@1, FCR, HitRate).",
  },
} as const;

export type BenchmarkId = keyof typeof BENCHMARKS;
