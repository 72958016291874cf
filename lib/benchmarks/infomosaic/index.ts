/** InfoMosaic-Bench: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { infoMosaicBoard } from "./board";
import { infoMosaicMetricsReport } from "./metrics-report";
import { infoMosaicDemo } from "./demo";
import { infoMosaicImporter } from "./ingest";
import { infoMosaicJudge } from "./judge";
import {
  infoMosaicAggregateRows,
  infoMosaicStoredSampleSchema,
  infoMosaicWithVerdict,
} from "./stored";
import { infoMosaicTaxonomy } from "./taxonomy";
import { infoMosaicTaskFile } from "./task-file";
import { infoMosaicReview } from "./review";

export const infoMosaicModule = {
  id: "infomosaic",
  name: "InfoMosaic-Bench",
  navLabel: "InfoMosaic",
  description:
    "Multi-source information seeking across six domains (map, bio, financial, web, video, multi-domain), with web-only or domain-specific tools: accuracy (score 2), testcase pass rate, and how agents use their tools.",
  compare: {
    metric: "Accuracy",
    outcome: "score 2 (exactly correct; score 1 counts as wrong)",
    dimensions: [
      {
        key: "domain",
        label: "Domain",
        order: ["map", "bio", "financial", "web", "video", "multidomain"],
        from: { metric: "domain" },
      },
    ],
    fcr: false,
    outcomeFrom: { sample: "correct" },
    toolCallsFrom: { metric: "numToolCalls" },
  },

  // Importing: manifest, importer, demo data
  demo: infoMosaicDemo,
  metricsReport: infoMosaicMetricsReport,
  taskFile: infoMosaicTaskFile,
  seekboardFormat: null,
  bundleExport: {
    unavailable:
      "InfoMosaic-Bench takes its own evaluation files ({domain}_eval.jsonl), not the Seekboard bundle format, and the export does not write those files back",
  },
  importer: infoMosaicImporter,

  // Stored figures, aggregates, re-evaluation
  storedSampleSchema: infoMosaicStoredSampleSchema,
  // The tool-use plots read each trajectory's messages from the detail.
  aggregate: { readsDetail: true, rows: infoMosaicAggregateRows },
  reeval: { withVerdict: infoMosaicWithVerdict, rescore: "answer", goldTable: null },

  // Leaderboard and diagnostics
  board: infoMosaicBoard,

  // Judging, failure tags and hints
  judge: infoMosaicJudge,
  taxonomy: infoMosaicTaxonomy,
  // The agent without tools.
  standing: {
    protocolRuns: 1,
    minTasks: 50,
    publishedTasks: () => null,
    toolCallLimit: null,
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  hints: { toolFreeSettings: ["no-tool"], toolFreeSample: null, toolLimitExceeded: null },
  review: infoMosaicReview,
} as const satisfies BenchmarkModule<"infomosaic">;
