/** WideSearch: what it is and how its pages show it; client-safe (no Node-only code). */
import { wideSearchFailureModes } from "./failure-modes";
import type { BenchmarkInfo } from "../types";
import { wideSearchBoard } from "./board";
import { wideSearchTaxonomy } from "./taxonomy";
import { wideSearchPublishedTasks } from "./tasks";
import { wideSearchReview } from "./review";

export const wideSearchInfo = {
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
  board: wideSearchBoard,
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
  filterExample: 'language:zh calls<5 tag:"Incomplete Query Decomposition"',
  hints: { toolFreeSettings: [], toolFreeSample: null, toolLimitExceeded: null },
  review: wideSearchReview,
  failureModes: wideSearchFailureModes,
} as const satisfies BenchmarkInfo<"widesearch">;
