/** WideSearch: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { wideSearchBoard } from "./board";
import { wideSearchMetricsReport } from "./metrics-report";
import { wideSearchDemo } from "./demo";
import { wideSearchImporter } from "./ingest";
import { rescoreWideSearch, wideSearchGoldTable, wideSearchJudge } from "./judge";
import { wideSearchAggregateRows } from "./splits";
import { wideSearchSampleMetricsSchema } from "./stored";
import { wideSearchTaxonomy } from "./taxonomy";
import { wideSearchPublishedTasks } from "./tasks";
import { wideSearchTaskFile } from "./task-file";
import { wideSearchReview } from "./review";

export const wideSearchModule = {
  id: "widesearch",
  name: "WideSearch",
  navLabel: "WideSearch",
  description:
    "Broad information seeking: agents fill a whole table (every row and column) from the web; scored row by row and cell by cell against a gold table (success rate, row and item F1, Avg@N / Pass@N / Max@N).",
  compare: {
    metric: "Success rate",
    outcome: "the run's table matches the gold table entirely (success)",
    dimensions: [
      { key: "language", label: "Language", order: ["en", "zh"], from: { task: "language" } },
    ],
    fcr: false,
    outcomeFrom: { sample: "correct" },
    // Results-only submissions (evaluation CSVs) do not say how many calls a run made.
    toolCallsFrom: { sample: "tool_calls", unlessNull: "searchCalls" },
  },

  // Importing: manifest, importer, demo data
  demo: wideSearchDemo,
  metricsReport: wideSearchMetricsReport,
  taskFile: wideSearchTaskFile,
  seekboardFormat: null,
  bundleExport: {
    unavailable:
      "WideSearch takes its own files (a tasks file, the agent's response tables or the per-run evaluations, the gold tables), not the Seekboard bundle format, and the export does not write those files back",
  },
  importer: wideSearchImporter,

  // Stored figures, aggregates, re-evaluation
  storedSampleSchema: wideSearchSampleMetricsSchema,
  aggregate: { readsDetail: false, rows: wideSearchAggregateRows },
  reeval: {
    withVerdict: (metrics, change) => ({ ...metrics, success: change.correct }),
    rescore: {
      run: rescoreWideSearch,
      note: "Re-scores the response table against the gold table with the rule metrics (llm_judge cells stay unscored).",
    },
    goldTable: wideSearchGoldTable,
  },

  // Leaderboard and diagnostics
  board: wideSearchBoard,

  // Judging, failure tags and hints
  judge: wideSearchJudge,
  taxonomy: wideSearchTaxonomy,
  standing: {
    protocolRuns: 4,
    minTasks: 20,
    publishedTasks: wideSearchPublishedTasks,
    toolCallLimit: null,
    trajectoryShare: 0.9,
    // Scored by its table rules; its few llm_judge cells are left unscored here.
    judgeDeclared: false,
  },
  hints: { toolFreeSettings: [], toolFreeSample: null, toolLimitExceeded: null },
  review: wideSearchReview,
} as const satisfies BenchmarkModule<"widesearch">;
