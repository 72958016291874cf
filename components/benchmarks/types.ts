import type { BenchmarkId } from "@/lib/benchmarks/registry";

/** What each benchmark shows on its pages: one view per page, registered in ./views.ts. */
export interface BenchmarkViews<Id extends BenchmarkId = BenchmarkId> {
  readonly id: Id;

  // Leaderboard and diagnostics

  // Submission and sample
}
