/** QA (BrowseComp-style): everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { qaBoard } from "./board";
import { qaFormat } from "./bundle-format";
import { qaExport } from "./export";
import { qaMetricsReport } from "./metrics-report";
import { qaDemo } from "./demo";
import { qaImporter } from "./ingest";
import { browseCompJudge } from "../../judges/grader";
import { withJudgedVerdict } from "../judged-sample";
import { qaAggregateRows, qaStoredSampleSchema } from "./stored";
import { answerJudgedReview } from "../review";

export const qaModule = {
  id: "qa",
  name: "QA (BrowseComp-style)",
  navLabel: "QA",
  description:
    "Any BrowseComp-style question-answering set submitted in the Seekboard bundle format: accuracy with a bootstrap CI and the calibration error of the stated confidence, one board per dataset.",
  compare: {
    metric: "Accuracy",
    outcome: "the judge's verdict",
    dimensions: [],
    fcr: false,
    outcomeFrom: { sample: "correct" },
    toolCallsFrom: { metric: "toolCalls" },
  },

  // Importing: manifest, importer, demo data
  demo: qaDemo,
  metricsReport: qaMetricsReport,
  seekboardFormat: qaFormat,
  bundleExport: qaExport,
  importer: qaImporter,

  // Stored figures, aggregates, re-evaluation
  storedSampleSchema: qaStoredSampleSchema,
  aggregate: { readsDetail: false, rows: qaAggregateRows },
  reeval: { withVerdict: withJudgedVerdict, rescore: "answer", goldTable: null },

  // Leaderboard and diagnostics
  board: qaBoard,

  // Judging, failure tags and hints
  judge: browseCompJudge,
  taxonomy: null,
  standing: {
    protocolRuns: 1,
    minTasks: 50,
    publishedTasks: () => null,
    toolCallLimit: null,
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  hints: { toolFreeSettings: [], toolFreeSample: null, toolLimitExceeded: null },
  review: answerJudgedReview,
} as const satisfies BenchmarkModule<"qa">;
