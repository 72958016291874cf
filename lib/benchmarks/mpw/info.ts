/** MPW-Bench: what it is and how its pages show it; client-safe (no Node-only code). */
import { mpwFailureModes } from "./failure-modes";
import type { BenchmarkInfo } from "../types";
import { mpwBoard } from "./board";
import { MPW_SETTINGS } from "./manifest";
import { mpwTaxonomy } from "./taxonomy";
import { mpwReview } from "./review";

export const mpwInfo = {
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
  settings: MPW_SETTINGS,
  board: mpwBoard,
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
  filterExample: 'status:max_turns_reached fcr<0.3 tier:hard tag:"Premature Stop"',
  hints: { toolFreeSettings: ["A"], toolFreeSample: null, toolLimitExceeded: null },
  review: mpwReview,
  failureModes: mpwFailureModes,
} as const satisfies BenchmarkInfo<"mpw">;
