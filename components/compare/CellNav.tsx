import Link from "next/link";
import type { OutcomeCell } from "@/lib/compare/outcomes";
import { compareHref, compareTaskHref } from "@/lib/url/compare";
import { cellName } from "./OutcomeMatrix";

/** The side-by-side view opened from an outcome-matrix cell: "k of n in this cell", its previous and next task, and the way back to the cell's list. */
export function CellNav({
  a,
  b,
  cell,
  within,
  pairs,
  current,
}: {
  a: number;
  b: number;
  cell: OutcomeCell;
  within: { dimension: string; value: string } | null;
  /** The cell's run pairs in the list's order. */
  pairs: readonly { taskKey: string; run: number }[];
  current: { taskKey: string; run: number };
}) {
  const at = pairs.findIndex((p) => p.taskKey === current.taskKey && p.run === current.run);
  const href = (p: { taskKey: string; run: number } | undefined) =>
    p ? compareTaskHref(a, b, p.taskKey, p.run, { cell, within }) : null;
  const previous = at > 0 ? href(pairs[at - 1]) : null;
  const next = at >= 0 ? href(pairs[at + 1]) : null;
  return (
    <nav
      className="flex flex-wrap items-center gap-3 text-sm"
      aria-label="Tasks of this cell"
      data-testid="cell-context"
      data-cell={cell}
      data-index={at >= 0 ? at + 1 : ""}
      data-total={pairs.length}
    >
      <span className="text-slate-600">
        {cellName(cell)}
        {within ? ` within ${within.dimension} ${within.value}` : ""}:
      </span>
      {at >= 0 ? (
        <>
          {previous ? (
            <Link
              href={previous}
              className="text-indigo-700 hover:underline"
              rel="prev"
              data-testid="cell-previous"
            >
              ← previous task in this cell
            </Link>
          ) : null}
          <span className="font-medium tabular-nums" data-testid="cell-position">
            {at + 1} of {pairs.length}
          </span>
          {next ? (
            <Link
              href={next}
              className="text-indigo-700 hover:underline"
              rel="next"
              data-testid="cell-next"
            >
              next task in this cell →
            </Link>
          ) : (
            <span className="text-slate-500">last in this cell</span>
          )}
        </>
      ) : (
        <span className="text-slate-600" data-testid="cell-position">
          not in this cell
        </span>
      )}
      <Link
        href={compareHref({ ids: [a, b], cell, within }, "#cell")}
        className="text-indigo-700 hover:underline"
        data-testid="cell-back"
      >
        back to the cell
      </Link>
    </nav>
  );
}
