import { z } from "zod";
import { SamplesSection } from "@/components/submission/SamplesSection";
import { statusColumn, verdictColumn } from "@/components/submission/SampleTable";
import { Stat } from "@/components/submission/Stat";
import { SubmissionHeader } from "@/components/submission/SubmissionHeader";
import { SampleFlags } from "@/components/tags/SampleFlags";
import { Badge } from "@/components/ui/Badge";
import { ciBracket, decimal, percent, plural } from "@/lib/format";
import { wideSearchInfo } from "@/lib/benchmarks/widesearch/info";
import { wideSearchSampleMetricsSchema } from "@/lib/benchmarks/widesearch/stored";
import {
  wideSearchStoredAggregateSchema,
  type WideSearchStoredAggregate,
} from "@/lib/benchmarks/widesearch/stored-aggregate";
import type { SubmissionViewProps } from "../pages";

/** The import's check of our aggregation against the producer's summary JSON (lib/benchmarks/widesearch/ingest.ts writes them into the import notes). */
const summaryChecksSchema = z
  .array(
    z.object({
      evaluation: z.string(),
      summary: z.string(),
      matches: z.boolean(),
      maxDifference: z.number(),
      worst: z.string().nullable(),
      judge: z.unknown(),
    }),
  )
  .default([]);

