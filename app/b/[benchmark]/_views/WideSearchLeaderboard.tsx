import Link from "next/link";
import { PrecisionRecallChart } from "@/components/charts/PrecisionRecallChart";
import { ScalingChart } from "@/components/charts/ScalingChart";
import { PillLinks } from "@/components/ui/PillLinks";
import { AdjudicatedBadge } from "@/components/reeval/AdjudicatedBadge";
import { getDb } from "@/db/client";
import { adjudicatedCounts } from "@/db/queries/audit";
import { getWideSearchLeaderboard } from "@/db/queries/widesearch";
import { ciHalfWidth, decimal, percent } from "@/lib/format";
import type { RawSearchParams } from "@/lib/url/search-params";
import { WIDESEARCH_LANGUAGES, wideSearchLeaderboardQuery, parseWideSearchLeaderboardState, type WideSearchSort, type WideSearchLeaderboardState } from "@/lib/benchmarks/widesearch/url";

const BASE = "/b/widesearch";

const COLUMNS: { sort: WideSearchSort; label: string; title: string; kind: "rate" | "count" | "text" }[] = [
  { sort: "model", label: "Model", title: "Model and agent", kind: "text" },
  { sort: "successAvg", label: "SR Avg@N", title: "Success rate: share of tables entirely right, mean over tasks of the mean over runs", kind: "rate" },
  { sort: "successPass", label: "SR Pass@N", title: "Share of tasks with at least one fully right run", kind: "rate" },
  { sort: "rowF1Avg", label: "Row F1 Avg@N", title: "Row-level F1, averaged over runs then tasks", kind: "rate" },
  { sort: "rowF1Max", label: "Row F1 Max@N", title: "Best run's row F1 per task, averaged over tasks", kind: "rate" },
  { sort: "itemF1Avg", label: "Item F1 Avg@N", title: "Cell-level F1, averaged over runs then tasks", kind: "rate" },
  { sort: "itemF1Max", label: "Item F1 Max@N", title: "Best run's item F1 per task, averaged", kind: "rate" },
  { sort: "rowPrecisionAvg", label: "Row P", title: "Row precision, Avg@N", kind: "rate" },
  { sort: "rowRecallAvg", label: "Row R", title: "Row recall, Avg@N", kind: "rate" },
  { sort: "itemPrecisionAvg", label: "Item P", title: "Item precision, Avg@N", kind: "rate" },
  { sort: "itemRecallAvg", label: "Item R", title: "Item recall, Avg@N", kind: "rate" },
  { sort: "searchCalls", label: "Search", title: "Mean search calls per run (when trajectories were submitted)", kind: "count" },
  { sort: "browseCalls", label: "Browse", title: "Mean browse calls per run", kind: "count" },
  { sort: "runs", label: "N", title: "Runs per task", kind: "count" },
];

function sortHref(state: WideSearchLeaderboardState, sort: WideSearchSort): string {
  const dir = state.sort === sort ? (state.dir === "asc" ? "desc" : "asc") : sort === "model" ? "asc" : "desc";
  return BASE + wideSearchLeaderboardQuery({ ...state, sort, dir });
}

