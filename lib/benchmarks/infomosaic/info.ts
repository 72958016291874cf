/** InfoMosaic: what it is and how its pages show it; client-safe (no Node-only code). */
import { infoMosaicFailureModes } from "./failure-modes";
import type { BenchmarkInfo } from "../types";
import { infoMosaicBoard } from "./board";
import { infoMosaicTaxonomy } from "./taxonomy";
import { infoMosaicReview } from "./review";

export const infoMosaicInfo = {
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
  board: infoMosaicBoard,
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
  filterExample: 'category:map turns>5 tag:"Retrieval Miss"',
  hints: { toolFreeSettings: ["no-tool"], toolFreeSample: null, toolLimitExceeded: null },
  review: infoMosaicReview,
  failureModes: infoMosaicFailureModes,
} as const satisfies BenchmarkInfo<"infomosaic">;
