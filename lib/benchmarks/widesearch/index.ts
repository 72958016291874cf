/** WideSearch: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { wideSearchBoard } from "./board";
import { wideSearchMetricsReport } from "./metrics-report";
import { wideSearchDemo } from "./demo";
import { wideSearchImporter } from "./ingest";

export const wideSearchModule = {
  id: "widesearch",
  name: "WideSearch",
  navLabel: "WideSearch",
  description:
    "Broad information seeking: agents fill a whole table (every row and column) from the web; scored row by row and cell by cell against a gold table (success rate, row and item F1, Avg@N / Pass@N / Max@N).",
  compare: {
    metric: "Success rate",
    outcome: "the run's table matches the gold table entirely (success)",
    dimensions: [{ key: "language", label: "Language", order: ["en", "zh"] }],
    fcr: false,
  },

  // Importing: manifest, importer, demo data
  demo: wideSearchDemo,
  metricsReport: wideSearchMetricsReport,
  seekboardFormat: null,
  importer: wideSearchImporter,

  // Stored figures, aggregates, re-evaluation

  // Leaderboard and diagnostics
  board: wideSearchBoard,

  // Judging, failure tags and hints
} as const satisfies BenchmarkModule<"widesearch">;
