import Link from "next/link";
import { DeltaFactsChart } from "./DeltaFactsChart";
import { FcrPassChart } from "./FcrPassChart";
import { TruncatedChart } from "./TruncatedChart";
import { AnalysisControls } from "./AnalysisControls";
import { DownloadLinks } from "./DownloadLinks";
import { percent } from "@/lib/format";
import { sampleFiltersQuery, DEFAULT_SAMPLE_FILTERS } from "@/lib/url/samples";
import { BoardHeader } from "@/components/leaderboard/BoardHeader";
import { mpwInfo } from "@/lib/benchmarks/mpw/info";
import type { MpwDiagnosticsData } from "@/server/benchmarks/mpw/diagnostics";
import type { BoardPageProps } from "../types";

function samplesHref(
  submissionId: number,
  filters: Partial<typeof DEFAULT_SAMPLE_FILTERS>,
): string {
  return `/s/${submissionId}${sampleFiltersQuery({ ...DEFAULT_SAMPLE_FILTERS, ...filters })}#samples`;
}

/** The paper's Figures 2 and 3 for the chosen models: FCR vs Pass@1, Δfacts(k), FCR(k) and HitPrec(k). */
export function MpwDiagnostics({
  data: { state, models, selections, fcrSeries, cohortSeries },
}: BoardPageProps<MpwDiagnosticsData>) {
  return (
    <div className="space-y-6">
      <BoardHeader id="mpw" name={mpwInfo.name} page="diagnostics">
        Does coverage drive accuracy, and do agents stop searching too early? The paper&apos;s
        Figures 2 and 3 for any submissions on the leaderboard; click a point to open the samples
        behind it.
      </BoardHeader>

      <AnalysisControls state={state} models={models} selected={selections.map((s) => s.model)} />

      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="fcr-pass1-section"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">FCR vs Pass@1</h2>
          <span className="text-sm text-slate-600">
            pooling {state.pool.join(" + ")} · {state.bins} equal-frequency bins requested
          </span>
        </div>
        <p className="text-xs text-slate-500">
          Each point is one bin: mean FCR and Pass@1 of its samples (samples whose task has atomic
          facts). Bins never split equal FCR values, so heavy ties give fewer bins. The band&apos;s
          width shows each bin&apos;s sample count; shapes mark each setting&apos;s model-level
          point (■ B-guidance, ▲ B-fewshot, ◆ C); dashed lines are Setting A Pass@1, the synthesis
          upper bound at FCR = 1.
        </p>
        {fcrSeries.every((s) => s.data.cohort === 0) ? (
          <Empty>No sample of the chosen models has an FCR under the chosen settings.</Empty>
        ) : (
          <>
            <FcrPassChart
              series={fcrSeries.map(({ selection, data }) => ({
                model: selection.model,
                bins: data.bins,
                binHrefs: data.bins.map(
                  (_, i) => `#fcr-bin-${encodeURIComponent(selection.model)}-${i}`,
                ),
                settingPoints: selection.settingPoints,
                settingA: selection.settingA,
              }))}
            />
            {fcrSeries.map(({ selection, ids, data }) => (
              <details
                key={selection.model}
                open
                className="rounded border border-slate-200 p-3"
                data-testid="fcr-pass1-model"
                data-model={selection.model}
                data-bins-formed={data.binsFormed}
                data-cohort={data.cohort}
              >
                <summary className="cursor-pointer text-sm">
                  <strong>{selection.model}</strong> — cohort {data.cohort} samples from{" "}
                  {selection.pooled.map((p) => p.setting).join(", ")}; {data.binsFormed} of{" "}
                  {data.binsRequested} bins formed
                  {selection.settingA !== null
                    ? ` · Setting A Pass@1 ${percent(selection.settingA)}`
                    : " · no Setting A run"}
                </summary>
                <DownloadLinks kind="fcr-pass1" ids={ids} query={`bins=${state.bins}`} />
                <table className="mt-2 min-w-full text-sm">
                  <thead className="text-left text-xs uppercase text-slate-500">
                    <tr>
                      <th className="pr-3">Bin</th>
                      <th className="pr-3">FCR range</th>
                      <th className="pr-3 text-right">n</th>
                      <th className="pr-3 text-right">mean FCR</th>
                      <th className="pr-3 text-right">Pass@1</th>
                      <th>Samples</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.bins.map((bin, i) => (
                      <tr
                        key={i}
                        id={`fcr-bin-${encodeURIComponent(selection.model)}-${i}`}
                        className="target:bg-amber-50"
                        data-testid="fcr-bin"
                      >
                        <td className="pr-3 tabular-nums">{i + 1}</td>
                        <td className="pr-3 tabular-nums">
                          {percent(bin.fcrMin)} – {percent(bin.fcrMax)}
                        </td>
                        <td className="pr-3 text-right tabular-nums">{bin.n}</td>
                        <td className="pr-3 text-right tabular-nums">{percent(bin.meanFcr)}</td>
                        <td className="pr-3 text-right tabular-nums">{percent(bin.pass1)}</td>
                        <td className="space-x-1">
                          {selection.pooled.map((p) => (
                            <Link
                              key={p.submissionId}
                              href={samplesHref(p.submissionId, {
                                fcrMin: bin.fcrMin,
                                fcrMax: bin.fcrMax,
                              })}
                              className="inline-flex min-h-6 min-w-6 items-center justify-center text-indigo-700 hover:underline"
                              data-testid="fcr-bin-link"
                            >
                              {p.setting}
                            </Link>
                          ))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            ))}
          </>
        )}
      </section>

      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="delta-facts-section"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Δfacts(k): new facts per call</h2>
          <span className="text-sm text-slate-600">
            setting {state.cohortSetting} · cohort ToolCalls ≥ {state.kCohort} · faint where n(k)
            &lt; {state.nThreshold}
          </span>
        </div>
        <p className="text-xs text-slate-500">
          Mean number of atomic facts first covered at the k-th call (band: interquartile range),
          over cohort samples that reached call k; n(k) on the right axis. Cohort: status finished
          or max_turns_reached, at least one tool call, a task with facts, and at least k_cohort
          calls.
        </p>
        {cohortSeries.every((s) => s.delta.cohort === 0) ? (
          <Empty>
            No sample of the chosen models reaches {state.kCohort} tool calls under setting{" "}
            {state.cohortSetting}. Lower k_cohort or pick another setting.
          </Empty>
        ) : (
          <>
            <DeltaFactsChart
              series={cohortSeries.map(({ selection, id, delta }) => ({
                model: selection.model,
                points: delta.points,
                kHrefs: delta.points.map((p) =>
                  samplesHref(id, { minCalls: Math.max(p.k, state.kCohort), cohort: true }),
                ),
              }))}
            />
            <CohortList
              items={cohortSeries.map(({ selection, id, delta }) => ({
                model: selection.model,
                id,
                cohort: delta.cohort,
                points: delta.points.length,
                kind: "delta-facts",
                query: `kCohort=${state.kCohort}&nThreshold=${state.nThreshold}`,
                href: samplesHref(id, { minCalls: state.kCohort, cohort: true }),
              }))}
            />
          </>
        )}
      </section>

      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="truncated-section"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">FCR(k) and HitPrec(k)</h2>
          <span className="text-sm text-slate-600">
            setting {state.cohortSetting} · fixed cohort ToolCalls ≥ {state.kTrunc}
          </span>
        </div>
        <p className="text-xs text-slate-500">
          Cumulative fact coverage after k calls (solid, left axis) and cumulative hit precision
          hits(≤k)/k (dashed, right axis), k = 1..k_trunc, over one fixed cohort so n does not
          change along the curve.
        </p>
        {cohortSeries.every((s) => s.truncated.cohort === 0) ? (
          <Empty>
            No sample of the chosen models reaches {state.kTrunc} tool calls under setting{" "}
            {state.cohortSetting}. Lower k_trunc or pick another setting.
          </Empty>
        ) : (
          <>
            <TruncatedChart
              series={cohortSeries.map(({ selection, id, truncated }) => ({
                model: selection.model,
                points: truncated.points,
                cohortHref: samplesHref(id, { minCalls: state.kTrunc, cohort: true }),
              }))}
            />
            <CohortList
              items={cohortSeries.map(({ selection, id, truncated }) => ({
                model: selection.model,
                id,
                cohort: truncated.cohort,
                points: truncated.points.length,
                kind: "truncated",
                query: `kTrunc=${state.kTrunc}`,
                href: samplesHref(id, { minCalls: state.kTrunc, cohort: true }),
              }))}
            />
          </>
        )}
      </section>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p
      className="rounded border border-dashed border-slate-300 p-6 text-sm text-slate-600"
      data-testid="analysis-empty"
    >
      {children}
    </p>
  );
}

function CohortList({
  items,
}: {
  items: {
    model: string;
    id: number;
    cohort: number;
    points: number;
    kind: "delta-facts" | "truncated";
    query: string;
    href: string;
  }[];
}) {
  return (
    <ul className="space-y-1 text-sm">
      {items.map((item) => (
        <li
          key={item.model}
          className="flex flex-wrap items-center gap-3"
          data-testid={`${item.kind}-model`}
          data-model={item.model}
          data-cohort={item.cohort}
          data-points={item.points}
        >
          <strong>{item.model}</strong>
          <span className="text-slate-600">cohort {item.cohort} samples</span>
          <Link
            href={item.href}
            className="text-indigo-700 hover:underline"
            data-testid={`${item.kind}-cohort-link`}
          >
            open samples
          </Link>
          <DownloadLinks kind={item.kind} ids={[item.id]} query={item.query} />
        </li>
      ))}
    </ul>
  );
}
