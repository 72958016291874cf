import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { leaderboardPage } from "@/app/b/[benchmark]/_views/boardPages";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { cachedBoardView } from "./view";

type Props = { params: Promise<{ benchmark: string; state: string }> };

/**
 * The public leaderboard, cached: rendered on its first request, then served from the
 * page cache until a change in the app empties it (revalidatePath) or, for writes from
 * outside the server (CLI ingest), until it is `revalidate` seconds old.
 */
export const revalidate = 60;
export const dynamicParams = true;

export function generateStaticParams(): { benchmark: string; state: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { benchmark, state } = await params;
  const view = await cachedBoardView(benchmark, state);
  return {
    title: view === null || view.unknown ? "Not found" : `${BENCHMARKS[view.id].name} leaderboard`,
  };
}

/** A 404 for no such benchmark, a state the proxy does not make, or an unknown version, dataset, setting or split; ./layout.tsx says which. */
export default async function CachedLeaderboardPage({ params }: Props) {
  const { benchmark, state } = await params;
  const view = await cachedBoardView(benchmark, state);
  if (view === null || view.unknown) notFound();
  return leaderboardPage(view.id, view.searchParams);
}
