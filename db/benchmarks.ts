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
  webdetective: {
    name: "WebDetective",
    description:
      "Hint-free multi-hop questions with controlled evidence chains: separates knowledge sufficiency (search or parametric) from generation — Knowledge, Search and Generation scores, good refusal, knowledge utilization, forget and lead-astray.",
  },
  evobrowsecomp: {
    name: "EvoBrowseComp",
    description:
      "A BrowseComp-style set that regenerates its questions over time: accuracy in English and Chinese, with and without tools, averaged over three runs, and the share of runs that hit the tool-call limit. One leaderboard per benchmark version.",
  },
  infomosaic: {
    name: "InfoMosaic-Bench",
    description:
      "Multi-source information seeking across six domains (map, bio, financial, web, video, multi-domain), with web-only or domain-specific tools: accuracy (score 2), testcase pass rate, and how agents use their tools.",
  },
  qa: {
    name: "QA (BrowseComp-style)",
    description:
      "Any BrowseComp-style question-answering set submitted in the Seekboard bundle format: accuracy with a bootstrap CI and the calibration error of the stated confidence, one board per dataset.",
  },
} as const;

export type BenchmarkId = keyof typeof BENCHMARKS;
