import Link from "next/link";
import { FailureSummary } from "@/components/tags/FailureSummary";
import { FilterQueryInput } from "@/components/tags/FilterQueryInput";
import { SampleFlags } from "@/components/tags/SampleFlags";
import { Badge, StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import { getDb } from "@/db/client";
import { listSamples, sampleFacets } from "@/db/queries/samples";
import { getAggregates, type SubmissionRow } from "@/db/queries/submissions";
import { ciHalfWidth, decimal, percent } from "@/lib/format";
import { SAMPLE_PAGE_SIZE, sampleFiltersQuery, VERDICT_FILTERS, type SampleFilters } from "@/lib/url/samples";
import { wideSearchSampleMetricsSchema, wideSearchStoredAggregateSchema, type WideSearchStoredAggregate } from "@/lib/benchmarks/widesearch/stored";

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

function sampleHref(submissionId: number, taskKey: string, run: number): string {
  return `/s/${submissionId}/t/${encodeURIComponent(taskKey)}${run > 0 ? `?run=${run}` : ""}`;
}

interface SummaryCheckNote {
  evaluation: string;
  summary: string;
  matches: boolean;
  maxDifference: number;
  worst: string | null;
  judge: unknown;
}

export function WideSearchSubmission({ submission, filters }: { submission: SubmissionRow; filters: SampleFilters }) {
  const db = getDb();
  const aggregates = getAggregates(db, submission.id);
  const splits = aggregates.map((a) => ({ split: a.split, aggregate: wideSearchStoredAggregateSchema.parse(a.metrics) }));
  const overall = splits.find((s) => s.split === "overall")?.aggregate;
  if (!overall) throw new Error(`submission ${submission.id} has no aggregates`);
  const { rows, total } = listSamples(db, submission.id, filters);
  const facets = sampleFacets(db, submission.id);
  const checks = ((submission.importNotes?.summaryChecks ?? []) as SummaryCheckNote[]).filter(Boolean);
  const pages = Math.max(1, Math.ceil(total / SAMPLE_PAGE_SIZE));
  const action = `/s/${submission.id}`;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-slate-500">
          <Link href="/b/widesearch" className="hover:underline">
            WideSearch · {submission.setting}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{submission.model}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {submission.agent ? <Badge tone="slate">{submission.agent}</Badge> : null}
          <Badge tone="slate">version {submission.benchmarkVersion}</Badge>
          <Badge tone={submission.status === "approved" ? "green" : "amber"}>{submission.status}</Badge>
          <span>
            {overall.n} tasks × N = {overall.runs} run{overall.runs === 1 ? "" : "s"}
          </span>
          <span>uploaded {submission.uploadedAt.slice(0, 10)}</span>
          <Link href={`/compare?s=${submission.id}`} className="text-indigo-700 hover:underline" data-testid="compare-link">Compare with…</Link>
        </div>
      </div>

      {checks.length ? (
        <ul className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="summary-checks">
          {checks.map((c) => (
            <li key={c.summary}>
              {c.matches ? (
                <Badge tone="green">reproduced</Badge>
              ) : (
                <Badge tone="amber" title={`largest difference ${c.maxDifference} at ${c.worst}`}>
                  differs
                </Badge>
              )}{" "}
              aggregating <span className="font-mono">{c.evaluation}</span> {c.matches ? "reproduces" : "does not reproduce"} the producer&apos;s{" "}
              <span className="font-mono">{c.summary}</span>
              {typeof c.judge === "string" ? <span className="text-slate-500"> (judge {c.judge})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}

      <section className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="overall-metrics">
        <Stat label="SR Avg@N" value={percent(overall.successAvg)} ci={ciHalfWidth(overall.ci.successAvg?.lo ?? null, overall.ci.successAvg?.hi ?? null)} />
        <Stat label="SR Pass@N" value={percent(overall.successPass)} />
        <Stat label="Row F1 Avg@N" value={percent(overall.rowF1Avg)} ci={ciHalfWidth(overall.ci.rowF1Avg?.lo ?? null, overall.ci.rowF1Avg?.hi ?? null)} />
        <Stat label="Row F1 Max@N" value={percent(overall.rowF1Max)} />
        <Stat label="Item F1 Avg@N" value={percent(overall.itemF1Avg)} ci={ciHalfWidth(overall.ci.itemF1Avg?.lo ?? null, overall.ci.itemF1Avg?.hi ?? null)} />
        <Stat label="Item F1 Max@N" value={percent(overall.itemF1Max)} />
      </section>
      {overall.incompleteSamples > 0 ? (
        <p className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="unscored-note">
          {overall.incompleteSamples} run(s) have <code>llm_judge</code> cells that no judge scored: they count as 0 here, so these figures are lower bounds. Configure a judge to score
          them.
        </p>
      ) : null}

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">By language</h2>
        <SplitTable splits={splits} />
      </section>

      <section className="space-y-3" id="samples">
        <h2 className="text-lg font-semibold">Samples</h2>
        <FailureSummary submissionId={submission.id} />
        <form action={`${action}#samples`} method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="sample-filters">
          <label className="flex flex-col text-xs text-slate-500">
            Success
            <select name="verdict" defaultValue={filters.verdict} className={field}>
              {VERDICT_FILTERS.map((v) => (
                <option key={v} value={v}>
                  {v === "correct" ? "success" : v === "incorrect" ? "failure" : v}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-xs text-slate-500">
            Status
            <select name="status" defaultValue={filters.status ?? ""} className={field}>
              <option value="">any</option>
              {facets.statuses.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-1 flex-col text-xs text-slate-500">
            Text (instance id, query, response)
            <input name="q" type="search" defaultValue={filters.q} className={`${field} min-w-48`} />
          </label>
          <FilterQueryInput value={filters.f} />
          <button type="submit" className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
            Filter
          </button>
          <Link href={`${action}#samples`} className="py-1.5 text-sm text-slate-600 hover:underline">
            Clear
          </Link>
        </form>
        <p className="text-sm text-slate-600" data-testid="sample-count" data-total={total}>
          {total.toLocaleString("en")} sample{total === 1 ? "" : "s"} match{total > 0 ? ` · page ${Math.min(filters.page, pages)} of ${pages}` : ""}
        </p>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">No sample matches these filters.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" data-testid="sample-table">
              <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-3 py-2">Task</th>
                  <th className="px-3 py-2">Success</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2 text-right">Row P / R / F1</th>
                  <th className="px-3 py-2 text-right">Item P / R / F1</th>
                  <th className="px-3 py-2">Reason</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => {
                  const m = wideSearchSampleMetricsSchema.parse(row.metrics);
                  return (
                    <tr key={row.id} className="align-top hover:bg-slate-50" data-testid="sample-row" data-correct={row.correct ? "1" : "0"} data-status={row.status}>
                      <td className="whitespace-nowrap px-3 py-2">
                        <Link href={sampleHref(submission.id, row.taskKey, row.run)} className="font-mono text-indigo-700 hover:underline">
                          {row.taskKey}
                          {overall.runs > 1 ? ` · run ${row.run}` : ""}
                        </Link>
                        <SampleFlags hints={row.hints} tags={row.tags} />
                        {!m.complete ? (
                          <span className="ml-1">
                            <Badge tone="amber" title="llm_judge cells left unscored">
                              {m.unscoredCells} unscored
                            </Badge>
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">
                        <VerdictBadge correct={row.correct} />
                      </td>
                      <td className="px-3 py-2">
                        <StatusBadge status={row.status} />
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {percent(m.rowPrecision, 0)} / {percent(m.rowRecall, 0)} / <strong>{percent(m.rowF1, 0)}</strong>
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {percent(m.itemPrecision, 0)} / {percent(m.itemRecall, 0)} / <strong>{percent(m.itemF1, 0)}</strong>
                      </td>
                      <td className="max-w-sm px-3 py-2 text-slate-600">{m.reason ?? ""}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav className="flex items-center gap-3 text-sm" aria-label="Sample pages">
            {filters.page > 1 ? (
              <Link href={`${action}${sampleFiltersQuery({ ...filters, page: filters.page - 1 })}#samples`} className="text-indigo-700 hover:underline" rel="prev">
                ← Previous
              </Link>
            ) : null}
            {filters.page < pages ? (
              <Link href={`${action}${sampleFiltersQuery({ ...filters, page: filters.page + 1 })}#samples`} className="text-indigo-700 hover:underline" rel="next">
                Next →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function Stat({ label, value, ci }: { label: string; value: string; ci?: string | null }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-xl font-semibold tabular-nums">
        {value}
        {ci ? <span className="ml-1 text-xs font-normal text-slate-500">{ci}</span> : null}
      </div>
    </div>
  );
}

function SplitTable({ splits }: { splits: { split: string; aggregate: WideSearchStoredAggregate }[] }) {
  return (
    <table className="mt-2 min-w-full text-sm" data-testid="language-breakdown">
      <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
        <tr>
          <th className="py-1 pr-3">Split</th>
          <th className="py-1 pr-3 text-right">Tasks</th>
          <th className="py-1 pr-3 text-right">SR Avg@N</th>
          <th className="py-1 pr-3 text-right">SR Pass@N</th>
          <th className="py-1 pr-3 text-right">Row F1 Avg@N</th>
          <th className="py-1 pr-3 text-right">Item F1 Avg@N</th>
          <th className="py-1 pr-3 text-right">Row P / R</th>
          <th className="py-1 text-right">Search / browse</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {splits.map(({ split, aggregate: a }) => (
          <tr key={split}>
            <td className="py-1 pr-3">{split === "overall" ? "all" : split.replace("lang:", "")}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{a.n}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{percent(a.successAvg)}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{percent(a.successPass)}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{percent(a.rowF1Avg)}</td>
            <td className="py-1 pr-3 text-right tabular-nums">{percent(a.itemF1Avg)}</td>
            <td className="py-1 pr-3 text-right tabular-nums">
              {percent(a.rowPrecisionAvg)} / {percent(a.rowRecallAvg)}
            </td>
            <td className="py-1 text-right tabular-nums">
              {decimal(a.searchCalls, 1)} / {decimal(a.browseCalls, 1)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
