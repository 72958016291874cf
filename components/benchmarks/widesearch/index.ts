/** The views of widesearch's pages. */
import type { BenchmarkViews } from "../types";

export const wideSearchViews: BenchmarkViews<"widesearch"> = {
  id: "widesearch",

  // Leaderboard and diagnostics

  // Submission and sample
};
