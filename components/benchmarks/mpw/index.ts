/** The views of mpw's pages. */
import type { BenchmarkViews } from "../types";
import { MpwDiagnostics } from "./Diagnostics";
import { MpwLeaderboard } from "./Leaderboard";
import { MpwSample } from "./Sample";
import { MpwSubmission } from "./Submission";

export const mpwViews: BenchmarkViews<"mpw"> = {
  id: "mpw",

  // Leaderboard and diagnostics
  Leaderboard: MpwLeaderboard,
  Diagnostics: MpwDiagnostics,

  // Submission and sample
  Submission: MpwSubmission,
  Sample: MpwSample,
};
