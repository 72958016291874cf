/** The views of qa's pages. */
import { reportBoardViews } from "@/components/leaderboard/reportBoardViews";
import { qaModule } from "@/lib/benchmarks/qa";
import type { BenchmarkViews } from "../types";
import { QaCalibrationPlots } from "./Diagnostics";
import { QaSample } from "./Sample";
import { QaSubmission } from "./Submission";

export const qaViews: BenchmarkViews<"qa"> = {
  id: "qa",

  // Leaderboard and diagnostics
  ...reportBoardViews(qaModule, {
    intro:
      "Any BrowseComp-style QA set in the Seekboard bundle format. A board holds one dataset; accuracy is the mean over tasks of the mean over runs, and the calibration error compares stated confidence with accuracy.",
    Plots: QaCalibrationPlots,
    plotsOnLeaderboard: false,
  }),

  // Submission and sample
  Submission: QaSubmission,
  Sample: QaSample,
};
