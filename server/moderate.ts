import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import { moderateSubmission, type ModerationDecision } from "@/db/moderation";
import { errorResponse, invalidResponse, routeId, unauthorizedResponse } from "./api";
import { adminBearerRefusal, adminToken } from "./auth";
import { publicDataChanged } from "./public-pages";

const MAX_REASON_LENGTH = 2000;

export const moderationReasonSchema = z.string().trim().max(MAX_REASON_LENGTH, `at most ${MAX_REASON_LENGTH} characters`);
/** A rejection always says why: the team reads it. */
export const rejectionReasonSchema = moderationReasonSchema.min(1, "a rejection needs a reason");

const MAX_BODY_BYTES = 16 * 1024;

/** The JSON body of an approve/reject call: `{"reason": "…"}` (optional for an approval). */
async function reasonOf(request: Request, decision: ModerationDecision): Promise<{ reason: string | null } | Response> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return errorResponse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return errorResponse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      return invalidResponse([{ file: "request", line: null, field: null, message: 'the body is not JSON; send {"reason": "…"}' }]);
    }
  }
  const schema = z.object({ reason: decision === "rejected" ? rejectionReasonSchema : moderationReasonSchema.optional() });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return invalidResponse(parsed.error.issues.map((issue) => ({ file: "request", line: null, field: issue.path.join(".") || null, message: issue.message })));
  }
  return { reason: parsed.data.reason || null };
}

/** POST /api/submissions/{id}/approve and /reject, with the admin token as Bearer. */
export async function moderationRoute(request: Request, rawId: string, decision: ModerationDecision): Promise<Response> {
  if (adminToken() === null) return unauthorizedResponse("admin is disabled on this instance (SEEKBOARD_ADMIN_TOKEN is not set)");
  const refused = adminBearerRefusal(request);
  if (refused) return refused;
  const id = routeId(rawId);
  if (id === null) return errorResponse(404, `no submission "${rawId}"`);
  const reason = await reasonOf(request, decision);
  if (reason instanceof Response) return reason;
  const result = moderateSubmission(getDb(), id, decision, reason.reason);
  if (!result.ok) return result.problem === "not-found" ? errorResponse(404, `no submission ${id}`) : errorResponse(409, `submission ${id} is already ${decision}`);
  publicDataChanged();
  return Response.json({ id: result.id, status: result.status });
}
