import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { getDb } from "@/db/client";
import { listSamples } from "@/db/queries/samples";
import { getSubmission } from "@/db/queries/submissions";
import { canViewSubmission } from "@/lib/auth/visibility";
import { parseFilter } from "@/lib/filter/parse";
import { parseSampleFilters, SAMPLE_PAGE_SIZE, sampleSortParam } from "@/lib/url/samples";

/**
 * GET /api/s/<id>/samples?verdict=&status=&tier=&category=&fcrMin=&fcrMax=&minCalls=&cohort=&q=&f=&sort=&page=
 * One page of a submission's samples, filtered and ordered exactly as the submission page
 * does (`f` in the filter language, `sort=<key>` or `sort=-<key>`). A query that does not
 * parse is a 400 naming its 0-based position; the page shows the same error and no rows.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  if (!/^\d+$/.test(id))
    return NextResponse.json({ error: "submission id must be a number" }, { status: 400 });
  const db = await getDb();
  const submission = await getSubmission(db, Number(id));
  if (!submission || !canViewSubmission(submission, await viewerOfRequest(request)))
    return NextResponse.json({ error: `no submission ${id}` }, { status: 404 });
  const filters = parseSampleFilters(Object.fromEntries(new URL(request.url).searchParams));
  const query = parseFilter(filters.f);
  if (!query.ok)
    return NextResponse.json(
      {
        errors: [
          {
            file: "request",
            line: null,
            field: "f",
            position: query.error.position,
            message: query.error.message,
          },
        ],
      },
      { status: 400 },
    );
  const { rows, total } = await listSamples(db, submission.id, filters);
  return NextResponse.json({
    submissionId: submission.id,
    benchmark: submission.benchmarkId,
    total,
    sort: sampleSortParam(filters.sort),
    page: filters.page,
    pageSize: SAMPLE_PAGE_SIZE,
    samples: rows.map(({ taskKey, ...row }) => ({ taskId: taskKey, ...row })),
  });
}
