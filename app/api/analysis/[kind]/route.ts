import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { getDb } from "@/db/client";
import { analysisData, UnknownSubmissionError } from "@/db/queries/fact-plots";
import { hiddenSubmissionIds } from "@/db/queries/visibility";
import { toCsv } from "@/lib/export/csv";
import {
  ANALYSIS_KINDS,
  analysisOptionsSchema,
  isAnalysisKind,
  submissionIdsSchema,
} from "@/lib/url/analysis";

function badRequest(message: string, status = 400) {
  return NextResponse.json({ error: message }, { status });
}

/**
 * GET /api/analysis/<kind>?submissions=1,2&bins=15&kCohort=8&nThreshold=50&kTrunc=8[&format=csv]
 * The same JSON as `cli analysis <kind> <ids…> --json`.
 */
export async function GET(request: Request, { params }: { params: Promise<{ kind: string }> }) {
  await connection();
  const { kind } = await params;
  if (!isAnalysisKind(kind))
    return badRequest(`unknown analysis "${kind}"; one of ${ANALYSIS_KINDS.join(", ")}`, 404);
  const search = new URL(request.url).searchParams;
  const ids = submissionIdsSchema.safeParse(search.get("submissions") ?? "");
  if (!ids.success) return badRequest(ids.error.issues[0].message);
  const options = analysisOptionsSchema.safeParse({
    bins: search.get("bins") ?? undefined,
    kCohort: search.get("kCohort") ?? undefined,
    nThreshold: search.get("nThreshold") ?? undefined,
    kTrunc: search.get("kTrunc") ?? undefined,
  });
  if (!options.success) {
    const issue = options.error.issues[0];
    return badRequest(`${issue.path.join(".")}: ${issue.message}`);
  }
  const db = await getDb();
  const hidden = await hiddenSubmissionIds(db, ids.data, await viewerOfRequest(request));
  if (hidden.length) return badRequest(new UnknownSubmissionError(hidden).message, 404);
  let data;
  try {
    data = await analysisData(db, kind, ids.data, options.data);
  } catch (error) {
    if (error instanceof UnknownSubmissionError) return badRequest(error.message, 404);
    throw error;
  }
  if (search.get("format") === "csv") {
    const rows = data.kind === "fcr-pass1" ? data.bins : data.points;
    return new Response(toCsv(rows), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${kind}-${ids.data.join("_")}.csv"`,
      },
    });
  }
  return NextResponse.json(data);
}
