import { getDb } from "@/db/client";
import { getUploadJob } from "@/db/jobs/upload-jobs";
import { errorResponse, routeId, unauthorizedResponse } from "@/server/api";
import { viewerOfRequest } from "@/server/auth";
import type { UploadJobAnswer } from "@/lib/submit/answer";

/**
 * GET /api/jobs/{id} — an upload's job, for its uploader (the team's token as Bearer, or the
 * cookie the upload left) and the admin:
 *   200 {"id", "state": "queued"|"running"|"done"|"failed", "progress": {"done", "total", "samples"},
 *        "result": the 201/200 answer once done, "errors" and "moreErrors": the 400's once failed}
 *   401 without credentials · 404 no such job, or not this viewer's
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const viewer = await viewerOfRequest(request);
  const id = routeId((await params).id);
  const job = id === null ? undefined : await getUploadJob(await getDb(), id);
  if (job && (viewer.admin || viewer.uploaderTokenId === job.uploaderTokenId)) {
    const body: UploadJobAnswer = {
      id: job.id,
      state: job.state,
      progress: job.progress,
      result: job.result,
      errors: job.errors,
      moreErrors: job.moreErrors,
    };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  }
  if (!viewer.admin && viewer.uploaderTokenId === null)
    return unauthorizedResponse(
      "a job is shown to its uploader (Authorization: Bearer <team token>) and the admin",
    );
  return errorResponse(404, "no such job");
}
