/** The views of mpw's pages. */
import type { BenchmarkViews } from "../types";
import { MpwSample } from "./Sample";
import { MpwSubmission } from "./Submission";

export const mpwViews: BenchmarkViews<"mpw"> = {
  id: "mpw",

  // Leaderboard and diagnostics

  // Submission and sample
  Submission: MpwSubmission,
  Sample: MpwSample,
};
