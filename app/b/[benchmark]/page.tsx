import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { BENCHMARKS, type BenchmarkId } from "@/db/benchmarks";
import type { RawSearchParams } from "@/lib/url/search-params";
import { MpwLeaderboard } from "./_views/MpwLeaderboard";
import { WideSearchLeaderboard } from "./_views/WideSearchLeaderboard";
import { SeekboardLeaderboard } from "./_views/SeekboardLeaderboard";

type Props = { params: Promise<{ benchmark: string }>; searchParams: Promise<RawSearchParams> };

function benchmarkId(raw: string): BenchmarkId {
  if (!Object.hasOwn(BENCHMARKS, raw)) notFound();
  return raw as BenchmarkId;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { benchmark } = await params;
  return { title: Object.hasOwn(BENCHMARKS, benchmark) ? `${BENCHMARKS[benchmark as BenchmarkId].name} leaderboard` : "Leaderboard" };
}

/** Each benchmark reports different figures, so each has its own leaderboard view. */
export default async function LeaderboardPage({ params, searchParams }: Props) {
  const id = benchmarkId((await params).benchmark);
  await connection();
  const query = await searchParams;
  switch (id) {
    case "mpw":
      return <MpwLeaderboard searchParams={query} />;
    case "widesearch":
      return <WideSearchLeaderboard searchParams={query} />;
    case "webdetective":
    case "evobrowsecomp":
    case "infomosaic":
    case "qa":
      return <SeekboardLeaderboard board={id} searchParams={query} />;
  }
}
