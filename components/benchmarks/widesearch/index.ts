/** The views of widesearch's pages. */
import type { BenchmarkViews } from "../types";
import { WideSearchDiagnostics } from "./Diagnostics";
import { WideSearchLeaderboard } from "./Leaderboard";

export const wideSearchViews: BenchmarkViews<"widesearch"> = {
  id: "widesearch",

  // Leaderboard and diagnostics
  Leaderboard: WideSearchLeaderboard,
  Diagnostics: WideSearchDiagnostics,

  // Submission and sample
};
