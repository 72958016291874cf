/** EvoBrowseComp: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { evoBrowseCompBoard } from "./board";
import { evoBrowseCompFormat } from "./bundle-format";
import { evoBrowseCompMetricsReport } from "./metrics-report";
import { evoBrowseCompDemo } from "./demo";
import { evoBrowseCompImporter } from "./ingest";

export const evoBrowseCompModule = {
  id: "evobrowsecomp",
  name: "EvoBrowseComp",
  navLabel: "EvoBrowseComp",
  description:
    "A BrowseComp-style set that regenerates its questions over time: accuracy in English and Chinese, with and without tools, averaged over three runs, and the share of runs that hit the tool-call limit. One leaderboard per benchmark version.",
  compare: {
    metric: "Accuracy",
    outcome: "the judge's verdict",
    dimensions: [
      { key: "language", label: "Language", order: ["en", "zh"] },
      { key: "domain", label: "Domain" },
    ],
    fcr: false,
  },

  // Importing: manifest, importer, demo data
  demo: evoBrowseCompDemo,
  metricsReport: evoBrowseCompMetricsReport,
  seekboardFormat: evoBrowseCompFormat,
  importer: evoBrowseCompImporter,

  // Stored figures, aggregates, re-evaluation

  // Leaderboard and diagnostics
  board: evoBrowseCompBoard,

  // Judging, failure tags and hints
} as const satisfies BenchmarkModule<"evobrowsecomp">;
