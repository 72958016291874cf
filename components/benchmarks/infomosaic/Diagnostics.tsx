import { ScrollRegion } from "@/components/ui/ScrollRegion";
import Link from "next/link";
import {
  InfoMosaicDomainChart,
  ToolCallsAccuracyChart,
  ToolOutcomeChart,
  type OutcomeDatum,
} from "./Charts";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { percent, plural } from "@/lib/format";
import { INFOMOSAIC_DOMAINS } from "@/lib/benchmarks/infomosaic/formats";
import { POSITION_SEGMENTS, type ToolCallBin } from "@/lib/benchmarks/infomosaic/metrics";
import type { InfoMosaicStoredReport } from "@/lib/benchmarks/infomosaic/report";
import { first, type RawSearchParams } from "@/lib/url/search-params";

const binLabel = (b: ToolCallBin) =>
  b.to === null ? `${b.from}+` : b.from === b.to ? String(b.from) : `${b.from}–${b.to}`;

/** Per-domain accuracy and pass rate, tool-call outcome mix, accuracy vs tool calls, and the tool-position heatmap. */
export function InfoMosaicPlots({
  rows,
  searchParams,
}: {
  rows: ReportBoardRow<InfoMosaicStoredReport>[];
  searchParams: RawSearchParams;
}) {
  const reports = rows.map((row) => ({
    row,
    label: `${row.model} · ${row.setting}`,
    report: row.report,
  }));
  const samples = reports.reduce((sum, r) => sum + r.report.aggregate.n, 0);
  const domains = INFOMOSAIC_DOMAINS.filter((d) => reports.some((r) => r.report.byDomain[d]));
  const series = (key: "accuracy" | "passRate") =>
    reports.map((r) => ({
      label: r.label,
      values: Object.fromEntries(domains.map((d) => [d, r.report.byDomain[d]?.[key] ?? null])),
    }));
  const outcomes: OutcomeDatum[] = reports.map((r) => ({
    label: r.label,
    total: r.report.toolOutcomes.overall.total,
    ...r.report.toolOutcomes.overall.shares,
  }));
  const calls = reports.reduce((sum, r) => sum + r.report.toolOutcomes.overall.total, 0);
  const bins = reports[0]?.report.byToolCalls.map(binLabel) ?? [];
  const heatId = Number(first(searchParams, "heat"));
  const heat = reports.find((r) => r.row.submissionId === heatId) ?? reports[0];
  const heatmap = heat.report.heatmap;
  const heatCalls = heatmap.segmentTotals.reduce((a, b) => a + b, 0);
  const heatQuery = (id: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(searchParams))
      if (typeof v === "string" && k !== "heat") params.set(k, v);
    params.set("heat", String(id));
    return `?${params.toString()}`;
  };
  const pairs = [...new Set(reports.map((r) => r.row.model))].flatMap((model) => {
    const web = reports.find((r) => r.row.model === model && r.row.setting === "web-only");
    const tool = reports.find((r) => r.row.model === model && r.row.setting === "domain-tool");
    return web && tool ? [{ model, web: web.report, tool: tool.report }] : [];
  });
  const signed = (v: number | null) =>
    v === null ? "—" : `${v >= 0 ? "+" : "−"}${Math.abs(v * 100).toFixed(1)}`;
  const delta = (a: number | null | undefined, b: number | null | undefined) =>
    a === null || a === undefined || b === null || b === undefined ? null : b - a;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {pairs.length ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4 xl:col-span-2">
          <h2 className="text-sm font-semibold">Domain tools vs web only (paper Table 3)</h2>
          <p className="text-xs text-slate-500">
            Accuracy difference, domain-tool − web-only, in percentage points, for the{" "}
            {pairs.length} models submitted in both settings.
          </p>
          <ScrollRegion label="Domain tools vs web only" className="mt-2">
            <table
              className="min-w-full text-xs"
              data-testid="setting-comparison"
              data-points={pairs.length * (domains.length + 1)}
            >
              <thead className="text-slate-500">
                <tr>
                  <th className="px-2 py-1 text-left">Model</th>
                  {domains.map((d) => (
                    <th key={d} className="px-2 py-1 text-right">
                      {d}
                    </th>
                  ))}
                  <th className="px-2 py-1 text-right">overall</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {pairs.map((p) => {
                  const cells = [
                    ...domains.map((d) =>
                      delta(p.web.byDomain[d]?.accuracy, p.tool.byDomain[d]?.accuracy),
                    ),
                    delta(p.web.aggregate.accuracy, p.tool.aggregate.accuracy),
                  ];
                  return (
                    <tr key={p.model}>
                      <td className="px-2 py-1 font-medium">{p.model}</td>
                      {cells.map((v, i) => (
                        <td
                          key={i}
                          className={`px-2 py-1 text-right tabular-nums ${v === null ? "" : v > 0 ? "text-emerald-700" : v < 0 ? "text-rose-700" : ""}`}
                        >
                          {signed(v)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ) : null}
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Accuracy per domain</h2>
        <p className="text-xs text-slate-500">
          Score 2 only. {plural(rows.length, "submission")}, {plural(samples, "sample")}.
        </p>
        <InfoMosaicDomainChart
          domains={domains}
          series={series("accuracy")}
          testId="domain-accuracy-chart"
          metric="accuracy"
        />
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Pass rate per domain</h2>
        <p className="text-xs text-slate-500">
          Mean testcase pass rate where computable. {plural(rows.length, "submission")},{" "}
          {plural(samples, "sample")}.
        </p>
        <InfoMosaicDomainChart
          domains={domains}
          series={series("passRate")}
          testId="domain-passrate-chart"
          metric="pass rate"
        />
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Tool-call outcomes</h2>
        <p className="text-xs text-slate-500">
          Every answered tool call classified by its reply: usage error, selection error (a tool
          that does not exist), invalid (empty) result, valid result. {plural(calls, "call")} in{" "}
          {plural(rows.length, "submission")}. Irrelevant-but-non-empty replies count as valid (no
          judge).
        </p>
        <ToolOutcomeChart data={outcomes} />
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Accuracy against tool-call turns</h2>
        <p className="text-xs text-slate-500">
          Samples binned by assistant turns that called tools. {plural(samples, "sample")}.
        </p>
        <ToolCallsAccuracyChart
          bins={bins}
          series={reports.map((r) => ({
            label: r.label,
            points: r.report.byToolCalls.map((b) => ({
              bin: binLabel(b),
              accuracy: b.accuracy,
              n: b.n,
            })),
          }))}
        />
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4 xl:col-span-2">
        <h2 className="text-sm font-semibold">Where each tool is used in the trajectory</h2>
        <p className="text-xs text-slate-500">
          Each sample&apos;s tool calls split into {POSITION_SEGMENTS} equal segments by relative
          position; a cell is the tool&apos;s share of that segment&apos;s calls. {heat.label}:{" "}
          {plural(heatCalls, "call")} in {plural(heat.report.aggregate.n, "sample")}.
        </p>
        <div className="mt-2 flex flex-wrap gap-2 text-xs" data-testid="heatmap-picker">
          {reports.map((r) => (
            <Link
              key={r.row.submissionId}
              href={heatQuery(r.row.submissionId)}
              scroll={false}
              className={`rounded-full px-2 py-0.5 ring-1 ring-inset ${r === heat ? "bg-indigo-600 text-white ring-indigo-600" : "ring-slate-300"}`}
            >
              {r.label}
            </Link>
          ))}
        </div>
        <ScrollRegion label="Where each tool is used in the trajectory" className="mt-2">
          <table
            className="text-xs"
            data-testid="tool-heatmap"
            data-points={heatmap.tools.length * POSITION_SEGMENTS}
          >
            <thead className="text-slate-500">
              <tr>
                <th className="px-2 py-1 text-left">Tool</th>
                {Array.from({ length: POSITION_SEGMENTS }, (_, i) => (
                  <th key={i} className="px-2 py-1 text-right">
                    {i + 1}/{POSITION_SEGMENTS}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {heatmap.tools.map((tool, t) => (
                <tr key={tool}>
                  <td className="px-2 py-1 font-mono">{tool}</td>
                  {heatmap.shares[t].map((share, s) => (
                    <td
                      key={s}
                      className="px-2 py-1 text-right tabular-nums"
                      style={{
                        background: `rgba(79,70,229,${share.toFixed(3)})`,
                        color: share > 0.5 ? "white" : undefined,
                      }}
                      title={`${heatmap.counts[t][s]} calls`}
                    >
                      {percent(share, 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
    </div>
  );
}
