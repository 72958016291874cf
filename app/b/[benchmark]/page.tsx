import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getDb } from "@/db/client";
import { unknownBoardParam } from "@/db/queries/board-params";
import { BENCHMARKS, isBenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";
import { leaderboardPage } from "./_views/boardPages";

type Props = { params: Promise<{ benchmark: string }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { benchmark } = await params;
  if (!isBenchmarkId(benchmark)) return { title: "Leaderboard" };
  await connection();
  // The 404's title says so too, not the board's.
  return {
    title: (await unknownBoardParam(await getDb(), benchmark, "leaderboard", await searchParams))
      ? "Not found"
      : `${BENCHMARKS[benchmark].name} leaderboard`,
  };
}

/** Rendered on demand; a visitor's copy is revalidated by proxy.ts without rendering while the data is unchanged. */
export default async function LeaderboardPage({ params, searchParams }: Props) {
  const { benchmark } = await params;
  if (!isBenchmarkId(benchmark)) notFound();
  await connection();
  const search = await searchParams;
  // An unknown version, dataset, setting or split: a 404 naming it (./not-found.tsx), never a silently different board.
  // The board is read alongside the check; a 404 drops it.
  const [unknown, page] = await Promise.all([
    unknownBoardParam(await getDb(), benchmark, "leaderboard", search),
    leaderboardPage(benchmark, search),
  ]);
  if (unknown) notFound();
  return page;
}
