/** A leaderboard's view state in the URL (its views' values, sort, direction), from the client-safe registry's boards. Pure. */
import { sortKeys, type Board, type BoardViewParam } from "./board";
import { BENCHMARK_IDS, BENCHMARK_INFO, type BenchmarkId } from "./info";
import { askedValue, viewParam } from "./board-params";
import {
  first,
  oneOf,
  queryString,
  verifiedOnly,
  type RawSearchParams,
} from "../url/search-params";

export function boardOf(id: BenchmarkId): Board {
  return BENCHMARK_INFO[id].board;
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
  /**
   * Each view parameter's value, by its name in the URL ("version", "setting", "tier", "lang").
   * A version's null is the default: the newest (first) stored one.
   */
  view: Readonly<Record<string, string | null>>;
  /** Only the rows that pass every submission rule (`verified=1`). */
  verified: boolean;
}

/** A view parameter's default: a version's is the newest stored one, named by none. */
function viewDefault(view: BoardViewParam): string | null {
  return view.picks === "version" ? null : view.default;
}

export function parseBoardState(id: BenchmarkId, params: RawSearchParams): BoardState {
  const board = boardOf(id);
  const sort = oneOf(first(params, "sort"), sortKeys(board), board.primary);
  return {
    sort,
    dir: oneOf(first(params, "dir"), ["asc", "desc"] as const, defaultDir(sort)),
    view: Object.fromEntries(board.views.map((view) => [view.param, viewValue(view, params)])),
    verified: verifiedOnly(params),
  };
}

/**
 * A view parameter's value, read as its definition says (the 404 checks the same reading);
 * a value off a closed list is its default (the 404 answers such an address anyway).
 */
function viewValue(view: BoardViewParam, params: RawSearchParams): string | null {
  const asked = askedValue(viewParam(view), params);
  if (view.picks === "version") return asked;
  if (view.values === null) return asked ?? view.default;
  return oneOf(asked ?? undefined, view.values, view.default);
}

export function boardQuery(id: BenchmarkId, state: BoardState): string {
  const board = boardOf(id);
  return queryString([
    ...board.views.map(
      (view) =>
        [view.param, state.view[view.param] ?? null, viewDefault(view)] as [
          string,
          string | null,
          string | null,
        ],
    ),
    ["sort", state.sort, board.primary],
    ["dir", state.dir, defaultDir(state.sort)],
    ["verified", state.verified ? "1" : null, null],
  ]);
}

/** The state with one view parameter set (a version's null: the newest). */
export function withView(state: BoardState, param: string, value: string | null): BoardState {
  return { ...state, view: { ...state.view, [param]: value } };
}
