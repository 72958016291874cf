/** EvoBrowseComp: what it is and how its pages show it; client-safe (no Node-only code). */
import { evoFailureModes } from "./failure-modes";
import type { BenchmarkInfo } from "../types";
import { evoBrowseCompBoard } from "./board";
import { evoReview } from "./review";

export const evoBrowseCompInfo = {
  id: "evobrowsecomp",
  name: "EvoBrowseComp",
  navLabel: "EvoBrowseComp",
  description:
    "A BrowseComp-style set that regenerates its questions over time: accuracy in English and Chinese, with and without tools, averaged over three runs, and the share of runs that hit the tool-call limit. One leaderboard per benchmark version.",
  compare: {
    metric: "Accuracy",
    outcome: "the judge's verdict",
    dimensions: [
      { key: "language", label: "Language", order: ["en", "zh"], from: { metric: "language" } },
      { key: "domain", label: "Domain", from: { sample: "category" } },
    ],
    fcr: false,
    outcomeFrom: { sample: "correct" },
    toolCallsFrom: { metric: "toolCalls" },
  },
  board: evoBrowseCompBoard,
  taxonomy: null,
  // Tool-based and tool-free runs share a submission: each sample says which it was.
  standing: {
    protocolRuns: 3,
    minTasks: 50,
    // Regenerated per version; the official question file is registered by an admin.
    publishedTasks: () => null,
    toolCallLimit: { calls: 40, source: "the paper's tool-call limit" },
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  filterExample: "language:zh hint:tool-limit",
  hints: {
    toolFreeSettings: [],
    toolFreeSample: { field: "setting", value: "tool-free" },
    toolLimitExceeded: "exceeded",
  },
  review: evoReview,
  failureModes: evoFailureModes,
} as const satisfies BenchmarkInfo<"evobrowsecomp">;
