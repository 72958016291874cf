import { issueTokenRoute, listTokensRoute } from "@/server/tokens";

/** GET /api/tokens — the team upload tokens (admin token). */
export function GET(request: Request) {
  return listTokensRoute(request);
}

/** POST /api/tokens — issue a team upload token; JSON {"team"} (admin token). */
export function POST(request: Request) {
  return issueTokenRoute(request);
}
