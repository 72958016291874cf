import type { ReactNode } from "react";
import type { BenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";
import type { BoardData } from "@/server/benchmarks";

/** What a board page's view gets: what the page's loader read (server/benchmarks), and the URL's parameters. */
export interface BoardPageProps<Data> {
  data: Data;
  searchParams: RawSearchParams;
}

export type BoardView<Data> = (props: BoardPageProps<Data>) => ReactNode;

/** A benchmark's two board pages. */
export interface BoardViews<Leaderboard, Diagnostics> {
  Leaderboard: BoardView<Leaderboard>;
  Diagnostics: BoardView<Diagnostics>;
}
import type { SampleViewProps, SubmissionViewProps } from "./pages";

/** What each benchmark shows on its pages: one view per page, registered in server/benchmarks/index.ts. */
export interface BenchmarkViews<Id extends BenchmarkId = BenchmarkId> {
  readonly id: Id;

  // Leaderboard and diagnostics
  /** `/b/<id>`: the leaderboard, for the URL's state. */
  readonly Leaderboard: BoardView<BoardData[Id]["leaderboard"]>;
  /** `/b/<id>/analysis`: the diagnostic plots. */
  readonly Diagnostics: BoardView<BoardData[Id]["diagnostics"]>;

  // Submission and sample
  /** The submission page (/s/<id>): headline figures, breakdowns and the sample table. */
  readonly Submission: (props: SubmissionViewProps) => ReactNode;
  /** A sample's page (/s/<id>/t/<task>), also the public cached copy's. */
  readonly Sample: (props: SampleViewProps) => ReactNode;
}
