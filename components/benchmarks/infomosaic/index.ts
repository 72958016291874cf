/** The views of infomosaic's pages. */
import type { BenchmarkViews } from "../types";

export const infoMosaicViews: BenchmarkViews<"infomosaic"> = {
  id: "infomosaic",

  // Leaderboard and diagnostics

  // Submission and sample
};
