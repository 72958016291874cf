import { errorResponse, invalidResponse } from "@/server/api";
import { getDb } from "@/db/client";
import { getMpwLeaderboard } from "@/db/queries/leaderboard";
import { adjudicatedCounts } from "@/db/queries/audit";
import { MPW_SETTINGS } from "@/lib/benchmarks/mpw/manifest";
import { getWideSearchLeaderboard } from "@/db/queries/widesearch";
import { LEADERBOARD_SORTS, LEADERBOARD_TIERS, parseLeaderboardState } from "@/lib/url/leaderboard";
import { parseWideSearchLeaderboardState, WIDESEARCH_LANGUAGES, WIDESEARCH_SORTS } from "@/lib/benchmarks/widesearch/url";
import { boardSettings, boardVersions, getSeekboardLeaderboard, versionLabel } from "@/db/queries/seekboard";
import { BOARD_COLUMNS, parseBoardState, SEEKBOARD_BOARDS, sortKeys, versionParam, type SeekboardBoard } from "@/lib/seekboard/board";

const PARAMS = {
  mpw: { setting: MPW_SETTINGS, tier: LEADERBOARD_TIERS, sort: LEADERBOARD_SORTS, dir: ["asc", "desc"] },
  widesearch: { lang: WIDESEARCH_LANGUAGES, sort: WIDESEARCH_SORTS, dir: ["asc", "desc"] },
  webdetective: { sort: sortKeys("webdetective"), dir: ["asc", "desc"] },
  evobrowsecomp: { sort: sortKeys("evobrowsecomp"), dir: ["asc", "desc"] },
  infomosaic: { sort: sortKeys("infomosaic"), dir: ["asc", "desc"] },
  qa: { sort: sortKeys("qa"), dir: ["asc", "desc"] },
} as const;

/** WebDetective, EvoBrowseComp, InfoMosaic and QA boards: the columns' figures with their CIs. */
function seekboardResponse(board: SeekboardBoard, search: URLSearchParams): Response {
  const db = getDb();
  const param = versionParam(board);
  const requested = param ? search.get(param) : null;
  if (param && requested !== null) {
    const known = boardVersions(db, board);
    if (!known.includes(requested)) return invalidResponse([{ file: "request", line: null, field: param, message: `must be one of ${known.join(", ") || "(none yet)"}` }]);
  }
  const setting = search.get("setting");
  if (board === "infomosaic" && setting !== null && setting !== "all" && !boardSettings(db, board).includes(setting)) {
    return invalidResponse([{ file: "request", line: null, field: "setting", message: `must be all or one of ${boardSettings(db, board).join(", ")}` }]);
  }
  const state = parseBoardState(board, Object.fromEntries(search));
  const { version, versions, rows } = getSeekboardLeaderboard(db, board, state);
  const adjudicated = adjudicatedCounts(db, rows.map((row) => row.submissionId));
  const keys = BOARD_COLUMNS[board].map((c) => c.key);
  return Response.json({
    benchmark: board,
    ...(param ? { [param]: version, [`${param}s`]: versions.map((v) => ({ key: v, label: versionLabel(board, v) })) } : {}),
    ...(board === "infomosaic" ? { setting: state.setting } : {}),
    sort: state.sort,
    dir: state.dir,
    rows: rows.map((row) => ({
      submissionId: row.submissionId,
      model: row.model,
      agent: row.agent,
      setting: row.setting,
      benchmarkVersion: row.benchmarkVersion,
      samples: row.samples,
      ...Object.fromEntries(keys.map((k) => [k, row.values[k] ?? null])),
      ci: Object.fromEntries(keys.filter((k) => row.cis[k]).map((k) => [k, row.cis[k]])),
      adjudicated: adjudicated.get(row.submissionId) ?? 0,
    })),
  });
}

const interval = (lo: number | null, hi: number | null) => (lo === null || hi === null ? null : [lo, hi]);

/**
 * GET /api/b/mpw/leaderboard?setting=C&tier=overall&sort=pass1&dir=desc
 *   → {"benchmark", "setting", "tier", "rows": [{"submissionId", "model", "agent", "setting", "pass1", "pass1Ci", …, "adjudicated"}]}
 * GET /api/b/widesearch/leaderboard?lang=all|en|zh&sort=successAvg&dir=desc
 *   → {"benchmark", "lang", "rows": [{"submissionId", "model", "successAvg", "successPass", "rowF1Avg", …, "ci", "scaling"}]}
 * GET /api/b/evobrowsecomp/leaderboard?version=2026-01&sort=accuracy  (default: the newest version; never a mix)
 * GET /api/b/qa/leaderboard?dataset=<key>   GET /api/b/webdetective/leaderboard   GET /api/b/infomosaic/leaderboard?setting=web-only
 *   → {"benchmark", "version"|"dataset", "rows": [{"submissionId", "model", <column keys>, "ci": {key: {lo, hi}}}]}
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
  if ((SEEKBOARD_BOARDS as readonly string[]).includes(benchmark)) return seekboardResponse(benchmark as SeekboardBoard, search);
  if (benchmark === "widesearch") {
    const state = parseWideSearchLeaderboardState(Object.fromEntries(search));
    const board = getWideSearchLeaderboard(getDb(), state);
    const adjudicated = adjudicatedCounts(getDb(), board.map((row) => row.submissionId));
    const rows = board.map((row) => {
      const { stats, scaling, runsPerTask, ci, ...figures } = row.aggregate;
      return { submissionId: row.submissionId, model: row.model, agent: row.agent, setting: row.setting, ...figures, ci, runsPerTask, stats, scaling, adjudicated: adjudicated.get(row.submissionId) ?? 0 };
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
    adjudicated: row.adjudicated,
  }));
  return Response.json({ benchmark, setting: state.setting, tier: state.tier, sort: state.sort, dir: state.dir, rows });
}
