import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";
import { MpwLeaderboard } from "./MpwLeaderboard";
import { WideSearchLeaderboard } from "./WideSearchLeaderboard";
import { SeekboardLeaderboard } from "./SeekboardLeaderboard";

/** The page title for a benchmark id from the address (live and cached pages alike). */
export function leaderboardTitle(benchmark: string): string {
  return Object.hasOwn(BENCHMARKS, benchmark) ? `${BENCHMARKS[benchmark as BenchmarkId].name} leaderboard` : "Leaderboard";
}

/** Each benchmark reports different figures, so each has its own leaderboard view. */
export function LeaderboardView({ id, searchParams }: { id: BenchmarkId; searchParams: RawSearchParams }) {
  switch (id) {
    case "mpw":
      return <MpwLeaderboard searchParams={searchParams} />;
    case "widesearch":
      return <WideSearchLeaderboard searchParams={searchParams} />;
    case "webdetective":
    case "evobrowsecomp":
    case "infomosaic":
    case "qa":
      return <SeekboardLeaderboard board={id} searchParams={searchParams} />;
  }
}
