import type { BenchmarkId } from "@/lib/benchmarks/registry";

/** The compare form the rows' checkboxes belong to (their `form` attribute), so the table need not sit inside it. */
const COMPARE_FORM = "compare-picks";

/**
 * Above a board's table: compare the rows picked (a plain GET form to /compare, `s` once per
 * row) and export exactly the view shown, as JSON or CSV (the leaderboard API with the view's
 * parameters).
 */
export function BoardActions({ id, query }: { id: BenchmarkId; query: string }) {
  const api = `/api/b/${id}/leaderboard`;
  const csv = `${api}${query ? `${query}&` : "?"}format=csv`;
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
      data-testid="board-actions"
    >
      <form id={COMPARE_FORM} action="/compare" method="get">
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-50"
          data-testid="compare-picked"
        >
          Compare selected rows
        </button>
      </form>
      <span className="text-slate-500">
        Export this view:{" "}
        <a
          href={`${api}${query}`}
          className="text-indigo-700 underline hover:text-indigo-900"
          data-testid="export-json"
        >
          JSON
        </a>
        {" · "}
        <a
          href={csv}
          download
          className="text-indigo-700 underline hover:text-indigo-900"
          data-testid="export-csv"
        >
          CSV
        </a>
      </span>
    </div>
  );
}

/** A row's "#" cell (its rank, "—" when not ranked), with the checkbox that picks the row for compare. */
export function RankCell({
  rank,
  submissionId,
  model,
  className,
}: {
  rank: string;
  submissionId: number;
  model: string;
  className: string;
}) {
  return (
    <td
      className={`${className} whitespace-nowrap text-right tabular-nums text-slate-500`}
      data-testid="rank"
      data-rank={rank}
    >
      <input
        type="checkbox"
        name="s"
        value={submissionId}
        form={COMPARE_FORM}
        aria-label={`Pick ${model} to compare`}
        className="mr-1.5 align-middle"
        data-testid="compare-pick"
      />
      {rank}
    </td>
  );
}
