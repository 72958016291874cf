/** WebDetective: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { webDetectiveBoard } from "./board";
import { webDetectiveFormat } from "./bundle-format";
import { webDetectiveExport } from "./export";
import { webDetectiveMetricsReport } from "./metrics-report";
import { webDetectiveDemo } from "./demo";
import { webDetectiveImporter } from "./ingest";
import { browseCompJudge } from "../../judges/grader";
import {
  webDetectiveAggregateRows,
  webDetectiveStoredSampleSchema,
  webDetectiveWithVerdict,
} from "./stored";
import { webDetectiveTaxonomy } from "./taxonomy";
import { webDetectiveReview } from "./review";

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
    // Pass@1 counts attempted-and-correct only: a refusal with a "correct" verdict is not correct.
    outcomeFrom: { metric: "response", equals: "correct" },
    toolCallsFrom: { metric: "toolCalls" },
  },

  // Importing: manifest, importer, demo data
  demo: webDetectiveDemo,
  metricsReport: webDetectiveMetricsReport,
  seekboardFormat: webDetectiveFormat,
  bundleExport: webDetectiveExport,
  importer: webDetectiveImporter,

  // Stored figures, aggregates, re-evaluation
  storedSampleSchema: webDetectiveStoredSampleSchema,
  aggregate: { readsDetail: false, rows: webDetectiveAggregateRows },
  reeval: { withVerdict: webDetectiveWithVerdict, rescore: "answer", goldTable: null },

  // Leaderboard and diagnostics
  board: webDetectiveBoard,

  // Judging, failure tags and hints
  // The paper prints no judge prompt of its own: answers are graded as the BrowseComp family's.
  judge: browseCompJudge,
  taxonomy: webDetectiveTaxonomy,
  standing: {
    protocolRuns: 1,
    minTasks: 50,
    publishedTasks: () => null,
    toolCallLimit: null,
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  hints: { toolFreeSettings: [], toolFreeSample: null, toolLimitExceeded: null },
  review: webDetectiveReview,
} as const satisfies BenchmarkModule<"webdetective">;
