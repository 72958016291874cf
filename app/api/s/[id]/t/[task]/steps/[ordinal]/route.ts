import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { getDb } from "@/db/client";
import { sampleOfSubmission, sampleStep } from "@/db/queries/trajectory";
import { canViewSubmission } from "@/lib/auth/visibility";

/**
 * GET /api/s/<id>/t/<task>/steps/<ordinal>?run=N — one step of a sample, whole (`{ordinal, step}`):
 * the trajectory page sends each step's row only and opens its body from here.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string; task: string; ordinal: string }> },
) {
  await connection();
  // Next has decoded the task segment (the proxy refused invalid encoding).
  const { id, task: taskKey, ordinal } = await params;
  const run = new URL(request.url).searchParams.get("run") ?? "0";
  if (!/^\d+$/.test(id) || !/^\d+$/.test(run) || !/^\d{1,9}$/.test(ordinal)) {
    return NextResponse.json(
      { error: "submission id, run and step ordinal must be numbers" },
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
  const step = await sampleStep(db, found.sampleId, Number(ordinal));
  if (!step)
    return NextResponse.json(
      { error: `sample ${taskKey} run ${run} has no step ${ordinal}` },
      { status: 404 },
    );
  return NextResponse.json({ ordinal: Number(ordinal), step });
}
