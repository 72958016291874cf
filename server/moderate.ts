import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import { moderateSubmission, type ModerationDecision } from "@/db/moderation";
import { errorResponse, jsonBody, routeId } from "./api";
import { adminBearerRefusal } from "./auth";
import { publicDataChanged } from "./public-pages";

const MAX_REASON_LENGTH = 2000;

export const moderationReasonSchema = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, `at most ${MAX_REASON_LENGTH} characters`);
/** A rejection always says why: the team reads it. */
export const rejectionReasonSchema = moderationReasonSchema.min(1, "a rejection needs a reason");

/** POST /api/submissions/{id}/approve and /reject, with the admin token as Bearer. */
export async function moderationRoute(
  request: Request,
  rawId: string,
  decision: ModerationDecision,
): Promise<Response> {
  const refused = await adminBearerRefusal(request);
  if (refused) return refused;
  const id = routeId(rawId);
  if (id === null) return errorResponse(404, `no submission "${rawId}"`);
  const schema = z.object({
    reason: decision === "rejected" ? rejectionReasonSchema : moderationReasonSchema.optional(),
  });
  const body = await jsonBody(request, schema, '{"reason": "…"}');
  if (body instanceof Response) return body;
  const result = await moderateSubmission(await getDb(), id, decision, body.data.reason || null);
  if (!result.ok)
    return result.problem === "not-found"
      ? errorResponse(404, `no submission ${id}`)
      : errorResponse(409, `submission ${id} is already ${decision}`);
  await publicDataChanged();
  return Response.json({ id: result.id, status: result.status });
}
