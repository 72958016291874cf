import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getDb } from "@/db/client";
import { unknownBoardParam } from "@/db/queries/board-params";
import { BENCHMARKS, isBenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";
import { diagnosticsPage } from "../_views/boardPages";

type Props = { params: Promise<{ benchmark: string }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { benchmark } = await params;
  if (!isBenchmarkId(benchmark)) return { title: "Analysis" };
  await connection();
  // The 404's title says so too, not the board's.
  return {
    title: (await unknownBoardParam(await getDb(), benchmark, "diagnostics", await searchParams))
      ? "Not found"
      : `${BENCHMARKS[benchmark].name} analysis`,
  };
}

/** A benchmark's diagnostic plots, rendered on demand (proxy.ts validates leaderboards and trajectories only). */
export default async function DiagnosticsPage({ params, searchParams }: Props) {
  const { benchmark } = await params;
  if (!isBenchmarkId(benchmark)) notFound();
  await connection();
  const search = await searchParams;
  // An unknown version, dataset, setting or split: a 404 naming it (../not-found.tsx), never a silently different board.
  // The board is read alongside the check; a 404 drops it.
  const [unknown, page] = await Promise.all([
    unknownBoardParam(await getDb(), benchmark, "diagnostics", search),
    diagnosticsPage(benchmark, search),
  ]);
  if (unknown) notFound();
  return page;
}
