import type { UnknownBoardParam } from "@/db/queries/board-params";
import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import { boardPagePath, withParam, type BoardPage } from "@/lib/url/board-page";
import type { RawSearchParams } from "@/lib/url/search-params";

/**
 * A board page asked for a view the board does not have: the parameter and its value, and
 * a link to each view it does have, the rest of the address kept. The value comes from the
 * URL: rendered as text, never as HTML. Its links are plain page loads: the client router
 * keeps showing a segment's not-found UI until the path changes, and these only change the query.
 */
export function UnknownBoardParamNotice({
  id,
  page,
  search,
  unknown,
}: {
  id: BenchmarkId;
  page: BoardPage;
  search: RawSearchParams;
  unknown: UnknownBoardParam;
}) {
  const { name } = BENCHMARKS[id];
  const { param, value, valid } = unknown;
  const path = boardPagePath(id, page);
  return (
    <div
      className="rounded-lg border border-slate-200 bg-white p-6"
      data-testid="unknown-board-param"
      data-param={param}
      data-value={value}
    >
      <h1 className="text-lg font-semibold">Not found</h1>
      <p
        className="mt-2 break-words text-sm text-slate-600"
        data-testid="unknown-board-param-message"
      >
        No {param} “{value}” on the {name} board.
      </p>
      {valid.length ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Valid {param} values:</span>
          <ul className="flex flex-wrap gap-2" aria-label={`Valid ${param} values`}>
            {valid.map((v) => (
              <li key={v}>
                <a
                  href={path + withParam(search, param, v)}
                  className="rounded-full bg-white px-3 py-1 text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100"
                  data-testid="valid-value"
                >
                  {v}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          No {name} submission is approved yet, so there is no {param} to pick.
        </p>
      )}
      <a href={path} className="mt-4 inline-block text-sm text-indigo-700 hover:underline">
        Open the {name} {page}
      </a>
    </div>
  );
}
