import { z } from "zod";
import { SeekboardSubmission } from "@/components/submission/SeekboardSubmission";
import type { AggregateRow } from "@/db/queries/submissions";
import { ciBracket, percent } from "@/lib/format";
import { infoMosaicStoredSampleSchema } from "@/lib/benchmarks/infomosaic/stored";
import type { SubmissionViewProps } from "../pages";

function summary(metrics: Record<string, unknown>): string {
  const m = infoMosaicStoredSampleSchema.parse(metrics);
  return `${m.domain} · score ${m.score} · pass ${percent(m.passRate, 0)} · ${m.toolCallTurns} tool turns`;
}

/** The figures of a `domain:` split that the table shows (InfoMosaicStats, as db/aggregates.ts stores it). */
const domainStatsSchema = z.object({
  n: z.number(),
  accuracy: z.number().nullable(),
  accuracyCi: z.object({ lo: z.number(), hi: z.number() }).nullish(),
  passRate: z.number().nullable(),
  approximate: z.number(),
});

function DomainBreakdown({ aggregates }: { aggregates: AggregateRow[] }) {
  const domains = aggregates.filter((a) => a.split.startsWith("domain:"));
  if (domains.length === 0) return null;
  return (
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
            const s = domainStatsSchema.parse(d.metrics);
            return (
              <tr key={d.split}>
                <td className="py-1 pr-3">{d.split.replace("domain:", "")}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{s.n}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {percent(s.accuracy)}{" "}
                  <span className="text-xs text-slate-500">
                    {ciBracket(s.accuracy, s.accuracyCi?.lo, s.accuracyCi?.hi, "rate")}
                  </span>
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{percent(s.passRate)}</td>
                <td className="py-1 text-right tabular-nums">{s.approximate}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function InfoMosaicSubmission(props: SubmissionViewProps) {
  return (
    <SeekboardSubmission
      {...props}
      board="infomosaic"
      summary={summary}
      breakdown={<DomainBreakdown aggregates={props.aggregates} />}
    />
  );
}
