/** The views of webdetective's pages. */
import type { BenchmarkViews } from "../types";
import { WebDetectiveSample } from "./Sample";
import { WebDetectiveSubmission } from "./Submission";

export const webDetectiveViews: BenchmarkViews<"webdetective"> = {
  id: "webdetective",

  // Leaderboard and diagnostics

  // Submission and sample
  Submission: WebDetectiveSubmission,
  Sample: WebDetectiveSample,
};
