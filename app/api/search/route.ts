import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { getDb } from "@/db/client";
import { searchSteps } from "@/db/queries/step-search";
import { isBenchmarkId } from "@/lib/benchmarks/registry";
import { parseSearchRequest } from "@/lib/search/request";

/**
 * GET /api/search?benchmark=<id>&q=<query>[&version=][&dataset=][&s=<id>…][&page=]
 * The steps of a board's trajectories that the query's step terms (text:, query:, result:,
 * answer:) find, in runs for which its every clause holds: `{"total", "hits": [{"submissionId",
 * "taskId", "run", "ordinal", "kind", "snippet"}]}`, 50 hits a page. Anonymous visitors search
 * approved submissions only. A query that does not parse, or has no step term, is a 400 naming
 * its 0-based position.
 */
export async function GET(request: Request) {
  await connection();
  const parsed = parseSearchRequest(new URL(request.url).searchParams);
  if (!parsed.ok)
    return NextResponse.json(
      {
        errors: [
          {
            file: "request",
            line: null,
            field: parsed.error.field,
            position: parsed.error.position,
            message: parsed.error.message,
          },
        ],
      },
      { status: 400 },
    );
  const { benchmark, clauses, page, ...scope } = parsed.request;
  if (!isBenchmarkId(benchmark))
    return NextResponse.json({ error: `no benchmark ${benchmark}` }, { status: 404 });
  const db = await getDb();
  const { total, hits } = await searchSteps(
    db,
    await viewerOfRequest(request),
    { benchmark, ...scope },
    clauses,
    page,
  );
  return NextResponse.json({
    total,
    page,
    hits: hits.map(({ submissionId, taskId, run, ordinal, kind, snippet }) => ({
      submissionId,
      taskId,
      run,
      ordinal,
      kind,
      snippet,
    })),
  });
}
