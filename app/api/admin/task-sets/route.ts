import { registerTaskSetRoute } from "@/server/task-sets";

/** POST /api/admin/task-sets — register a benchmark version's task file (admin; docs/API.md). */
export function POST(request: Request) {
  return registerTaskSetRoute(request);
}
