import { errorResponse, invalidResponse } from "@/server/api";
import { getDb, type Db } from "@/db/client";
import { adjudicatedCounts } from "@/db/queries/audit";
import { invalidApiParams } from "@/db/queries/board-params";
import { getReportBoard, type ReportBoardSubmission } from "@/db/queries/seekboard";
import type { Board } from "@/lib/benchmarks/board";
import { parseBoardState } from "@/lib/benchmarks/board-state";
import {
  BENCHMARK_IDS,
  BENCHMARKS,
  isBenchmarkId,
  type BenchmarkId,
} from "@/lib/benchmarks/registry";
import { toCsv } from "@/lib/export/csv";
import { standingFields } from "@/lib/standing/standing";
import { rawSearchParams } from "@/lib/url/search-params";

/** A leaderboard view as the API answers it: the view's parameters and its rows. */
type LeaderboardAnswer = { rows: object[] } & Record<string, unknown>;

/**
 * A board's view: its views' values (a version's with the versions it has), the sort, and
 * its rows: the submission, the board's published figures (`apiRow`, else the columns'
 * figures with their CIs), adjudicated verdicts and standing.
 */
async function boardAnswer(
  db: Db,
  id: BenchmarkId,
  board: Board,
  search: URLSearchParams,
): Promise<LeaderboardAnswer> {
  const state = parseBoardState(id, rawSearchParams(search));
  const { version, versions, rows } = await getReportBoard(db, id, board, state);
  const adjudicated = await adjudicatedCounts(
    db,
    rows.map((row) => row.submissionId),
  );
  const keys = board.columns.map((c) => c.key);
  const figures = (row: ReportBoardSubmission<unknown>) =>
    board.apiRow
      ? board.apiRow(row)
      : {
          benchmarkVersion: row.benchmarkVersion,
          samples: row.samples,
          ...Object.fromEntries(keys.map((k) => [k, row.values[k] ?? null])),
          ci: Object.fromEntries(keys.filter((k) => row.cis[k]).map((k) => [k, row.cis[k]])),
        };
  return {
    benchmark: id,
    ...Object.fromEntries(
      board.views.flatMap((view): [string, unknown][] =>
        view.picks === "version"
          ? [
              [view.param, version],
              [`${view.param}s`, versions.map((v) => ({ key: v, label: board.versionLabel(v) }))],
            ]
          : [[view.param, state.view[view.param]]],
      ),
    ),
    sort: state.sort,
    dir: state.dir,
    verified: state.verified,
    rows: rows.map((row) => ({
      submissionId: row.submissionId,
      model: row.model,
      agent: row.agent,
      setting: row.setting,
      ...figures(row),
      adjudicated: adjudicated.get(row.submissionId) ?? 0,
      // Samples without a judge verdict, counted as not correct; null where the benchmark scores every sample itself.
      unjudged: row.unjudged ?? null,
      ...standingFields(row.standing),
      uploadedAt: row.uploadedAt,
      // The entry's earlier submissions (same team, model, agent, setting): not ranked, newest first.
      history: row.history.map((earlier) => ({
        submissionId: earlier.submissionId,
        uploadedAt: earlier.uploadedAt,
        ...figures(earlier),
      })),
      team: row.team,
    })),
  };
}

/**
 * GET /api/b/<id>/leaderboard, with the parameters its board's views declare (lib/benchmarks/<id>/board.ts):
 *   a version (`version`, e.g. ?version=2026-01 on EvoBrowseComp; `dataset` on QA; default the newest,
 *   never a mix), a setting filter (`setting`: MPW-Bench's A, B-guidance, B-fewshot or C, default C),
 *   a split (MPW-Bench's `tier`, default overall; WideSearch's `lang` en|zh|all, default en),
 *   and `sort`/`dir` over its columns
 *   → {"benchmark", <each view parameter> (a version's also with its list, "versions"|"datasets"), "sort",
 *      "dir", "verified", "rows": [{"submissionId", "model", "agent", "setting", <figures>, "adjudicated", "unjudged"}]}
 *   ("unjudged": samples without a judge verdict, counted as not correct; null on boards that score every sample themselves)
 *   where a row's figures are its board's published fields: MPW-Bench's "benchmarkVersion", "n",
 *   "pass1", "pass1Ci" [lo, hi], "fcr", "fcrCi", "hitRate", "hitRateCi", "toolCalls", "zeroCallSamples";
 *   WideSearch's stored aggregate ("successAvg", "successPass", "rowF1Avg", …, "ci", "runsPerTask",
 *   "stats", "scaling"); every other board's "benchmarkVersion", "samples", <column keys> and
 *   "ci": {key: {lo, hi}}.
 * Every board's rows also carry their standing (README: the contract): "tasksCovered", "tasksTotal",
 *   "ranked", "rank" (ties share a rank; null when not ranked), "preliminary", "verified", "checks",
 *   "tokensPerTask", "costUsdPerTask", "costUsdPerCorrect", "secondsPerTask" (null: not reported) and,
 *   with several runs per task, "passHat" {"2": …}; rows come ranked first, in the default order by rank
 *   (then the primary metric). `verified=1` keeps verified rows.
 * One row per team × model × agent × setting: the latest upload ("uploadedAt"); the entry's earlier
 *   submissions are its "history" [{"submissionId", "uploadedAt", <figures>}], newest first, not ranked.
 *   Each row's "team" is the team whose upload token submitted it (null: imported from the command line
 *   by the maintainers).
 * Any of them with `format=csv`: the same rows as CSV, one line each (the board's export link), "team" last.
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
  const answer = await boardAnswer(db, benchmark, board, search);
  if (search.get("format") !== "csv") return Response.json(answer);
  // The rows exactly as the JSON gives them, one line each; nested figures (CIs, stats) as JSON text.
  // Every field any row has (pass^k only where a row's tasks have several runs), in first-seen order;
  // "team", added after the others, stays the last column so a reader of the earlier export keeps its columns.
  const columns = [
    ...[...new Set(answer.rows.flatMap((row) => Object.keys(row)))].filter((c) => c !== "team"),
    "team",
  ];
  return new Response(toCsv(answer.rows, columns), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${benchmark}-leaderboard.csv"`,
    },
  });
}
