/** MPW-Bench: everything pure about the benchmark, as one module value. */
import type { BenchmarkModule } from "../types";
import { mpwBoard } from "./board";
import { mpwMetricsReport } from "./metrics-report";
import { mpwDemo } from "./demo";
import { mpwImporter } from "./ingest";
import { mpwAggregateRows } from "./aggregate";
import { mpwJudge } from "./judge";
import { rescoreMpw } from "./reeval";
import { mpwTaxonomy } from "./taxonomy";
import { mpwTaskFile } from "./task-file";
import { mpwReview } from "./review";

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
      { key: "tier", label: "Tier", order: ["easy", "medium", "hard"], from: { sample: "tier" } },
      { key: "category", label: "Category", from: { sample: "category" } },
    ],
    fcr: true,
    outcomeFrom: { sample: "correct" },
    toolCallsFrom: { sample: "tool_calls" },
  },

  // Importing: manifest, importer, demo data
  demo: mpwDemo,
  metricsReport: mpwMetricsReport,
  taskFile: mpwTaskFile,
  seekboardFormat: null,
  bundleExport: {
    unavailable:
      "MPW-Bench takes its own result records (a tasks file, judge fields and per-call hit logs), not the Seekboard bundle format, and the export does not write those records back",
  },
  importer: mpwImporter,

  // Stored figures, aggregates, re-evaluation
  storedSampleSchema: null,
  aggregate: { readsDetail: false, rows: mpwAggregateRows },
  // The verdict is the `correct` column; re-scoring re-reads the hit log (FCR, HitRate), not the verdict.
  reeval: {
    withVerdict: null,
    rescore: {
      run: rescoreMpw,
      note: "Re-reads the hit log against the task's atomic facts (FCR, HitRate, compound rate). The verdict stays the judge's.",
    },
    goldTable: null,
  },

  // Leaderboard and diagnostics
  board: mpwBoard,

  // Judging, failure tags and hints
  judge: mpwJudge,
  taxonomy: mpwTaxonomy,
  // Setting A gives the evidence in the prompt: no tools.
  standing: {
    protocolRuns: 1,
    minTasks: 100,
    // MPW publishes its tasks as a file (mpw_bench.jsonl): an admin registers it per version.
    publishedTasks: () => null,
    toolCallLimit: { calls: 32, source: "the paper's budget of 32 turns" },
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  hints: { toolFreeSettings: ["A"], toolFreeSample: null, toolLimitExceeded: null },
  review: mpwReview,
} as const satisfies BenchmarkModule<"mpw">;
