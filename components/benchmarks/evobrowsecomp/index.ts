/** The views of evobrowsecomp's pages. */
import type { BenchmarkViews } from "../types";
import { EvoBrowseCompSample } from "./Sample";
import { EvoBrowseCompSubmission } from "./Submission";

export const evoBrowseCompViews: BenchmarkViews<"evobrowsecomp"> = {
  id: "evobrowsecomp",

  // Leaderboard and diagnostics

  // Submission and sample
  Submission: EvoBrowseCompSubmission,
  Sample: EvoBrowseCompSample,
};
