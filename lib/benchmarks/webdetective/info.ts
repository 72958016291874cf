/** WebDetective: what it is and how its pages show it; client-safe (no Node-only code). */
import { webDetectiveFailureModes } from "./failure-modes";
import type { BenchmarkInfo } from "../types";
import { webDetectiveBoard } from "./board";
import { webDetectiveTaxonomy } from "./taxonomy";
import { webDetectiveReview } from "./review";

export const webDetectiveInfo = {
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
  board: webDetectiveBoard,
  taxonomy: webDetectiveTaxonomy,
  standing: {
    protocolRuns: 1,
    minTasks: 50,
    publishedTasks: () => null,
    toolCallLimit: null,
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  filterExample: 'correct:false tag:"Premature Satisfaction"',
  hints: { toolFreeSettings: [], toolFreeSample: null, toolLimitExceeded: null },
  review: webDetectiveReview,
  failureModes: webDetectiveFailureModes,
} as const satisfies BenchmarkInfo<"webdetective">;
