import { revokeTokenRoute } from "@/server/tokens";

/** POST /api/tokens/{id}/revoke — admin token. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return revokeTokenRoute(request, (await params).id);
}
