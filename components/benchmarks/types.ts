import type { ReactNode } from "react";
import type { BenchmarkId } from "@/lib/benchmarks/registry";
import type { SampleViewProps, SubmissionViewProps } from "./pages";

/** What each benchmark shows on its pages: one view per page, registered in ./views.ts. */
export interface BenchmarkViews<Id extends BenchmarkId = BenchmarkId> {
  readonly id: Id;

  // Leaderboard and diagnostics

  // Submission and sample
  /** The submission page (/s/<id>): headline figures, breakdowns and the sample table. */
  readonly Submission: (props: SubmissionViewProps) => ReactNode;
  /** A sample's page (/s/<id>/t/<task>), also the public cached copy's. */
  readonly Sample: (props: SampleViewProps) => ReactNode;
}
