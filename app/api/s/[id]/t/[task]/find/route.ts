import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { getDb } from "@/db/client";
import { sampleOfSubmission, sampleSteps } from "@/db/queries/trajectory";
import { canViewSubmission } from "@/lib/auth/visibility";
import { FIND_MAX_CHARS, findInSteps, stepPageOf } from "@/lib/trajectory/reading";

/**
 * GET /api/s/<id>/t/<task>/find?run=N&q=<phrase> — the steps of a sample whose texts hold the
 * phrase (ignoring case, literal): `{q, total, matches: [{ordinal, kind, count, page}]}`, in
 * step order. The transcript search asks here because the page holds only the steps' rows.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string; task: string }> },
) {
  await connection();
  // Next has decoded the task segment (the proxy refused invalid encoding).
  const { id, task: taskKey } = await params;
  const search = new URL(request.url).searchParams;
  const run = search.get("run") ?? "0";
  const phrase = search.get("q") ?? "";
  if (!/^\d+$/.test(id) || !/^\d+$/.test(run)) {
    return NextResponse.json({ error: "submission id and run must be numbers" }, { status: 400 });
  }
  if (phrase.trim() === "" || phrase.length > FIND_MAX_CHARS) {
    return NextResponse.json(
      { error: `q must be 1 to ${FIND_MAX_CHARS} characters` },
      { status: 400 },
    );
  }
  const db = await getDb();
  const found = await sampleOfSubmission(db, Number(id), taskKey, Number(run));
  if (!found || !canViewSubmission(found.submission, await viewerOfRequest(request))) {
    return NextResponse.json(
      { error: `no sample ${taskKey} run ${run} in submission ${id}` },
      { status: 404 },
    );
  }
  const matches = findInSteps(await sampleSteps(db, found.sampleId), phrase).map((m) => ({
    ...m,
    page: stepPageOf(m.ordinal),
  }));
  return NextResponse.json({
    q: phrase,
    total: matches.reduce((sum, m) => sum + m.count, 0),
    matches,
  });
}
