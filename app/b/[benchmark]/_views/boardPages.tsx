import type { ReactNode } from "react";
import type { BenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";
import { BENCHMARK_VIEWS, BOARD_LOADERS } from "@/server/benchmarks";

/** A benchmark's leaderboard for the URL's state: its loader reads, its view shows. */
export async function leaderboardPage<Id extends BenchmarkId>(
  id: Id,
  searchParams: RawSearchParams,
): Promise<ReactNode> {
  const data = await BOARD_LOADERS[id].leaderboard(searchParams);
  const { Leaderboard } = BENCHMARK_VIEWS[id];
  return <Leaderboard data={data} searchParams={searchParams} />;
}

/** A benchmark's diagnostics page for the URL's state. */
export async function diagnosticsPage<Id extends BenchmarkId>(
  id: Id,
  searchParams: RawSearchParams,
): Promise<ReactNode> {
  const data = await BOARD_LOADERS[id].diagnostics(searchParams);
  const { Diagnostics } = BENCHMARK_VIEWS[id];
  return <Diagnostics data={data} searchParams={searchParams} />;
}
