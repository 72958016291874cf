import { plural } from "@/lib/format";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import Link from "next/link";
import type { ReactNode } from "react";
import { StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import type { SampleListRow } from "@/db/queries/samples";
import type { FilterError } from "@/lib/filter/parse";
import {
  nextSampleSort,
  SAMPLE_PAGE_SIZE,
  sampleFiltersQuery,
  sampleHref,
  type SampleFilters,
  type SampleSortKey,
} from "@/lib/url/samples";

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
  /** What a click on the header sorts by (the field behind the cell); null for a cell with no order of its own (a summary of several figures). */
  sort: SampleSortKey | null;
}

/** The Task cell: the link's text, and what follows the link (flags, warnings). */
export interface SampleTaskCell {
  label: (row: SampleListRow) => string;
  after?: (row: SampleListRow) => ReactNode;
}

export function verdictColumn(header: string): SampleColumn {
  return { header, sort: "verdict", cell: (row) => <VerdictBadge correct={row.correct} /> };
}

export const statusColumn: SampleColumn = {
  header: "Status",
  sort: "status",
  cell: (row) => <StatusBadge status={row.status} />,
};

/**
 * A column header that sorts the table: a link (the sort lives in the URL, so a sorted
 * list can be shared and the sample pages opened from it walk it in the same order).
 */
function SortHeader({
  label,
  sortKey,
  title,
  numeric,
  submissionId,
  filters,
}: {
  label: string;
  sortKey: SampleSortKey;
  title?: string;
  numeric?: boolean;
  submissionId: number;
  filters: SampleFilters;
}) {
  const active = filters.sort?.key === sortKey ? filters.sort : null;
  const href = `/s/${submissionId}${sampleFiltersQuery({ ...filters, sort: nextSampleSort(filters.sort, sortKey), page: 1 })}#samples`;
  return (
    <th
      className={`px-3 py-2${numeric ? " text-right" : ""}`}
      title={title}
      aria-sort={active ? (active.descending ? "descending" : "ascending") : "none"}
      data-sort-key={sortKey}
    >
      <Link
        href={href}
        className={`inline-flex items-center gap-1 hover:text-indigo-700 hover:underline${active ? " text-slate-800" : ""}`}
        scroll={false}
      >
        {label}
        <span aria-hidden="true">{active ? (active.descending ? "▼" : "▲") : "↕"}</span>
      </Link>
    </th>
  );
}

/** A query that does not parse, in the table's place: the query with its error marked at the character where it broke. */
function QueryErrorPanel({ query, error }: { query: string; error: FilterError }) {
  const at = Math.min(error.position, query.length);
  return (
    <div
      className="rounded-lg border border-dashed border-rose-300 bg-white p-6 text-sm text-rose-800"
      data-testid="query-error"
      data-position={error.position}
    >
      <pre className="overflow-x-auto whitespace-pre-wrap break-all font-mono text-slate-800">
        {query.slice(0, at)}
        <mark className="rounded-sm bg-rose-200 text-rose-900" data-testid="query-error-at">
          {query.slice(at, at + 1) || " "}
        </mark>
        {query.slice(at + 1)}
      </pre>
      <p className="mt-1">{error.message}</p>
    </div>
  );
}

/** A page of a submission's samples, each linking to its sample page, with the match count and paging. */
export function SampleTable({
  submissionId,
  rows,
  total,
  filters,
  queryError,
  task,
  columns,
}: {
  submissionId: number;
  rows: SampleListRow[];
  total: number;
  filters: SampleFilters;
  /** The `f` query's syntax error: the table is then empty and shows it. */
  queryError: FilterError | null;
  task: SampleTaskCell;
  columns: SampleColumn[];
}) {
  if (queryError) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600" data-testid="sample-count" data-total={0}>
          No sample shown: the filter query does not parse
        </p>
        <QueryErrorPanel query={filters.f} error={queryError} />
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / SAMPLE_PAGE_SIZE));
  const pastEnd = filters.page > pages;
  const pageHref = (page: number) =>
    `/s/${submissionId}${sampleFiltersQuery({ ...filters, page })}#samples`;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600" data-testid="sample-count" data-total={total}>
        {plural(total, "sample")} {total === 1 ? "matches" : "match"}
        {total > 0 && !pastEnd ? ` · page ${filters.page} of ${pages}` : ""}
      </p>
      {pastEnd && total > 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          There is no page {filters.page}: the samples fill {plural(pages, "page")}.{" "}
          <Link href={pageHref(pages)} className="text-indigo-700 hover:underline" rel="prev">
            Go to the last page
          </Link>
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          No sample matches these filters.
        </p>
      ) : (
        <ScrollRegion label="Samples" className="rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" data-testid="sample-table">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <SortHeader
                  label="Task"
                  sortKey="task"
                  submissionId={submissionId}
                  filters={filters}
                />
                {columns.map((c) =>
                  c.sort ? (
                    <SortHeader
                      key={c.header}
                      label={c.header}
                      sortKey={c.sort}
                      title={c.title}
                      numeric={c.numeric}
                      submissionId={submissionId}
                      filters={filters}
                    />
                  ) : (
                    <th
                      key={c.header}
                      className={`px-3 py-2${c.numeric ? " text-right" : ""}`}
                      title={c.title}
                    >
                      {c.header}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className="align-top hover:bg-slate-50"
                  data-testid="sample-row"
                  data-correct={row.correct ? "1" : "0"}
                  data-status={row.status}
                  data-fcr={row.fcr ?? ""}
                  data-hints={row.hints.join(" ")}
                  data-tags={row.tags.join("|")}
                >
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link
                      href={sampleHref(submissionId, row.taskKey, row.run, filters)}
                      className="font-mono text-indigo-700 hover:underline"
                    >
                      {task.label(row)}
                    </Link>
                    {task.after?.(row)}
                  </td>
                  {columns.map((c) => (
                    <td
                      key={c.header}
                      className={`px-3 py-2${c.numeric ? " text-right tabular-nums" : ""}${c.className ? ` ${c.className}` : ""}`}
                      title={c.cellTitle?.(row)}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {pages > 1 && !pastEnd ? (
        <nav className="flex items-center gap-3 text-sm" aria-label="Sample pages">
          {filters.page > 1 ? (
            <Link
              href={pageHref(filters.page - 1)}
              className="text-indigo-700 hover:underline"
              rel="prev"
            >
              ← Previous
            </Link>
          ) : null}
          {filters.page < pages ? (
            <Link
              href={pageHref(filters.page + 1)}
              className="text-indigo-700 hover:underline"
              rel="next"
            >
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
