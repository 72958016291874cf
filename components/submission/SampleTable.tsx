import Link from "next/link";
import { SampleFlags } from "@/components/tags/SampleFlags";
import { Badge, StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import type { SampleListRow } from "@/db/queries/samples";
import { percent } from "@/lib/format";
import { SAMPLE_PAGE_SIZE, sampleFiltersQuery, type SampleFilters } from "@/lib/url/samples";

function clip(text: string | null, max = 120): string {
  if (!text) return "—";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function trajectoryHref(submissionId: number, taskKey: string, run: number): string {
  return `/s/${submissionId}/t/${encodeURIComponent(taskKey)}${run > 0 ? `?run=${run}` : ""}`;
}

export function SampleTable({
  submissionId,
  rows,
  total,
  filters,
  searchSetting = true,
}: {
  submissionId: number;
  rows: SampleListRow[];
  total: number;
  filters: SampleFilters;
  /** False for setting A (no tools): FCR does not apply. */
  searchSetting?: boolean;
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
                <th className="px-3 py-2">Question</th>
                <th className="px-3 py-2">Prediction</th>
                <th className="px-3 py-2">Verdict</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Tier</th>
                <th className="px-3 py-2 text-right">FCR</th>
                <th className="px-3 py-2 text-right">Calls</th>
                <th className="px-3 py-2" title="automatic hints (amber) and maintainers' failure tags (indigo)">
                  Flags
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} className="align-top hover:bg-slate-50" data-testid="sample-row" data-correct={row.correct ? "1" : "0"} data-status={row.status} data-fcr={row.fcr ?? ""} data-hints={row.hints.join(" ")} data-tags={row.tags.join("|")}>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link href={trajectoryHref(submissionId, row.taskKey, row.run)} className="font-mono text-indigo-700 hover:underline">
                      #{row.taskKey}
                      {row.run > 0 ? `·${row.run}` : ""}
                    </Link>
                    {row.malformedSteps > 0 ? (
                      <span className="ml-1">
                        <Badge tone="amber" title="steps whose tags could not be read; kept verbatim">
                          {row.malformedSteps} malformed
                        </Badge>
                      </span>
                    ) : null}
                  </td>
                  <td className="max-w-md px-3 py-2 text-slate-700">{clip(row.question)}</td>
                  <td className="max-w-xs px-3 py-2 text-slate-700">{clip(row.prediction, 80)}</td>
                  <td className="px-3 py-2">
                    <VerdictBadge correct={row.correct} />
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="px-3 py-2 text-slate-600">{row.tier ?? "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums" title={searchSetting ? `${row.factsCovered} of ${row.factCount} facts` : "no search in setting A"}>
                    {searchSetting ? percent(row.fcr, 0) : <span className="text-slate-400">n/a</span>}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.toolCalls}</td>
                  <td className="px-3 py-2">
                    <SampleFlags hints={row.hints} tags={row.tags} />
                  </td>
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
