/**
 * A board's URL parameters, once: which there are, their values, how a page reads them and
 * what an unknown value does. The pages' parsers read their values through it, their 404s
 * (db/queries/board-params.ts) and the leaderboard API's 400s check against it. Pure.
 */
import { assertNever } from "../assert-never";
import type { BoardPage } from "../url/board-page";
import { first, type RawSearchParams } from "../url/search-params";
import { sortKeys, type Board, type BoardViewParam } from "./board";

/** Values only the database knows: those of the board's approved submissions. */
export type StoredValues = "versions" | "settings";

/** One URL parameter of a board page. */
export interface BoardParam {
  /** The parameter as the URL names it. */
  readonly param: string;
  /** Its values, in the order the board offers them: a closed list, or the stored ones. */
  readonly values: readonly string[] | { readonly stored: StoredValues };
  /**
   * It picks the rows shown: an unknown value is a 404 naming it on the pages and a 400 at
   * the API, never a silently different board. Otherwise (sort, direction, verified, the
   * API's format) a page falls back to the default and only the API answers 400.
   */
  readonly picksView: boolean;
  /** The board's parser trims the value (the stored values). */
  readonly trimmed?: boolean;
  /** Several values, `a,b` or the key repeated, each checked (and trimmed, as the parser does). */
  readonly list?: boolean;
}

/** The parameters of one page of a board; "api" is the leaderboard API's (the leaderboard's, and `format`). */
export function boardParams(board: Board, page: BoardPage | "api"): BoardParam[] {
  const order: BoardParam[] = [
    { param: "sort", values: sortKeys(board), picksView: false },
    { param: "dir", values: ["asc", "desc"], picksView: false },
    ...(page === "api" ? [{ param: "format", values: ["json", "csv"], picksView: false }] : []),
    { param: "verified", values: ["0", "1"], picksView: false },
  ];
  return [...viewParams(board, page === "api" ? "leaderboard" : page), ...order];
}

function viewParams(board: Board, page: BoardPage): BoardParam[] {
  // MPW's analysis page reads its own parameters; every other page reads the board's views.
  if (page === "diagnostics" && board.diagnosticsParams)
    return Object.entries(board.diagnosticsParams).map(([param, { values, list }]) => ({
      param,
      values,
      picksView: true,
      list,
    }));
  return board.views.map(viewParam);
}

/** A view parameter as the URL reads it: stored values are trimmed (the stored-report boards always did), closed lists taken as given. */
export function viewParam(view: BoardViewParam): BoardParam {
  switch (view.picks) {
    case "version":
      return { param: view.param, values: { stored: "versions" }, picksView: true, trimmed: true };
    case "setting":
      return view.values === null
        ? { param: view.param, values: { stored: "settings" }, picksView: true, trimmed: true }
        : { param: view.param, values: view.values, picksView: true };
    case "split":
      return { param: view.param, values: view.values, picksView: true };
    default:
      return assertNever(view);
  }
}

/**
 * The values a page reads from the URL for a parameter: the first of a repeated key (every
 * value of a list), trimmed where the board's parser trims. An empty value is the default,
 * as the page cache, which drops empty values, shows it: none is returned.
 */
export function askedValues(param: BoardParam, search: RawSearchParams): string[] {
  const given = param.list
    ? [search[param.param] ?? []].flat().flatMap((v) => v.split(","))
    : [first(search, param.param) ?? ""];
  return (param.trimmed || param.list ? given.map((v) => v.trim()) : given).filter(
    (value) => value !== "",
  );
}

/** The one value a page reads for a single-valued parameter, or null for the default. */
export function askedValue(param: BoardParam, search: RawSearchParams): string | null {
  return askedValues(param, search)[0] ?? null;
}
