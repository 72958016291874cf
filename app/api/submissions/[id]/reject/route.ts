import { moderationRoute } from "@/server/moderate";

/** POST /api/submissions/{id}/reject — admin token; JSON {"reason"} required. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return moderationRoute(request, (await params).id, "rejected");
}