export function WideSearchLeaderboard({ searchParams }: { searchParams: RawSearchParams }) {
  const state = parseWideSearchLeaderboardState(searchParams);
  const rows = getWideSearchLeaderboard(getDb(), state);
  const adjudicated = adjudicatedCounts(getDb(), rows.map((row) => row.submissionId));
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">WideSearch leaderboard</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Agents fill a whole table; a run succeeds only when every row and cell is right. Avg@N averages a task&apos;s N runs, Pass@N asks whether any run succeeded, Max@N takes the
          best run. The gap between precision and recall is the paper&apos;s key finding: agents write what they find correctly but miss rows.
        </p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <PillLinks
          label="Language"
          testId="language-picker"
          links={WIDESEARCH_LANGUAGES.map((lang) => ({ label: lang === "all" ? "all" : lang === "en" ? "English" : "Chinese", href: BASE + wideSearchLeaderboardQuery({ ...state, lang }), active: state.lang === lang }))}
        />
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600" data-testid="leaderboard-empty">
          No approved WideSearch submission has tasks in this language.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" data-testid="leaderboard" data-rows={rows.length}>
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-2 py-2 text-right">#</th>
                {COLUMNS.map((c) => (
                  <th key={c.sort} title={c.title} className={`px-2 py-2 ${c.kind === "text" ? "" : "text-right"}`} aria-sort={state.sort === c.sort ? (state.dir === "asc" ? "ascending" : "descending") : "none"}>
                    <a href={sortHref(state, c.sort)} className={`hover:text-slate-900 ${state.sort === c.sort ? "text-indigo-700" : ""}`} data-testid={`sort-${c.sort}`}>
                      {c.label}
                      {state.sort === c.sort ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                    </a>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => {
                const a = row.aggregate;
                return (
                  <tr key={row.submissionId} className="hover:bg-slate-50" data-testid="leaderboard-row" data-model={row.model} data-success-avg={a.successAvg ?? ""}>
                    <td className="px-2 py-2 text-right tabular-nums text-slate-500">{i + 1}</td>
                    <td className="px-2 py-2">
                      <Link href={`/s/${row.submissionId}`} className="font-medium text-indigo-700 hover:underline">
                        {row.model}
                      </Link>
                      <AdjudicatedBadge count={adjudicated.get(row.submissionId) ?? 0} />
                      <span className="ml-1 block text-xs text-slate-500">
                        {row.agent ?? row.setting}
                        {row.hasTrajectories ? "" : " · results only"}
                        {a.incompleteSamples > 0 ? ` · ${a.incompleteSamples} runs with unscored llm_judge cells` : ""}
                      </span>
                    </td>
                    {COLUMNS.slice(1).map((c) => {
                      const value = a[c.sort as Exclude<WideSearchSort, "model">];
                      const ci = c.sort === "successAvg" || c.sort === "rowF1Avg" || c.sort === "itemF1Avg" ? a.ci[c.sort] : null;
                      return (
                        <td key={c.sort} className="px-2 py-2 text-right tabular-nums" title={ci ? `95% CI over tasks ${percent(ci.lo)}–${percent(ci.hi)}` : undefined}>
                          {c.kind === "rate" ? percent(value) : c.sort === "runs" ? value : decimal(value, 1)}
                          {ci ? <span className="ml-1 text-xs text-slate-500">{ciHalfWidth(ci.lo, ci.hi)}</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold">Precision vs recall (Avg@N)</h2>
            <p className="text-xs text-slate-500">Points below the diagonal: the agent is more precise than complete — it misses rows rather than inventing them.</p>
            <PrecisionRecallChart
              points={rows.map((r) => ({
                model: r.model,
                rowPrecision: r.aggregate.rowPrecisionAvg,
                rowRecall: r.aggregate.rowRecallAvg,
                itemPrecision: r.aggregate.itemPrecisionAvg,
                itemRecall: r.aggregate.itemRecallAvg,
              }))}
            />
          </section>
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold">Test-time scaling: Pass@k and Max@k</h2>
            <p className="text-xs text-slate-500">Unbiased estimators over each task&apos;s N runs (k ≤ N). Only submissions with more than one run per task are drawn.</p>
            <ScalingChart series={rows.filter((r) => r.aggregate.scaling.length > 1).map((r) => ({ model: r.model, points: r.aggregate.scaling }))} />
          </section>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">
        CIs (±, on hover) are 95% percentile-bootstrap intervals over tasks. &quot;Results only&quot; submissions were imported from the producer&apos;s evaluation CSVs: their
        figures are the producer&apos;s, checked to reproduce its own summary; they have no trajectories or tables to inspect.
      </p>
    </div>
  );
}
