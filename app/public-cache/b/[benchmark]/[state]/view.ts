import { cache } from "react";
import { getDb } from "@/db/client";
import { unknownBoardParam, type UnknownBoardParam } from "@/db/queries/board-params";
import { isBenchmarkId, type BenchmarkId } from "@/lib/benchmarks/registry";
import { searchParamsOfState } from "@/lib/url/public-cache";
import type { RawSearchParams } from "@/lib/url/search-params";

/** The leaderboard view a cached copy's segments stand for; null when there is no such benchmark or the state is not one the proxy makes. */
export interface CachedBoardView {
  id: BenchmarkId;
  searchParams: RawSearchParams;
  /** A parameter picking no view of the board: the page is a 404 that names it. */
  unknown: UnknownBoardParam | null;
}

/** Read once per render, by the page (which decides the 404) and the layout (which says why). */
export const cachedBoardView = cache(
  async (benchmark: string, state: string): Promise<CachedBoardView | null> => {
    const searchParams = searchParamsOfState(state);
    if (!isBenchmarkId(benchmark) || searchParams === null) return null;
    return {
      id: benchmark,
      searchParams,
      unknown: await unknownBoardParam(await getDb(), benchmark, "leaderboard", searchParams),
    };
  },
);
