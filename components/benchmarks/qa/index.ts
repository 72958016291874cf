/** The views of qa's pages. */
import type { BenchmarkViews } from "../types";

export const qaViews: BenchmarkViews<"qa"> = {
  id: "qa",

  // Leaderboard and diagnostics

  // Submission and sample
};
