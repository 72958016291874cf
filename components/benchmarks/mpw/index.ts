/** The views of mpw's pages. */
import type { BenchmarkViews } from "../types";

export const mpwViews: BenchmarkViews<"mpw"> = {
  id: "mpw",

  // Leaderboard and diagnostics

  // Submission and sample
};
