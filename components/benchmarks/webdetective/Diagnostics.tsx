import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { percent, plural } from "@/lib/format";
import {
  WEBDETECTIVE_PROFILES,
  PROFILE_THRESHOLDS,
  type Level,
  type WebDetectiveReport,
} from "@/lib/benchmarks/webdetective/metrics";

const LEVEL_TONE: Record<Level, string> = {
  high: "bg-emerald-100 text-emerald-800",
  medium: "bg-amber-100 text-amber-800",
  low: "bg-rose-100 text-rose-800",
};

function LevelChip({ level }: { level: Level }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${LEVEL_TONE[level]}`}>
      {level}
    </span>
  );
}

/** The profile map's three levels, each with the score it is read from. */
const PROFILE_DIMENSIONS = [
  { level: "knowledge", label: "Knowledge", score: "knowledgeScore" },
  { level: "goodRefusal", label: "Refusal", score: "goodRefusalF1" },
  { level: "knowledgeUtilization", label: "Utilization", score: "knowledgeUtilizationF1" },
] as const;

const RESPONSE_LABELS = { correct: "✓", wrong: "✗", refused: "refused" } as const;
/** The region table's cells: knowledge region × response; the good ones answer when knowledge suffices and refuse when it does not. */
const REGION_CELLS = (["S", "I"] as const).flatMap((region) =>
  (["correct", "wrong", "refused"] as const).map((kind) => ({
    key: `${region}-${kind}`,
    label: `${region} ${RESPONSE_LABELS[kind]}`,
    region,
    kind,
    good: (region === "S" && kind === "correct") || (region === "I" && kind === "refused"),
  })),
);

/** The region table (S/I × correct/wrong/refused) and the Table 2 profile map. */
export function WebDetectivePlots({ rows }: { rows: ReportBoardRow<WebDetectiveReport>[] }) {
  const reports = rows.map((row) => ({ row, report: row.report }));
  const cohort = reports.reduce((sum, r) => sum + r.report.aggregate.n, 0);
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Knowledge region × response</h2>
        <p className="text-xs text-slate-500">
          S: knowledge sufficient (every evidence piece found by search or known); I: insufficient.
          Share of each model&apos;s samples; {plural(rows.length, "model")},{" "}
          {plural(cohort, "sample")}.
        </p>
        <ScrollRegion label="Knowledge regions per model" className="mt-2">
          <table
            className="min-w-full text-xs"
            data-testid="region-table"
            data-points={reports.length * 6}
          >
            <thead className="text-left text-slate-500">
              <tr>
                <th className="px-1 py-1">Model</th>
                {REGION_CELLS.map((c) => (
                  <th key={c.key} className="px-1 py-1 text-right">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reports.map(({ row, report }) => {
                const n = report.aggregate.n || 1;
                const cells = REGION_CELLS.map((c) => ({
                  ...c,
                  count: report.regions[c.region][c.kind],
                }));
                return (
                  <tr key={row.submissionId}>
                    <td className="px-1 py-1 font-medium">{row.model}</td>
                    {cells.map((c) => (
                      <td
                        key={c.key}
                        className="px-1 py-1 text-right tabular-nums"
                        style={{
                          background: `rgba(${c.good ? "16,185,129" : "244,63,94"},${(0.6 * c.count) / n})`,
                        }}
                        title={plural(c.count, "sample")}
                      >
                        {percent(c.count / n, 0)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Profile map (paper Table 2)</h2>
        <p className="text-xs text-slate-500">
          Levels: knowledge high &gt; {PROFILE_THRESHOLDS.knowledge.high}%, low &lt;{" "}
          {PROFILE_THRESHOLDS.knowledge.low}%; good refusal F1 high &gt;{" "}
          {PROFILE_THRESHOLDS.goodRefusal.high}%, low &lt; {PROFILE_THRESHOLDS.goodRefusal.low}%;
          utilization F1 high &gt; {PROFILE_THRESHOLDS.knowledgeUtilization.high}%, low &lt;{" "}
          {PROFILE_THRESHOLDS.knowledgeUtilization.low}%. {rows.length} models.
        </p>
        <ScrollRegion label="Knowledge profile per model" className="mt-2">
          <table
            className="min-w-full text-xs"
            data-testid="profile-map"
            data-points={reports.length}
          >
            <thead className="text-left text-slate-500">
              <tr>
                <th className="px-1 py-1">Model</th>
                {PROFILE_DIMENSIONS.map((d) => (
                  <th key={d.level} className="px-1 py-1">
                    {d.label}
                  </th>
                ))}
                <th className="px-1 py-1">Profile</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reports.map(({ row, report }) => (
                <tr
                  key={row.submissionId}
                  data-testid="profile-row"
                  data-profile={report.profile?.id ?? ""}
                >
                  <td className="px-1 py-1 font-medium">{row.model}</td>
                  {PROFILE_DIMENSIONS.map((d) => (
                    <td key={d.level} className="px-1 py-1">
                      <LevelChip level={report.levels[d.level]} />{" "}
                      <span className="text-slate-500">
                        {percent(report.aggregate[d.score], 0)}
                      </span>
                    </td>
                  ))}
                  <td className="px-1 py-1">
                    {report.profile ? (
                      <span title={report.profile.failureMode}>{report.profile.name}</span>
                    ) : (
                      <span className="text-slate-500">matches no profile</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <details className="mt-3 text-xs">
          <summary className="cursor-pointer text-slate-600">The paper&apos;s profiles</summary>
          <ul className="mt-1 space-y-1">
            {WEBDETECTIVE_PROFILES.map((p) => (
              <li key={p.id}>
                <span className="font-medium">{p.name}</span>: knowledge {p.pattern.knowledge},
                refusal {p.pattern.goodRefusal}, utilization {p.pattern.knowledgeUtilization} —{" "}
                {p.failureMode}
                {p.pass1 ? ` (Pass@1 ${p.pass1}; ${p.examples})` : ""}
              </li>
            ))}
          </ul>
        </details>
      </section>
    </div>
  );
}
