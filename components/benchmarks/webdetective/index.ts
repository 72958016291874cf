/** The views of webdetective's pages. */
import type { BenchmarkViews } from "../types";

export const webDetectiveViews: BenchmarkViews<"webdetective"> = {
  id: "webdetective",

  // Leaderboard and diagnostics

  // Submission and sample
};
