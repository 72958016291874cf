import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import type { RawSearchParams } from "@/lib/url/search-params";
import { LeaderboardView, leaderboardTitle } from "./_views/LeaderboardView";

type Props = { params: Promise<{ benchmark: string }>; searchParams: Promise<RawSearchParams> };

function benchmarkId(raw: string): BenchmarkId {
  if (!Object.hasOwn(BENCHMARKS, raw)) notFound();
  return raw as BenchmarkId;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { benchmark } = await params;
  return { title: leaderboardTitle(benchmark) };
}

/**
 * Rendered on demand for visitors with a session (admin, uploader); everyone else gets
 * the cached copy in app/public-cache (see proxy.ts).
 */
export default async function LeaderboardPage({ params, searchParams }: Props) {
  const id = benchmarkId((await params).benchmark);
  await connection();
  return <LeaderboardView id={id} searchParams={await searchParams} />;
}
