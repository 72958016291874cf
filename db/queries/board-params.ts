import "server-only";
import { assertNever } from "../../lib/assert-never";
import type { ClosedParam } from "../../lib/benchmarks/board";
import { BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
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

/** A view-picking parameter: its values (read only when the parameter is given) and how the page reads it. */
interface ViewParam {
  param: string;
  values: () => Promise<readonly string[]>;
  /** The board's parser trims the value (stored-report boards). */
  trimmed?: boolean;
  /** Several values, `a,b` or the key repeated, each checked (and trimmed, as the parser does). */
  list?: boolean;
}

/**
 * The first parameter of a board page's URL that picks no view — an unknown version,
 * dataset, setting or split — with the values it can take; null when each is known or
 * absent. The pages answer it with a 404 naming the value, the leaderboard API with a 400,
 * never with a silently different board. Only the parameters that pick the rows shown
 * are checked: an unknown `sort` or `dir` on a page falls back to the default order.
 *
 * Values are read as the page's parsers read them: the first of a repeated key (every
 * value of a list), trimmed where the board's parser trims; an empty value is the
 * default.
 */
export async function unknownBoardParam(
  db: Db,
  id: BenchmarkId,
  page: BoardPage,
  search: RawSearchParams,
): Promise<UnknownBoardParam | null> {
  for (const view of viewParams(db, id, page)) {
    const given = view.list
      ? [search[view.param] ?? []].flat().flatMap((v) => v.split(","))
      : [first(search, view.param) ?? ""];
    const asked = (view.trimmed || view.list ? given.map((v) => v.trim()) : given).filter(
      (value) => value !== "",
    );
    if (asked.length === 0) continue;
    const valid = [...(await view.values())];
    const unknown = asked.find((value) => !valid.includes(value));
    if (unknown !== undefined) return { param: view.param, value: unknown, valid };
  }
  return null;
}

function viewParams(db: Db, id: BenchmarkId, page: BoardPage): ViewParam[] {
  const board = BENCHMARKS[id].board;
  switch (board.format) {
    case "report":
      // Both pages of a stored-report board show one version (dataset) and setting filter.
      return [
        ...(board.versionParam
          ? [{ param: board.versionParam, values: () => boardVersions(db, id), trimmed: true }]
          : []),
        ...(board.settingFilter
          ? [
              {
                param: "setting",
                values: async () => ["all", ...(await boardSettings(db, id))],
                trimmed: true,
              },
            ]
          : []),
      ];
    case "mpw":
    case "widesearch": {
      const params: Record<string, ClosedParam> =
        page === "leaderboard"
          ? Object.fromEntries(
              Object.entries(board.params).map(([param, values]) => [param, { values }]),
            )
          : board.diagnosticsParams;
      return Object.entries(params).map(([param, { values, list }]) => ({
        param,
        values: async () => values,
        list,
      }));
    }
    default:
      return assertNever(board);
  }
}
