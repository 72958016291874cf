import { errorResponse, invalidResponse } from "@/app/_server/api";
import { getDb } from "@/db/client";
import { getMpwLeaderboard } from "@/db/queries/leaderboard";
import { MPW_SETTINGS } from "@/lib/import/manifest";
import { LEADERBOARD_SORTS, LEADERBOARD_TIERS, parseLeaderboardState } from "@/lib/url/leaderboard";

const PARAMS = { setting: MPW_SETTINGS, tier: LEADERBOARD_TIERS, sort: LEADERBOARD_SORTS, dir: ["asc", "desc"] } as const;

const interval = (lo: number | null, hi: number | null) => (lo === null || hi === null ? null : [lo, hi]);

/**
 * GET /api/b/{benchmark}/leaderboard?setting=C&tier=overall&sort=pass1&dir=desc
 *   → {"benchmark", "setting", "tier", "rows": [{"submissionId", "model", "agent", "setting", "pass1", "pass1Ci", …}]}
 * Approved submissions only, as the page. An unknown benchmark is a 404 and an
 * unknown parameter value a 400 — never a silently different (or empty) board.
 */
export async function GET(request: Request, { params }: { params: Promise<{ benchmark: string }> }) {
  const { benchmark } = await params;
  if (benchmark !== "mpw") return errorResponse(404, `no leaderboard for benchmark "${benchmark}"; known: mpw`);
  const search = new URL(request.url).searchParams;
  const errors = Object.entries(PARAMS).flatMap(([key, allowed]) => {
    const value = search.get(key);
    return value === null || (allowed as readonly string[]).includes(value) ? [] : [{ file: "request", line: null, field: key, message: `must be one of ${allowed.join(", ")}` }];
  });
  if (errors.length) return invalidResponse(errors);
  const state = parseLeaderboardState(Object.fromEntries(search));
  const rows = getMpwLeaderboard(getDb(), state).map((row) => ({
    submissionId: row.submissionId,
    model: row.model,
    agent: row.agent,
    setting: row.setting,
    benchmarkVersion: row.benchmarkVersion,
    n: row.n,
    pass1: row.pass1,
    pass1Ci: interval(row.pass1Lo, row.pass1Hi),
    fcr: row.fcr,
    fcrCi: interval(row.fcrLo, row.fcrHi),
    hitRate: row.hitRate,
    hitRateCi: interval(row.hitRateLo, row.hitRateHi),
    toolCalls: row.toolCalls,
    zeroCallSamples: row.zeroCallSamples,
  }));
  return Response.json({ benchmark, setting: state.setting, tier: state.tier, sort: state.sort, dir: state.dir, rows });
}
