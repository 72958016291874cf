/** The views of webdetective's pages. */
import { reportBoardViews } from "@/components/leaderboard/reportBoardViews";
import { webDetectiveModule } from "@/lib/benchmarks/webdetective";
import type { BenchmarkViews } from "../types";
import { WebDetectivePlots } from "./Diagnostics";
import { WebDetectiveSample } from "./Sample";
import { WebDetectiveSubmission } from "./Submission";

export const webDetectiveViews: BenchmarkViews<"webdetective"> = {
  id: "webdetective",

  // Leaderboard and diagnostics
  ...reportBoardViews(webDetectiveModule, {
    intro:
      "Multi-hop questions without hints. Each sample's evidence chain tells whether the agent had the knowledge (found by search, or known: probed correctly); the scores separate finding knowledge from using it — and refusing when it is missing.",
    Plots: WebDetectivePlots,
    // The paper's plots stay under the table, where this board's readers have always found them.
    plotsOnLeaderboard: true,
  }),

  // Submission and sample
  Submission: WebDetectiveSubmission,
  Sample: WebDetectiveSample,
};
