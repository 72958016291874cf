import "server-only";
/** The admin API's team upload tokens (Bearer SEEKBOARD_ADMIN_TOKEN): issue, list, revoke, as the admin page does. */
import { z } from "zod";
import { getDb } from "@/db/client";
import { issueUploadToken, listUploadTokens, revokeUploadToken } from "@/db/upload-tokens";
import { teamNameSchema } from "@/lib/auth/tokens";
import { errorResponse, invalidResponse, routeId, unauthorizedResponse } from "./api";
import { adminBearerRefusal, adminToken } from "./auth";

const MAX_BODY_BYTES = 16 * 1024;

function adminRefusal(request: Request): Response | null {
  if (adminToken() === null) return unauthorizedResponse("admin is disabled on this instance (SEEKBOARD_ADMIN_TOKEN is not set)");
  return adminBearerRefusal(request);
}

/** GET /api/tokens → 200 [{"id", "team", "createdAt", "revokedAt", "lastUsedAt"}], newest first, without the tokens. */
export function listTokensRoute(request: Request): Response {
  return adminRefusal(request) ?? Response.json(listUploadTokens(getDb()));
}

/** POST /api/tokens with `{"team": "…"}` → 201 {"id", "team", "token"}: the token is shown this once. */
export async function issueTokenRoute(request: Request): Promise<Response> {
  const refused = adminRefusal(request);
  if (refused) return refused;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return errorResponse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return errorResponse(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalidResponse([{ file: "request", line: null, field: null, message: 'the body is not JSON; send {"team": "…"}' }]);
  }
  const parsed = z.object({ team: teamNameSchema }).safeParse(body);
  if (!parsed.success) {
    return invalidResponse(parsed.error.issues.map((issue) => ({ file: "request", line: null, field: issue.path.join(".") || null, message: issue.message })));
  }
  return Response.json(issueUploadToken(getDb(), parsed.data.team), { status: 201 });
}

/** POST /api/tokens/{id}/revoke → 200 {"id", "revoked": true}; 404 when unknown or already revoked. */
export function revokeTokenRoute(request: Request, rawId: string): Response {
  const refused = adminRefusal(request);
  if (refused) return refused;
  const id = routeId(rawId);
  if (id === null || !revokeUploadToken(getDb(), id)) return errorResponse(404, `token ${rawId} is unknown or already revoked`);
  return Response.json({ id, revoked: true });
}
