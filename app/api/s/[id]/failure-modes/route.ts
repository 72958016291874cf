import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { errorResponse, routeId } from "@/server/api";
import { getDb } from "@/db/client";
import { submissionFailureModes } from "@/db/queries/failure-modes";
import { getSubmission } from "@/db/queries/submissions";
import { canViewSubmission } from "@/lib/auth/visibility";

/**
 * GET /api/s/<id>/failure-modes
 * `{"failed", "modes": [{"mode", "label", "count", "share", "ci": [lo, hi]}]}`: each of the
 * benchmark's failure modes with the failed runs that carry it, its share of the failed runs
 * and a 95% seeded bootstrap interval (share and ci null when no run failed). A run may carry
 * several modes; one no rule explains is "unexplained". Seen by whoever may see the submission.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const submissionId = routeId(id);
  if (submissionId === null) return errorResponse(400, "submission id must be a number");
  const db = await getDb();
  const submission = await getSubmission(db, submissionId);
  if (!submission || !canViewSubmission(submission, await viewerOfRequest(request)))
    return errorResponse(404, `no submission ${id}`);
  return NextResponse.json(await submissionFailureModes(db, submission));
}
