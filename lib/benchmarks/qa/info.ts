/** QA (BrowseComp-style): what it is and how its pages show it; client-safe (no Node-only code). */
import { qaFailureModes } from "./failure-modes";
import type { BenchmarkInfo } from "../types";
import { qaBoard } from "./board";
import { answerJudgedReview } from "../review";

export const qaInfo = {
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
  board: qaBoard,
  taxonomy: null,
  standing: {
    protocolRuns: 1,
    minTasks: 50,
    publishedTasks: () => null,
    toolCallLimit: null,
    trajectoryShare: 0.9,
    judgeDeclared: true,
  },
  filterExample: "correct:false calls<2",
  hints: { toolFreeSettings: [], toolFreeSample: null, toolLimitExceeded: null },
  review: answerJudgedReview,
  failureModes: qaFailureModes,
} as const satisfies BenchmarkInfo<"qa">;
