/** The views of evobrowsecomp's pages. */
import { reportBoardViews } from "@/components/leaderboard/reportBoardViews";
import { evoBrowseCompModule } from "@/lib/benchmarks/evobrowsecomp";
import type { BenchmarkViews } from "../types";
import { EvoPlots } from "./Diagnostics";
import { EvoBrowseCompSample } from "./Sample";
import { EvoBrowseCompSubmission } from "./Submission";

export const evoBrowseCompViews: BenchmarkViews<"evobrowsecomp"> = {
  id: "evobrowsecomp",

  // Leaderboard and diagnostics
  ...reportBoardViews(evoBrowseCompModule, {
    intro:
      "BrowseComp-style questions regenerated over time: a board holds one benchmark version only. Accuracy is the mean over runs; the exceed ratio is the share of tool-based runs that hit the tool-call limit.",
    Plots: EvoPlots,
    // The paper's plots stay under the table, where this board's readers have always found them.
    plotsOnLeaderboard: true,
  }),

  // Submission and sample
  Submission: EvoBrowseCompSubmission,
  Sample: EvoBrowseCompSample,
};
