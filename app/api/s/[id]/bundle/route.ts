import { connection } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { errorResponse, routeId } from "@/server/api";
import { bundleZipResponse } from "@/server/bundle-zip";
import { getDb } from "@/db/client";
import { submissionExport } from "@/db/export";
import { getSubmission } from "@/db/queries/submissions";
import { canViewSubmission } from "@/lib/auth/visibility";

/**
 * GET /api/s/<id>/bundle
 * The submission as a Seekboard-format bundle, a `.zip` download that ingests back to the
 * same figures (docs/bundle-format.md, "Export"). Seen by whoever may see the submission;
 * 409 for a benchmark whose bundles are in its own format, naming why.
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
  const plan = submissionExport(submission);
  return plan.ok ? bundleZipResponse(db, plan) : errorResponse(409, plan.reason);
}
