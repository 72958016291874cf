/** A leaderboard's view state in the URL (sort, direction, version, setting), from the client-safe registry's boards. Pure. */
import { isReportBoard, sortKeys, type ReportBoard } from "./board";
import { BENCHMARK_IDS, BENCHMARK_INFO, type BenchmarkId } from "./info";
import { askedValue, boardParams } from "./board-params";
import {
  first,
  oneOf,
  queryString,
  verifiedOnly,
  type RawSearchParams,
} from "../url/search-params";

export function reportBoardOf(id: BenchmarkId): ReportBoard {
  const board = BENCHMARK_INFO[id].board;
  if (!isReportBoard(board)) throw new Error(`${id} has its own board, not a stored-report board`);
  return board;
}

/** A figure key is lower-is-better on every board that has it, so its first sort is ascending. */
const LOWER_IS_BETTER = new Set(
  BENCHMARK_IDS.flatMap((id) => BENCHMARK_INFO[id].board.lowerIsBetter ?? []),
);

export function defaultDir(sort: string): "asc" | "desc" {
  return sort === "model" || LOWER_IS_BETTER.has(sort) ? "asc" : "desc";
}

export interface BoardState {
  sort: string;
  dir: "asc" | "desc";
  /** The board's version (EvoBrowseComp) or dataset (QA). Null: the default (newest / first). */
  version: string | null;
  /** A setting filter ("all" for every setting). */
  setting: string;
  /** Only the rows that pass every submission rule (`verified=1`). */
  verified: boolean;
}

export function parseBoardState(id: BenchmarkId, params: RawSearchParams): BoardState {
  const board = reportBoardOf(id);
  const sort = oneOf(first(params, "sort"), sortKeys(board), board.primary);
  return {
    sort,
    dir: oneOf(first(params, "dir"), ["asc", "desc"] as const, defaultDir(sort)),
    version: board.versionParam ? viewValue(board, board.versionParam, params) : null,
    setting: board.settingFilter ? (viewValue(board, "setting", params) ?? "all") : "all",
    verified: verifiedOnly(params),
  };
}

/** A view-picking parameter's value, read as its definition says (the 404 checks the same reading). */
function viewValue(board: ReportBoard, param: string, params: RawSearchParams): string | null {
  const definition = boardParams(board, "leaderboard").find((p) => p.param === param);
  return definition ? askedValue(definition, params) : null;
}

export function boardQuery(id: BenchmarkId, state: BoardState): string {
  const board = reportBoardOf(id);
  return queryString([
    ...(board.versionParam
      ? [[board.versionParam, state.version, null] as [string, string | null, null]]
      : []),
    ["setting", state.setting, "all"],
    ["sort", state.sort, board.primary],
    ["dir", state.dir, defaultDir(state.sort)],
    ["verified", state.verified ? "1" : null, null],
  ]);
}
