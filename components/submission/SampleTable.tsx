import Link from "next/link";
import type { ReactNode } from "react";
import { StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import type { SampleListRow } from "@/db/queries/samples";
import { SAMPLE_PAGE_SIZE, sampleFiltersQuery, sampleHref, type SampleFilters } from "@/lib/url/samples";

/** One column of the sample table after the Task column: each benchmark picks its own. */
export interface SampleColumn {
  header: string;
  /** The header's tooltip. */
  title?: string;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** Classes of the cell beyond the padding every cell has. */
  className?: string;
  cellTitle?: (row: SampleListRow) => string;
  cell: (row: SampleListRow) => ReactNode;
}

/** The Task cell: the link's text, and what follows the link (flags, warnings). */
export interface SampleTaskCell {
  label: (row: SampleListRow) => string;
  after?: (row: SampleListRow) => ReactNode;
}

export function verdictColumn(header: string): SampleColumn {
  return { header, cell: (row) => <VerdictBadge correct={row.correct} /> };
}

export const statusColumn: SampleColumn = { header: "Status", cell: (row) => <StatusBadge status={row.status} /> };

/** A page of a submission's samples, each linking to its sample page, with the match count and paging. */
export function SampleTable({
  submissionId,
  rows,
  total,
  filters,
  task,
  columns,
}: {
  submissionId: number;
  rows: SampleListRow[];
  total: number;
  filters: SampleFilters;
  task: SampleTaskCell;
  columns: SampleColumn[];
}) {
  const pages = Math.max(1, Math.ceil(total / SAMPLE_PAGE_SIZE));
  const pastEnd = filters.page > pages;
  const pageHref = (page: number) => `/s/${submissionId}${sampleFiltersQuery({ ...filters, page })}#samples`;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600" data-testid="sample-count" data-total={total}>
        {total.toLocaleString("en")} sample{total === 1 ? "" : "s"} match
        {total > 0 && !pastEnd ? ` · page ${filters.page} of ${pages}` : ""}
      </p>
      {pastEnd && total > 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          There is no page {filters.page}: the samples fill {pages} page{pages === 1 ? "" : "s"}.{" "}
          <Link href={pageHref(pages)} className="text-indigo-700 hover:underline" rel="prev">
            Go to the last page
          </Link>
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">No sample matches these filters.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" data-testid="sample-table">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-2">Task</th>
                {columns.map((c) => (
                  <th key={c.header} className={`px-3 py-2${c.numeric ? " text-right" : ""}`} title={c.title}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} className="align-top hover:bg-slate-50" data-testid="sample-row" data-correct={row.correct ? "1" : "0"} data-status={row.status} data-fcr={row.fcr ?? ""} data-hints={row.hints.join(" ")} data-tags={row.tags.join("|")}>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link href={sampleHref(submissionId, row.taskKey, row.run)} className="font-mono text-indigo-700 hover:underline">
                      {task.label(row)}
                    </Link>
                    {task.after?.(row)}
                  </td>
                  {columns.map((c) => (
                    <td key={c.header} className={`px-3 py-2${c.numeric ? " text-right tabular-nums" : ""}${c.className ? ` ${c.className}` : ""}`} title={c.cellTitle?.(row)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && !pastEnd ? (
        <nav className="flex items-center gap-3 text-sm" aria-label="Sample pages">
          {filters.page > 1 ? (
            <Link href={pageHref(filters.page - 1)} className="text-indigo-700 hover:underline" rel="prev">
              ← Previous
            </Link>
          ) : null}
          {filters.page < pages ? (
            <Link href={pageHref(filters.page + 1)} className="text-indigo-700 hover:underline" rel="next">
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
