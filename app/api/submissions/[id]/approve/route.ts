import { moderationRoute } from "@/server/moderate";

/** POST /api/submissions/{id}/approve — admin token; optional JSON {"reason"}. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return moderationRoute(request, (await params).id, "approved");
}
