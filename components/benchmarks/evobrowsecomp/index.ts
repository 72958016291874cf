/** The views of evobrowsecomp's pages. */
import type { BenchmarkViews } from "../types";

export const evoBrowseCompViews: BenchmarkViews<"evobrowsecomp"> = {
  id: "evobrowsecomp",

  // Leaderboard and diagnostics

  // Submission and sample
};
