import { connection } from "next/server";
import { getDb } from "@/db/client";
import { getRubricJob, listRubricResults, RUBRIC_SHOWS } from "@/db/queries/rubric";
import { toCsv } from "@/lib/export/csv";
import { describeScope } from "@/lib/rubric/scope";
import { errorResponse, routeId } from "@/server/api";
import { viewerOfRequest } from "@/server/auth";

/**
 * GET /api/rubric/{id}?show=match|no-match|unreadable|pending|all&format=json|csv
 * A rubric search's results (default `show=match`, `format=json`), to whoever may see each
 * run's submission (a visitor: approved submissions only; counts are of those):
 *   200 JSON {"id", "rubric", "status", "judge": {"model"}, "counts": {match, no-match,
 *        unreadable, pending, all}, "results": [{"submissionId", "model", "taskId", "run",
 *        "correct", "verdict", "reason", "citedSteps": [ordinal…], "droppedCitations"}]};
 *        the admin's adds "scope", "total", "done", "estimatedTokens", "error"
 *   200 CSV, one row a result (cited steps separated by spaces)
 *   400 an unknown `show` or `format` · 404 no such search
 */
const CSV_COLUMNS = [
  "submissionId",
  "model",
  "taskId",
  "run",
  "correct",
  "verdict",
  "reason",
  "citedSteps",
  "droppedCitations",
];

export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  await connection();
  const id = routeId((await params).id);
  const url = new URL(request.url);
  const show = RUBRIC_SHOWS.find((s) => s === (url.searchParams.get("show") ?? "match"));
  if (!show) return errorResponse(400, `show must be one of ${RUBRIC_SHOWS.join(", ")}`);
  const format = url.searchParams.get("format") ?? "json";
  if (format !== "json" && format !== "csv")
    return errorResponse(400, "format must be json or csv");
  const db = await getDb();
  const job = id === null ? null : await getRubricJob(db, id);
  if (!job) return errorResponse(404, "no such rubric search");
  const viewer = await viewerOfRequest(request);
  const { rows, counts } = await listRubricResults(db, job.id, viewer, show, null);
  const results = rows.map((row) => ({
    submissionId: row.submissionId,
    model: row.model,
    taskId: row.taskKey,
    run: row.run,
    correct: row.correct,
    verdict: row.verdict,
    reason: row.reason,
    citedSteps: row.cited.map((c) => c.ordinal),
    droppedCitations: row.dropped,
  }));
  const headers = { "Cache-Control": "no-store" };
  if (format === "csv")
    return new Response(
      toCsv(
        results.map((r) => ({ ...r, citedSteps: r.citedSteps.join(" ") })),
        CSV_COLUMNS,
      ),
      {
        headers: {
          ...headers,
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="rubric-${job.id}-${show}.csv"`,
        },
      },
    );
  return Response.json(
    {
      id: job.id,
      rubric: job.rubric,
      status: job.status,
      judge: { model: job.judge.model },
      ...(viewer.admin
        ? {
            scope: describeScope(job.scope),
            total: job.total,
            done: job.done,
            estimatedTokens: job.estimatedTokens,
            error: job.error,
          }
        : {}),
      counts,
      results,
    },
    { headers },
  );
}
