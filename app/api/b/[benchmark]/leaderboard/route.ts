import { errorResponse, invalidResponse } from "@/server/api";
import { getDb, type Db } from "@/db/client";
import { getMpwLeaderboard } from "@/db/queries/leaderboard";
import { adjudicatedCounts } from "@/db/queries/audit";
import { getWideSearchLeaderboard } from "@/db/queries/widesearch";
import { invalidApiParams } from "@/db/queries/board-params";
import { getReportBoard } from "@/db/queries/seekboard";
import type { Board, ReportBoard } from "@/lib/benchmarks/board";
import { parseBoardState } from "@/lib/benchmarks/board-state";
import { assertNever } from "@/lib/assert-never";
import {
  BENCHMARK_IDS,
  BENCHMARKS,
  isBenchmarkId,
  type BenchmarkId,
} from "@/lib/benchmarks/registry";
import { parseWideSearchLeaderboardState } from "@/lib/benchmarks/widesearch/url";
import { toCsv } from "@/lib/export/csv";
import { standingFields } from "@/lib/standing/standing";
import { parseLeaderboardState } from "@/lib/url/leaderboard";
import { rawSearchParams } from "@/lib/url/search-params";

/** A leaderboard view as the API answers it: the view's parameters and its rows. */
type LeaderboardAnswer = { rows: object[] } & Record<string, unknown>;

/** A stored-report board: its columns' figures with their CIs, one version (dataset) and setting at a time when it has them. */
async function reportBoardAnswer(
  db: Db,
  id: BenchmarkId,
  board: ReportBoard,
  search: URLSearchParams,
): Promise<LeaderboardAnswer> {
  const param = board.versionParam;
  const state = parseBoardState(id, rawSearchParams(search));
  const { version, versions, rows } = await getReportBoard(db, id, board, state);
  const adjudicated = await adjudicatedCounts(
    db,
    rows.map((row) => row.submissionId),
  );
  const keys = board.columns.map((c) => c.key);
  return {
    benchmark: id,
    ...(param
      ? {
          [param]: version,
          [`${param}s`]: versions.map((v) => ({ key: v, label: board.versionLabel(v) })),
        }
      : {}),
    ...(board.settingFilter ? { setting: state.setting } : {}),
    sort: state.sort,
    dir: state.dir,
    verified: state.verified,
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
      ...standingFields(row.standing),
    })),
  };
}

async function wideSearchAnswer(db: Db, search: URLSearchParams): Promise<LeaderboardAnswer> {
  const state = parseWideSearchLeaderboardState(rawSearchParams(search));
  const board = await getWideSearchLeaderboard(db, state);
  const adjudicated = await adjudicatedCounts(
    db,
    board.map((row) => row.submissionId),
  );
  const rows = board.map((row) => {
    const { stats, scaling, runsPerTask, ci, ...figures } = row.aggregate;
    return {
      submissionId: row.submissionId,
      model: row.model,
      agent: row.agent,
      setting: row.setting,
      ...figures,
      ci,
      runsPerTask,
      stats,
      scaling,
      adjudicated: adjudicated.get(row.submissionId) ?? 0,
      ...standingFields(row.standing),
    };
  });
  return {
    benchmark: "widesearch",
    lang: state.lang,
    sort: state.sort,
    dir: state.dir,
    verified: state.verified,
    rows,
  };
}

const interval = (lo: number | null, hi: number | null) =>
  lo === null || hi === null ? null : [lo, hi];

async function mpwAnswer(db: Db, search: URLSearchParams): Promise<LeaderboardAnswer> {
  const state = parseLeaderboardState(rawSearchParams(search));
  const rows = (await getMpwLeaderboard(db, state)).map((row) => ({
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
    ...standingFields(row.standing),
  }));
  return {
    benchmark: "mpw",
    setting: state.setting,
    tier: state.tier,
    sort: state.sort,
    dir: state.dir,
    verified: state.verified,
    rows,
  };
}

/**
 * GET /api/b/mpw/leaderboard?setting=C&tier=overall&sort=pass1&dir=desc
 *   → {"benchmark", "setting", "tier", "rows": [{"submissionId", "model", "agent", "setting", "pass1", "pass1Ci", …, "adjudicated"}]}
 * GET /api/b/widesearch/leaderboard?lang=en|zh|all (default en)&sort=successAvg&dir=desc
 *   → {"benchmark", "lang", "rows": [{"submissionId", "model", "successAvg", "successPass", "rowF1Avg", …, "ci", "scaling"}]}
 * GET /api/b/<id>/leaderboard for every stored-report board, with the parameters its board has:
 *   `version` (e.g. /api/b/evobrowsecomp/leaderboard?version=2026-01; default the newest, never a mix),
 *   `dataset` (QA), `setting`, and `sort`/`dir` over its columns
 *   → {"benchmark", "version"|"dataset", "rows": [{"submissionId", "model", <column keys>, "ci": {key: {lo, hi}}}]}
 * Every board's rows also carry their standing (README: the contract): "tasksCovered", "tasksTotal",
 *   "ranked", "rank" (ties share a rank; null when not ranked), "preliminary", "verified", "checks",
 *   "tokensPerTask", "costUsdPerTask", "costUsdPerCorrect", "secondsPerTask" (null: not reported) and,
 *   with several runs per task, "passHat" {"2": …}; rows come ranked first. `verified=1` keeps verified rows.
 * Any of them with `format=csv`: the same rows as CSV, one line each (the board's export link).
 * Approved submissions only, as the page. An unknown benchmark is a 404 and an
 * unknown parameter value a 400 — never a silently different (or empty) board.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ benchmark: string }> },
) {
  const { benchmark } = await params;
  if (!isBenchmarkId(benchmark))
    return errorResponse(
      404,
      `no leaderboard for benchmark "${benchmark}"; known: ${BENCHMARK_IDS.join(", ")}`,
    );
  const board = BENCHMARKS[benchmark].board;
  const search = new URL(request.url).searchParams;
  // The same definition as the pages' parsers and 404s (lib/benchmarks/board-params.ts), so the API and the page never disagree on what a view is.
  const db = await getDb();
  const errors = await invalidApiParams(db, benchmark, rawSearchParams(search));
  if (errors.length)
    return invalidResponse(
      errors.map(({ param, allowed }) => ({
        file: "request",
        line: null,
        field: param,
        message: `must be one of ${allowed.join(", ") || "(none yet)"}`,
      })),
    );
  const answer = await answerOf(db, benchmark, board, search);
  if (search.get("format") !== "csv") return Response.json(answer);
  // The rows exactly as the JSON gives them, one line each; nested figures (CIs, stats) as JSON text.
  // Every field any row has (pass^k only where a row's tasks have several runs), in first-seen order.
  const columns = [...new Set(answer.rows.flatMap((row) => Object.keys(row)))];
  return new Response(toCsv(answer.rows, columns), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${benchmark}-leaderboard.csv"`,
    },
  });
}

function answerOf(
  db: Db,
  id: BenchmarkId,
  board: Board,
  search: URLSearchParams,
): Promise<LeaderboardAnswer> {
  switch (board.format) {
    case "report":
      return reportBoardAnswer(db, id, board, search);
    case "mpw":
      return mpwAnswer(db, search);
    case "widesearch":
      return wideSearchAnswer(db, search);
    default:
      return assertNever(board);
  }
}
