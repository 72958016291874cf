/** WebDetective: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { webDetectiveBoard } from "./board";
import { webDetectiveFormat } from "./bundle-format";
import { webDetectiveMetricsReport } from "./metrics-report";
import { webDetectiveDemo } from "./demo";
import { webDetectiveImporter } from "./ingest";

export const webDetectiveModule = {
  id: "webdetective",
  name: "WebDetective",
  navLabel: "WebDetective",
  description:
    "Hint-free multi-hop questions with controlled evidence chains: separates knowledge sufficiency (search or parametric) from generation — Knowledge, Search and Generation scores, good refusal, knowledge utilization, forget and lead-astray.",
  compare: {
    metric: "Pass@1",
    outcome: "attempted and judged correct (a refusal is never correct)",
    dimensions: [],
    fcr: false,
  },

  // Importing: manifest, importer, demo data
  demo: webDetectiveDemo,
  metricsReport: webDetectiveMetricsReport,
  seekboardFormat: webDetectiveFormat,
  importer: webDetectiveImporter,

  // Stored figures, aggregates, re-evaluation

  // Leaderboard and diagnostics
  board: webDetectiveBoard,

  // Judging, failure tags and hints
} as const satisfies BenchmarkModule<"webdetective">;
