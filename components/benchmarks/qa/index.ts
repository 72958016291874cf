/** The views of qa's pages. */
import type { BenchmarkViews } from "../types";
import { QaSample } from "./Sample";
import { QaSubmission } from "./Submission";

export const qaViews: BenchmarkViews<"qa"> = {
  id: "qa",

  // Leaderboard and diagnostics

  // Submission and sample
  Submission: QaSubmission,
  Sample: QaSample,
};
