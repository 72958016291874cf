/** The views of mpw's pages. */
import type { BenchmarkViews } from "../types";
import { MpwDiagnostics } from "./Diagnostics";
import { MpwLeaderboard } from "./Leaderboard";

export const mpwViews: BenchmarkViews<"mpw"> = {
  id: "mpw",

  // Leaderboard and diagnostics
  Leaderboard: MpwLeaderboard,
  Diagnostics: MpwDiagnostics,

  // Submission and sample
};
