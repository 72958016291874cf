import Link from "next/link";
import type { CompareSubmission, PairedRows } from "@/db/queries/compare";
import { cellTaskPairs, type OutcomeCell } from "@/lib/compare/outcomes";
import { CELL_PAGE_SIZE, compareTaskHref } from "@/lib/url/compare";
import { cellName } from "./OutcomeMatrix";

/** The tasks (run pairs) of one matrix cell, optionally within one split, each opening the side-by-side view. */
export function CellTaskList({
  cell,
  within,
  rows,
  page,
  base,
  vs,
  pageHref,
  closeHref,
}: {
  cell: OutcomeCell;
  within: { dimension: string; value: string } | null;
  rows: PairedRows;
  page: number;
  base: CompareSubmission;
  vs: CompareSubmission;
  pageHref: (page: number) => string;
  closeHref: string;
}) {
  const tasks = new Map(rows.tasks.map((t) => [t.taskKey, t]));
  const pairs = cellTaskPairs(rows.runs, (taskKey) => tasks.get(taskKey)?.splits, cell, within);
  const pages = Math.max(1, Math.ceil(pairs.length / CELL_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = pairs.slice((current - 1) * CELL_PAGE_SIZE, current * CELL_PAGE_SIZE);
  const several = base.runs > 1 || vs.runs > 1;
  return (
    <section
      id="cell"
      className="space-y-2 rounded-lg border border-indigo-200 bg-white p-4"
      data-testid="cell-list"
      data-cell={cell}
      data-total={pairs.length}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {cellName(cell)[0].toUpperCase() + cellName(cell).slice(1)}: {pairs.length}{" "}
          {several ? "run pair(s)" : "task(s)"}
          {within ? (
            <span className="font-normal text-slate-500">
              {" "}
              within {within.dimension} {within.value}
            </span>
          ) : null}
        </h3>
        <Link href={closeHref} className="text-xs text-slate-500 hover:underline">
          close
        </Link>
      </div>
      {pairs.length === 0 ? (
        <p className="text-sm text-slate-600">No tasks in this cell.</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3">Task</th>
              {several ? <th className="py-1 pr-3">Run</th> : null}
              <th className="py-1 pr-3">Question</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr
                key={`${p.taskKey}#${p.run}`}
                className="border-t border-slate-100 align-top"
                data-testid="cell-row"
                data-task={p.taskKey}
                data-run={p.run}
              >
                <td className="py-1 pr-3 font-mono text-xs">{p.taskKey}</td>
                {several ? <td className="py-1 pr-3 tabular-nums">{p.run}</td> : null}
                <td className="py-1 pr-3 text-slate-700">
                  {tasks.get(p.taskKey)?.question ?? (
                    <span className="text-slate-500">question not included</span>
                  )}
                </td>
                <td className="whitespace-nowrap py-1 text-right">
                  <Link
                    href={compareTaskHref(base.id, vs.id, p.taskKey, p.run, { cell, within })}
                    className="text-indigo-700 hover:underline"
                    data-testid="side-by-side-link"
                  >
                    side by side →
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="flex items-center gap-3 text-sm" aria-label="Cell pages">
          {current > 1 ? (
            <Link href={pageHref(current - 1)} className="text-indigo-700 hover:underline">
              ← previous
            </Link>
          ) : null}
          <span className="text-slate-500">
            page {current} of {pages}
          </span>
          {current < pages ? (
            <Link href={pageHref(current + 1)} className="text-indigo-700 hover:underline">
              next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
