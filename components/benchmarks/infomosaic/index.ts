/** The views of infomosaic's pages. */
import type { BenchmarkViews } from "../types";
import { InfoMosaicSample } from "./Sample";
import { InfoMosaicSubmission } from "./Submission";

export const infoMosaicViews: BenchmarkViews<"infomosaic"> = {
  id: "infomosaic",

  // Leaderboard and diagnostics

  // Submission and sample
  Submission: InfoMosaicSubmission,
  Sample: InfoMosaicSample,
};
