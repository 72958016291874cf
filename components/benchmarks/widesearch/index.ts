/** The views of widesearch's pages. */
import type { BenchmarkViews } from "../types";
import { WideSearchDiagnostics } from "./Diagnostics";
import { WideSearchLeaderboard } from "./Leaderboard";
import { WideSearchSample } from "./Sample";
import { WideSearchSubmission } from "./Submission";

export const wideSearchViews: BenchmarkViews<"widesearch"> = {
  id: "widesearch",

  // Leaderboard and diagnostics
  Leaderboard: WideSearchLeaderboard,
  Diagnostics: WideSearchDiagnostics,

  // Submission and sample
  Submission: WideSearchSubmission,
  Sample: WideSearchSample,
};
