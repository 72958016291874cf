import type { ReactNode } from "react";
import type { BenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";

/** What a board page's view gets: the URL's state. It reads its data itself and hands the leaves props. */
export interface BoardPageProps {
  searchParams: RawSearchParams;
}

/** A benchmark's two board pages. */
export interface BoardViews {
  Leaderboard: (props: BoardPageProps) => ReactNode;
  Diagnostics: (props: BoardPageProps) => ReactNode;
}
import type { SampleViewProps, SubmissionViewProps } from "./pages";

/** What each benchmark shows on its pages: one view per page, registered in ./views.ts. */
export interface BenchmarkViews<Id extends BenchmarkId = BenchmarkId> {
  readonly id: Id;

  // Leaderboard and diagnostics
  /** `/b/<id>`: the leaderboard, for the URL's state. */
  readonly Leaderboard: BoardViews["Leaderboard"];
  /** `/b/<id>/analysis`: the diagnostic plots. */
  readonly Diagnostics: BoardViews["Diagnostics"];

  // Submission and sample
  /** The submission page (/s/<id>): headline figures, breakdowns and the sample table. */
  readonly Submission: (props: SubmissionViewProps) => ReactNode;
  /** A sample's page (/s/<id>/t/<task>), also the public cached copy's. */
  readonly Sample: (props: SampleViewProps) => ReactNode;
}
