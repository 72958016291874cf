import type { RawSearchParams } from "@/lib/url/search-params";

/** How a benchmark's two board pages read their data for the URL's state; the views only show it. */
export interface BoardLoaders<Leaderboard, Diagnostics> {
  leaderboard(searchParams: RawSearchParams): Promise<Leaderboard>;
  diagnostics(searchParams: RawSearchParams): Promise<Diagnostics>;
}
