/** MPW-Bench: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { mpwBoard } from "./board";
import { mpwMetricsReport } from "./metrics-report";
import { mpwDemo } from "./demo";
import { mpwImporter } from "./ingest";

export const mpwModule = {
  id: "mpw",
  name: "MPW-Bench",
  navLabel: "MPW-Bench",
  description:
    "Mind-ParaWorld: search agents answer future-situated questions in a controlled parallel world whose atomic facts are known, so every query's fact hits can be scored (Pass@1, FCR, HitRate).",
  compare: {
    metric: "Pass@1",
    outcome: "the judge's verdict (samples.correct)",
    dimensions: [
      { key: "tier", label: "Tier", order: ["easy", "medium", "hard"] },
      { key: "category", label: "Category" },
    ],
    fcr: true,
  },

  // Importing: manifest, importer, demo data
  demo: mpwDemo,
  metricsReport: mpwMetricsReport,
  seekboardFormat: null,
  importer: mpwImporter,

  // Stored figures, aggregates, re-evaluation

  // Leaderboard and diagnostics
  board: mpwBoard,

  // Judging, failure tags and hints
} as const satisfies BenchmarkModule<"mpw">;
