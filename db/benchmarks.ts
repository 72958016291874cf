/** The benchmarks Seekboard knows, with the words its pages use for them. */
export const BENCHMARKS = {
  mpw: {
    name: "MPW-Bench",
    description:
      "Mind-ParaWorld: search agents answer future-situated questions in a controlled parallel world whose atomic facts are known, so every query's fact hits can be scored (Pass@1, FCR, HitRate).",
  },
  widesearch: {
    name: "WideSearch",
    description:
      "Broad information seeking: agents fill a whole table (every row and column) from the web; scored row by row and cell by cell against a gold table (success rate, row and item F1, Avg@N / Pass@N / Max@N).",
  },
} as const;

export type BenchmarkId = keyof typeof BENCHMARKS;
