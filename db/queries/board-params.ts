import "server-only";
import { assertNever } from "../../lib/assert-never";
import { resolveVersion } from "../../lib/benchmarks/board";
import { askedValues, boardParams, type BoardParam } from "../../lib/benchmarks/board-params";
import { BENCHMARK_INFO, type BenchmarkId } from "../../lib/benchmarks/info";
import type { BoardPage } from "../../lib/url/board-page";
import { first, type RawSearchParams } from "../../lib/url/search-params";
import type { Db } from "../client";
import { boardSettings, boardVersions } from "./seekboard";

/** A URL parameter whose value picks no view of a board. */
export interface UnknownBoardParam {
  /** The parameter as the URL names it: "version", "dataset", "setting", "tier", "lang", … */
  param: string;
  /** The value asked for, as given (untrusted text). */
  value: string;
  /** The values it can take, in the order the board offers them; empty when there are none yet. */
  valid: string[];
}

/**
 * The first parameter of a board page's URL that picks no view — an unknown version,
 * dataset, setting or split — with the values it can take; null when each is known or
 * absent. The pages answer it with a 404 naming the value, the leaderboard API with a 400,
 * never with a silently different board. Only the parameters that pick the rows shown
 * are checked (lib/benchmarks/board-params.ts): an unknown `sort` or `dir` on a page
 * falls back to the default order. Values are read as the page reads them (`askedValues`).
 */
export async function unknownBoardParam(
  db: Db,
  id: BenchmarkId,
  page: BoardPage,
  search: RawSearchParams,
): Promise<UnknownBoardParam | null> {
  const board = BENCHMARK_INFO[id].board;
  for (const param of boardParams(board, page)) {
    if (!param.picksView) continue;
    const asked = askedValues(param, search);
    if (asked.length === 0) continue;
    const valid = await valuesOf(db, id, param);
    // A version is also named as its picker shows it (QA's `browsecomp-demo` for `browsecomp-demo@v1`).
    const versions = "stored" in param.values && param.values.stored === "versions";
    const unknown = asked.find((value) =>
      versions ? resolveVersion(board, valid, value) === null : !valid.includes(value),
    );
    if (unknown !== undefined) return { param: param.param, value: unknown, valid };
  }
  return null;
}

/**
 * The leaderboard API's invalid parameters: the first unknown view-picking value, as the
 * pages' 404 finds it, then every other parameter whose value, exactly as given (the first
 * of a repeated key), is not one of its own — the pages let those fall back, the API does not.
 */
export async function invalidApiParams(
  db: Db,
  id: BenchmarkId,
  search: RawSearchParams,
): Promise<{ param: string; allowed: string[] }[]> {
  const unknown = await unknownBoardParam(db, id, "leaderboard", search);
  const closed = boardParams(BENCHMARK_INFO[id].board, "api").filter((param) => !param.picksView);
  return [
    ...(unknown ? [{ param: unknown.param, allowed: unknown.valid }] : []),
    ...(
      await Promise.all(
        closed.map(async (param) => {
          const value = first(search, param.param);
          const allowed = await valuesOf(db, id, param);
          return value === undefined || allowed.includes(value)
            ? []
            : [{ param: param.param, allowed }];
        }),
      )
    ).flat(),
  ];
}

/** A parameter's values; the stored ones read only when asked for. */
async function valuesOf(db: Db, id: BenchmarkId, param: BoardParam): Promise<string[]> {
  if (!("stored" in param.values)) return [...param.values];
  switch (param.values.stored) {
    case "versions":
      return boardVersions(db, id);
    case "settings":
      return ["all", ...(await boardSettings(db, id))];
    default:
      return assertNever(param.values.stored);
  }
}
