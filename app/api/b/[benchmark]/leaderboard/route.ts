import { errorResponse, invalidResponse } from "@/app/_server/api";
import { getDb } from "@/db/client";
import { getMpwLeaderboard } from "@/db/queries/leaderboard";
import { MPW_SETTINGS } from "@/lib/import/manifest";
import { getWideSearchLeaderboard } from "@/db/queries/widesearch";
import { LEADERBOARD_SORTS, LEADERBOARD_TIERS, parseLeaderboardState } from "@/lib/url/leaderboard";
import { parseWideSearchLeaderboardState, WIDESEARCH_LANGUAGES, WIDESEARCH_SORTS } from "@/lib/url/widesearch";

const PARAMS = {
  mpw: { setting: MPW_SETTINGS, tier: LEADERBOARD_TIERS, sort: LEADERBOARD_SORTS, dir: ["asc", "desc"] },
  widesearch: { lang: WIDESEARCH_LANGUAGES, sort: WIDESEARCH_SORTS, dir: ["asc", "desc"] },
} as const;

const interval = (lo: number | null, hi: number | null) => (lo === null || hi === null ? null : [lo, hi]);

/**
 * GET /api/b/mpw/leaderboard?setting=C&tier=overall&sort=pass1&dir=desc
 *   → {"benchmark", "setting", "tier", "rows": [{"submissionId", "model", "agent", "setting", "pass1", "pass1Ci", …}]}
 * GET /api/b/widesearch/leaderboard?lang=all|en|zh&sort=successAvg&dir=desc
 *   → {"benchmark", "lang", "rows": [{"submissionId", "model", "successAvg", "successPass", "rowF1Avg", …, "ci", "scaling"}]}
 * Approved submissions only, as the page. An unknown benchmark is a 404 and an
 * unknown parameter value a 400 — never a silently different (or empty) board.
 */
export async function GET(request: Request, { params }: { params: Promise<{ benchmark: string }> }) {
  const { benchmark } = await params;
  if (!Object.hasOwn(PARAMS, benchmark)) return errorResponse(404, `no leaderboard for benchmark "${benchmark}"; known: ${Object.keys(PARAMS).join(", ")}`);
  const search = new URL(request.url).searchParams;
  const errors = Object.entries(PARAMS[benchmark as keyof typeof PARAMS]).flatMap(([key, allowed]) => {
    const value = search.get(key);
    return value === null || (allowed as readonly string[]).includes(value) ? [] : [{ file: "request", line: null, field: key, message: `must be one of ${allowed.join(", ")}` }];
  });
  if (errors.length) return invalidResponse(errors);
  if (benchmark === "widesearch") {
    const state = parseWideSearchLeaderboardState(Object.fromEntries(search));
    const rows = getWideSearchLeaderboard(getDb(), state).map((row) => {
      const { stats, scaling, runsPerTask, ci, ...figures } = row.aggregate;
      return { submissionId: row.submissionId, model: row.model, agent: row.agent, setting: row.setting, ...figures, ci, runsPerTask, stats, scaling };
    });
    return Response.json({ benchmark, lang: state.lang, sort: state.sort, dir: state.dir, rows });
  }
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