/** A WideSearch submission: success rate and row/item F1 over N runs, by language. */
export function WideSearchSubmission({
  submission,
  aggregates,
  samples,
  filters,
  facets,
  failures,
  changes,
  notices,
}: SubmissionViewProps) {
  const splits = aggregates.map((a) => ({
    split: a.split,
    aggregate: wideSearchStoredAggregateSchema.parse(a.metrics),
  }));
  const overall = splits.find((s) => s.split === "overall")?.aggregate;
  if (!overall) throw new Error(`submission ${submission.id} has no aggregates`);
  const checks = summaryChecksSchema.parse(submission.importNotes?.summaryChecks);
  const ci = (
    value: number | null,
    c: { lo: number | null; hi: number | null } | null | undefined,
  ) => ciBracket(value, c?.lo, c?.hi, "rate");
  return (
    <div className="space-y-6">
      <SubmissionHeader
        submission={submission}
        notices={notices}
        report={aggregates.find((a) => a.split === "overall")?.metrics}
        boardHref="/b/widesearch"
        boardLabel={`WideSearch · ${submission.setting}`}
        summary={`${plural(overall.n, "task")} × N = ${plural(overall.runs, "run")}`}
      />

      {checks.length ? (
        <ul
          className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm"
          data-testid="summary-checks"
        >
          {checks.map((c) => {
            // Re-evaluation changed verdicts of this file since the import: the figures are no longer the CSV's.
            const changed = changes.changedByFile.get(c.evaluation) ?? 0;
            const reproduces = c.matches && changed === 0;
            return (
              <li key={c.summary} data-reproduces={reproduces} data-changed={changed}>
                {reproduces ? (
                  <Badge tone="green">reproduced</Badge>
                ) : changed > 0 ? (
                  <Badge tone="amber" title="verdicts changed by re-evaluation after the import">
                    re-evaluated
                  </Badge>
                ) : (
                  <Badge tone="amber" title={`largest difference ${c.maxDifference} at ${c.worst}`}>
                    differs
                  </Badge>
                )}{" "}
                aggregating <span className="font-mono">{c.evaluation}</span>{" "}
                {changed > 0 ? (
                  <>
                    {c.matches ? "reproduced" : "did not reproduce"} the producer&apos;s{" "}
                    <span className="font-mono">{c.summary}</span> as imported; {changed} of its
                    verdicts {changed === 1 ? "was" : "were"} changed since, so the figures below
                    are no longer the producer&apos;s
                  </>
                ) : (
                  <>
                    {c.matches ? "reproduces" : "does not reproduce"} the producer&apos;s{" "}
                    <span className="font-mono">{c.summary}</span>
                  </>
                )}
                {typeof c.judge === "string" ? (
                  <span className="text-slate-500"> (judge {c.judge})</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      <section className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="overall-metrics">
        <Stat label="SR Avg@N" ci={ci(overall.successAvg, overall.ci.successAvg)}>
          {percent(overall.successAvg)}
        </Stat>
        <Stat label="SR Pass@N">{percent(overall.successPass)}</Stat>
        <Stat label="Row F1 Avg@N" ci={ci(overall.rowF1Avg, overall.ci.rowF1Avg)}>
          {percent(overall.rowF1Avg)}
        </Stat>
        <Stat label="Row F1 Max@N">{percent(overall.rowF1Max)}</Stat>
        <Stat label="Item F1 Avg@N" ci={ci(overall.itemF1Avg, overall.ci.itemF1Avg)}>
          {percent(overall.itemF1Avg)}
        </Stat>
        <Stat label="Item F1 Max@N">{percent(overall.itemF1Max)}</Stat>
      </section>
      {overall.incompleteSamples > 0 ? (
        <p
          className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="unscored-note"
        >
          {overall.incompleteSamples} run(s) have <code>llm_judge</code> cells that no judge scored:
          they count as 0 here, so these figures are lower bounds. Configure a judge to score them.
        </p>
      ) : null}

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">By language</h2>
        <SplitTable splits={splits} />
      </section>

      <SamplesSection
        submissionId={submission.id}
        samples={samples}
        filters={filters}
        facets={facets}
        failures={failures}
        filterExample={wideSearchInfo.filterExample}
        fields={[
          {
            kind: "verdict",
            label: "Success",
            optionLabels: { correct: "success", incorrect: "failure" },
          },
          { kind: "status" },
          { kind: "text", label: "Text (instance id, query, response)" },
        ]}
        task={{
          label: (row) => `${row.taskKey}${overall.runs > 1 ? ` · run ${row.run}` : ""}`,
          after: (row) => {
            const m = wideSearchSampleMetricsSchema.parse(row.metrics);
            return (
              <>
                <SampleFlags hints={row.hints} tags={row.tags} />
                {!m.complete ? (
                  <span className="ml-1">
                    <Badge tone="amber" title="llm_judge cells left unscored">
                      {m.unscoredCells} unscored
                    </Badge>
                  </span>
                ) : null}
              </>
            );
          },
        }}
        columns={[
          verdictColumn("Success"),
          statusColumn,
          {
            header: "Row P / R / F1",
            title: "sorts by row F1",
            sort: "metric.rowF1",
            numeric: true,
            cell: (row) => {
              const m = wideSearchSampleMetricsSchema.parse(row.metrics);
              return (
                <>
                  {percent(m.rowPrecision, 0)} / {percent(m.rowRecall, 0)} /{" "}
                  <strong>{percent(m.rowF1, 0)}</strong>
                </>
              );
            },
          },
          {
            header: "Item P / R / F1",
            title: "sorts by item F1",
            sort: "metric.itemF1",
            numeric: true,
            cell: (row) => {
              const m = wideSearchSampleMetricsSchema.parse(row.metrics);
              return (
                <>
                  {percent(m.itemPrecision, 0)} / {percent(m.itemRecall, 0)} /{" "}
                  <strong>{percent(m.itemF1, 0)}</strong>
                </>
              );
            },
          },
          {
            header: "Reason",
            sort: "metric.reason",
            className: "max-w-sm text-slate-600",
            cell: (row) => wideSearchSampleMetricsSchema.parse(row.metrics).reason ?? "",
          },
        ]}
      />
    </div>
  );
}

function SplitTable({
  splits,
}: {
  splits: { split: string; aggregate: WideSearchStoredAggregate }[];
}) {
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
            <td className="py-1 pr-3">
              {split === "overall" ? "all" : split.replace("lang:", "")}
            </td>
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
