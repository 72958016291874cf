import Link from "next/link";
import { FailureSummary } from "@/components/tags/FailureSummary";
import { FilterQueryInput } from "@/components/tags/FilterQueryInput";
import { SampleFlags } from "@/components/tags/SampleFlags";
import { Badge, StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import { getDb } from "@/db/client";
import { listSamples, sampleFacets } from "@/db/queries/samples";
import { getAggregates, type SubmissionRow } from "@/db/queries/submissions";
import { versionLabel } from "@/db/queries/seekboard";
import { ciHalfWidth, decimal, percent } from "@/lib/format";
import type { InfoMosaicStats } from "@/lib/benchmarks/infomosaic/metrics";
import { BOARD_COLUMNS, boardFigures, boardQuery, parseBoardState, type SeekboardBoard } from "@/lib/seekboard/board";
import { evoStoredSampleSchema } from "@/lib/benchmarks/evobrowsecomp/stored";
import { infoMosaicStoredSampleSchema } from "@/lib/benchmarks/infomosaic/stored";
import { qaStoredSampleSchema } from "@/lib/benchmarks/qa/stored";
import { webDetectiveStoredSampleSchema } from "@/lib/benchmarks/webdetective/stored";
import { SAMPLE_PAGE_SIZE, sampleFiltersQuery, VERDICT_FILTERS, type SampleFilters } from "@/lib/url/samples";

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

function sampleHref(submissionId: number, taskKey: string, run: number): string {
  return `/s/${submissionId}/t/${encodeURIComponent(taskKey)}${run > 0 ? `?run=${run}` : ""}`;
}

/** The sample row's benchmark-specific summary. */
function sampleSummary(board: SeekboardBoard, metrics: Record<string, unknown> | null): string {
  if (!metrics) return "";
  switch (board) {
    case "webdetective": {
      const m = webDetectiveStoredSampleSchema.parse(metrics);
      return `${m.region} · ${m.response} · hops ${m.hopsUsed}/${m.hopsGt}${m.missingEvidence.length ? ` · missing ${m.missingEvidence.join(", ")}` : ""}`;
    }
    case "evobrowsecomp": {
      const m = evoStoredSampleSchema.parse(metrics);
      return `${m.language} · ${m.setting} · ${m.toolCalls ?? "?"}/${m.toolCallLimit} calls${m.exceeded ? " (limit)" : ""} · conf. ${m.statedConfidence ?? m.judgeConfidence ?? "—"}`;
    }
    case "infomosaic": {
      const m = infoMosaicStoredSampleSchema.parse(metrics);
      return `${m.domain} · score ${m.score} · pass ${percent(m.passRate, 0)} · ${m.toolCallTurns} tool turns`;
    }
    case "qa": {
      const m = qaStoredSampleSchema.parse(metrics);
      return `conf. ${m.statedConfidence ?? m.judgeConfidence ?? "—"} · ${m.toolCalls ?? 0} calls`;
    }
  }
}

export function SeekboardSubmission({ submission, filters }: { submission: SubmissionRow; filters: SampleFilters }) {
  const db = getDb();
  const board = submission.benchmarkId as SeekboardBoard;
  const aggregates = getAggregates(db, submission.id);
  const overall = aggregates.find((a) => a.split === "overall");
  if (!overall?.metrics) throw new Error(`submission ${submission.id} has no aggregates`);
  const figures = boardFigures(board, overall.metrics);
  const domains = aggregates.filter((a) => a.split.startsWith("domain:"));
  const { rows, total } = listSamples(db, submission.id, filters);
  const facets = sampleFacets(db, submission.id);
  const pages = Math.max(1, Math.ceil(total / SAMPLE_PAGE_SIZE));
  const action = `/s/${submission.id}`;
  const boardHref = `/b/${board}${board === "evobrowsecomp" || board === "qa" ? boardQuery(board, { ...parseBoardState(board, {}), version: submission.benchmarkVersion }) : ""}`;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-slate-500">
          <Link href={boardHref} className="hover:underline">
            {BENCHMARKS[board as BenchmarkId].name}
            {board === "evobrowsecomp" || board === "qa" ? ` · ${versionLabel(board, submission.benchmarkVersion)}` : ""}
            {submission.setting !== "default" ? ` · ${submission.setting}` : ""}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{submission.model}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {submission.agent ? <Badge tone="slate">{submission.agent}</Badge> : null}
          <Badge tone="slate">version {submission.benchmarkVersion}</Badge>
          <Badge tone={submission.status === "approved" ? "green" : "amber"}>{submission.status}</Badge>
          <span>
            {submission.taskCount} tasks · {submission.sampleCount} samples · {submission.runs} run{submission.runs === 1 ? "" : "s"}
          </span>
          <span>uploaded {submission.uploadedAt.slice(0, 10)}</span>
          <Link href={`/compare?s=${submission.id}`} className="text-indigo-700 hover:underline" data-testid="compare-link">Compare with…</Link>
        </div>
      </div>

      <section className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="overall-metrics">
        {BOARD_COLUMNS[board].map((c) => {
          const value = figures.values[c.key] ?? null;
          const ci = figures.cis[c.key];
          return (
            <div key={c.key} className="rounded-lg border border-slate-200 bg-white p-4" title={c.title}>
              <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{c.label}</div>
              <div className="mt-1 text-xl font-semibold tabular-nums">
                {c.kind === "rate" ? percent(value) : c.kind === "count" ? (value ?? "—") : decimal(value)}
                {ci && c.kind === "rate" ? <span className="ml-1 text-xs font-normal text-slate-500">{ciHalfWidth(ci.lo, ci.hi)}</span> : null}
              </div>
            </div>
          );
        })}
      </section>

      {domains.length ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold">By domain</h2>
          <table className="mt-2 min-w-full text-sm" data-testid="domain-breakdown">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-1 pr-3">Domain</th>
                <th className="py-1 pr-3 text-right">Samples</th>
                <th className="py-1 pr-3 text-right">Accuracy</th>
                <th className="py-1 pr-3 text-right">Pass rate</th>
                <th className="py-1 text-right">Approx. (score 1)</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {domains.map((d) => {
                const s = d.metrics as unknown as InfoMosaicStats;
                return (
                  <tr key={d.split}>
                    <td className="py-1 pr-3">{d.split.replace("domain:", "")}</td>
                    <td className="py-1 pr-3 text-right tabular-nums">{s.n}</td>
                    <td className="py-1 pr-3 text-right tabular-nums">
                      {percent(s.accuracy)} <span className="text-xs text-slate-500">{ciHalfWidth(s.accuracyCi?.lo ?? null, s.accuracyCi?.hi ?? null)}</span>
                    </td>
                    <td className="py-1 pr-3 text-right tabular-nums">{percent(s.passRate)}</td>
                    <td className="py-1 text-right tabular-nums">{s.approximate}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ) : null}

      <section className="space-y-3" id="samples">
        <h2 className="text-lg font-semibold">Samples</h2>
        <FailureSummary submissionId={submission.id} />
        <form action={`${action}#samples`} method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="sample-filters">
          <label className="flex flex-col text-xs text-slate-500">
            Verdict
            <select name="verdict" defaultValue={filters.verdict} className={field}>
              {VERDICT_FILTERS.map((v) => (
                <option key={v} value={v}>
                  {v}
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
          {facets.categories.length ? (
            <label className="flex flex-col text-xs text-slate-500">
              Domain
              <select name="category" defaultValue={filters.category ?? ""} className={field}>
                <option value="">any</option>
                {facets.categories.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="flex flex-1 flex-col text-xs text-slate-500">
            Text (task id, question, prediction, gold)
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
                  <th className="px-3 py-2">Verdict</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">Prediction</th>
                  <th className="px-3 py-2">Details</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id} className="align-top hover:bg-slate-50" data-testid="sample-row" data-correct={row.correct ? "1" : "0"} data-status={row.status}>
                    <td className="whitespace-nowrap px-3 py-2">
                      <Link href={sampleHref(submission.id, row.taskKey, row.run)} className="font-mono text-indigo-700 hover:underline">
                        {row.taskKey}
                        {submission.runs > 1 ? ` · run ${row.run}` : ""}
                      </Link>
                      <SampleFlags hints={row.hints} tags={row.tags} />
                    </td>
                    <td className="px-3 py-2">
                      <VerdictBadge correct={row.correct} />
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="max-w-xs truncate px-3 py-2 text-slate-700" title={row.prediction ?? ""}>
                      {row.prediction ?? <span className="text-slate-400">—</span>}
                    </td>
                    <td className="px-3 py-2 text-xs text-slate-600">{sampleSummary(board, row.metrics)}</td>
                  </tr>
                ))}
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
