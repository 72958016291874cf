/** The views of widesearch's pages. */
import type { BenchmarkViews } from "../types";
import { WideSearchSample } from "./Sample";
import { WideSearchSubmission } from "./Submission";

export const wideSearchViews: BenchmarkViews<"widesearch"> = {
  id: "widesearch",

  // Leaderboard and diagnostics

  // Submission and sample
  Submission: WideSearchSubmission,
  Sample: WideSearchSample,
};
