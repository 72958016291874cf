import "server-only";
/** The admin API's team upload tokens (Bearer SEEKBOARD_ADMIN_TOKEN): issue, list, revoke, as the admin page does. */
import { z } from "zod";
import { getDb } from "@/db/client";
import { issueUploadToken, listUploadTokens, revokeUploadToken } from "@/db/upload-tokens";
import { teamNameSchema } from "@/lib/auth/tokens";
import { errorResponse, jsonBody, routeId } from "./api";
import { adminBearerRefusal } from "./auth";

/** GET /api/tokens → 200 [{"id", "team", "createdAt", "revokedAt", "lastUsedAt"}], newest first, without the tokens. */
export async function listTokensRoute(request: Request): Promise<Response> {
  return (
    (await adminBearerRefusal(request)) ?? Response.json(await listUploadTokens(await getDb()))
  );
}

/** POST /api/tokens with `{"team": "…"}` → 201 {"id", "team", "token"}: the token is shown this once. */
export async function issueTokenRoute(request: Request): Promise<Response> {
  const refused = await adminBearerRefusal(request);
  if (refused) return refused;
  const body = await jsonBody(request, z.object({ team: teamNameSchema }), '{"team": "…"}');
  if (body instanceof Response) return body;
  return Response.json(await issueUploadToken(await getDb(), body.data.team), { status: 201 });
}

/** POST /api/tokens/{id}/revoke → 200 {"id", "revoked": true}; 404 when unknown or already revoked. */
export async function revokeTokenRoute(request: Request, rawId: string): Promise<Response> {
  const refused = await adminBearerRefusal(request);
  if (refused) return refused;
  const id = routeId(rawId);
  if (id === null || !(await revokeUploadToken(await getDb(), id)))
    return errorResponse(404, `token ${rawId} is unknown or already revoked`);
  return Response.json({ id, revoked: true });
}
