import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getDb } from "@/db/client";
import { searchSteps, SEARCH_PAGE_SIZE } from "@/db/queries/step-search";
import { StepSearchView } from "@/components/search/StepSearchView";
import { BoardHeader } from "@/components/leaderboard/BoardHeader";
import { BENCHMARKS, isBenchmarkId } from "@/lib/benchmarks/registry";
import { parseSearchRequest } from "@/lib/search/request";
import type { RawSearchParams } from "@/lib/url/search-params";
import { currentViewer } from "@/server/auth";

type Props = { params: Promise<{ benchmark: string }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { benchmark } = await params;
  return { title: isBenchmarkId(benchmark) ? `${BENCHMARKS[benchmark].name} search` : "Search" };
}

/** Search across a board's trajectories (GET /api/search's query, as a page). */
export default async function SearchPage({ params, searchParams }: Props) {
  const { benchmark } = await params;
  if (!isBenchmarkId(benchmark)) notFound();
  await connection();
  const raw = await searchParams;
  const query = new URLSearchParams();
  for (const [key, values] of Object.entries(raw))
    for (const value of [values ?? []].flat()) query.append(key, value);
  query.set("benchmark", benchmark);
  const q = query.get("q") ?? "";
  const parsed = q.trim() === "" ? null : parseSearchRequest(query);
  const found =
    parsed?.ok === true
      ? await searchSteps(
          await getDb(),
          await currentViewer(),
          { ...parsed.request, benchmark },
          parsed.request.clauses,
          parsed.request.page,
        )
      : null;
  const terms =
    parsed?.ok === true
      ? parsed.request.clauses.flatMap((c) => (c.field === "step" && !c.negated ? [c.value] : []))
      : [];
  return (
    <div>
      <BoardHeader id={benchmark} name={BENCHMARKS[benchmark].name} page="search">
        Search the stored steps of every run on this board.
      </BoardHeader>
      <StepSearchView
        action={`/b/${benchmark}/search`}
        q={q}
        error={parsed?.ok === false ? parsed.error.message : null}
        total={found?.total ?? null}
        hits={found?.hits ?? []}
        terms={terms}
        page={parsed?.ok === true ? parsed.request.page : 1}
        pageSize={SEARCH_PAGE_SIZE}
      />
    </div>
  );
}
