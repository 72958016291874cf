/** The views of infomosaic's pages. */
import { reportBoardViews } from "@/components/leaderboard/reportBoardViews";
import { infoMosaicModule } from "@/lib/benchmarks/infomosaic";
import type { BenchmarkViews } from "../types";
import { InfoMosaicPlots } from "./Diagnostics";
import { InfoMosaicSample } from "./Sample";
import { InfoMosaicSubmission } from "./Submission";

export const infoMosaicViews: BenchmarkViews<"infomosaic"> = {
  id: "infomosaic",

  // Leaderboard and diagnostics
  ...reportBoardViews(infoMosaicModule, {
    intro:
      "Questions that need several sources across six domains, answered with web-only or domain-specific tools. Accuracy counts exactly correct answers (score 2); pass rate is the share of a task's testcases the answer satisfies.",
    Plots: InfoMosaicPlots,
    // The paper's plots stay under the table, where this board's readers have always found them.
    plotsOnLeaderboard: true,
  }),

  // Submission and sample
  Submission: InfoMosaicSubmission,
  Sample: InfoMosaicSample,
};
