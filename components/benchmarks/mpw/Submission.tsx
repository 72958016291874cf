import { TierChart } from "@/components/charts/TierChart";
import { SamplesSection } from "@/components/submission/SamplesSection";
import { statusColumn, verdictColumn } from "@/components/submission/SampleTable";
import { Stat } from "@/components/submission/Stat";
import { SubmissionHeader } from "@/components/submission/SubmissionHeader";
import { SampleFlags } from "@/components/tags/SampleFlags";
import { Badge } from "@/components/ui/Badge";
import { CountWithCi } from "@/components/ui/Metric";
import { mpwInfo } from "@/lib/benchmarks/mpw/info";
import { mpwAggregateReportSchema } from "@/lib/benchmarks/mpw/stored";
import { percent } from "@/lib/format";
import type { SubmissionViewProps } from "../pages";
import { BreakdownTable, EstimateCell, type MpwSplit } from "./BreakdownTable";

function clip(text: string | null, max = 120): string {
  if (!text) return "—";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** An MPW-Bench submission: Pass@1, FCR, HitRate and ToolCalls overall, by tier and by category. */
export function MpwSubmission({
  submission,
  aggregates,
  samples,
  filters,
  facets,
  failures,
  notices,
}: SubmissionViewProps) {
  const splits: MpwSplit[] = aggregates.map((a) => ({
    split: a.split,
    report: mpwAggregateReportSchema.parse(a.metrics),
  }));
  const stored = aggregates.find((a) => a.split === "overall");
  const overall = splits.find((a) => a.split === "overall")?.report;
  if (!stored || !overall) throw new Error(`submission ${submission.id} has no aggregates`);
  const tiers = ["easy", "medium", "hard"]
    .map((tier) => splits.find((a) => a.split === `tier:${tier}`))
    .filter((a) => a !== undefined);
  const categories = splits.filter((a) => a.split.startsWith("category:"));
  /** Setting A has no tools: FCR and HitRate do not apply. */
  const searchSetting = submission.setting !== "A";
  return (
    <div className="space-y-6">
      <SubmissionHeader
        submission={submission}
        notices={notices}
        report={stored.metrics}
        boardHref={`/b/${submission.benchmarkId}?setting=${encodeURIComponent(submission.setting)}`}
        boardLabel={`MPW-Bench · setting ${submission.setting}`}
        showHash
      />

      <section className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="overall-metrics">
        <Stat label="Pass@1">
          <EstimateCell estimate={overall.pass1} />
        </Stat>
        <Stat
          label="FCR"
          note={searchSetting ? `${overall.fcr.n} samples with facts` : "no search in setting A"}
        >
          {searchSetting ? (
            <EstimateCell estimate={overall.fcr} />
          ) : (
            <span className="text-slate-500">n/a</span>
          )}
        </Stat>
        <Stat
          label="HitRate"
          note={
            searchSetting
              ? `${overall.zeroCallSamples} samples without tool calls count as 0`
              : "no search in setting A"
          }
        >
          {searchSetting ? (
            <EstimateCell estimate={overall.hitRate} />
          ) : (
            <span className="text-slate-500">n/a</span>
          )}
        </Stat>
        <Stat
          label="ToolCalls"
          note={
            overall.compoundRate === null
              ? undefined
              : `compound queries ${percent(overall.compoundRate)}`
          }
        >
          <CountWithCi
            value={overall.toolCalls.value}
            lo={overall.toolCalls.ci?.lo ?? null}
            hi={overall.toolCalls.ci?.hi ?? null}
          />
        </Stat>
        <Stat
          label="Samples"
          note={Object.entries(stored.statusCounts)
            .map(([status, n]) => `${status} ${n}`)
            .join(" · ")}
        >
          {overall.n}
        </Stat>
      </section>

      <section className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold">By difficulty tier</h2>
          <BreakdownTable
            rows={tiers}
            labelOf={(split) => split.replace("tier:", "")}
            testId="tier-breakdown"
            searchSetting={searchSetting}
          />
        </div>
        <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold">Pass@1 and FCR by tier (95% CI)</h2>
          <TierChart
            data={tiers.map(({ split, report: a }) => ({
              tier: split.replace("tier:", ""),
              pass1: a.pass1.value,
              pass1Ci: a.pass1.ci === null ? null : [a.pass1.ci.lo, a.pass1.ci.hi],
              fcr: searchSetting ? a.fcr.value : null,
              n: a.n,
            }))}
          />
        </div>
      </section>

      <details className="rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer text-sm font-semibold">
          By category ({categories.length})
        </summary>
        <BreakdownTable
          rows={categories}
          labelOf={(split) => split.replace("category:", "")}
          testId="category-breakdown"
          searchSetting={searchSetting}
        />
      </details>

      <SamplesSection
        submissionId={submission.id}
        samples={samples}
        filters={filters}
        facets={facets}
        failures={failures}
        filterExample={mpwInfo.filterExample}
        fields={[
          { kind: "verdict", label: "Verdict" },
          { kind: "status" },
          { kind: "tier" },
          { kind: "category", label: "Category" },
          { kind: "fcr" },
          { kind: "minCalls" },
          { kind: "cohort" },
          { kind: "text", label: "Text (task id, question, prediction, gold)" },
        ]}
        task={{
          label: (row) => `#${row.taskKey}${row.run > 0 ? `·${row.run}` : ""}`,
          after: (row) =>
            row.malformedSteps > 0 ? (
              <span className="ml-1">
                <Badge tone="amber" title="steps whose tags could not be read; kept verbatim">
                  {row.malformedSteps} malformed
                </Badge>
              </span>
            ) : null,
        }}
        columns={[
          {
            header: "Question",
            sort: "question",
            className: "max-w-md text-slate-700",
            cell: (row) =>
              row.question === null ? (
                <span className="text-slate-500">not included in this submission</span>
              ) : (
                clip(row.question)
              ),
          },
          {
            header: "Prediction",
            sort: "prediction",
            className: "max-w-xs text-slate-700",
            cell: (row) => clip(row.prediction, 80),
          },
          verdictColumn("Verdict"),
          statusColumn,
          {
            header: "Tier",
            sort: "tier",
            className: "text-slate-600",
            cell: (row) => row.tier ?? "—",
          },
          {
            header: "FCR",
            sort: "fcr",
            numeric: true,
            cellTitle: (row) =>
              searchSetting
                ? `${row.factsCovered} of ${row.factCount} facts`
                : "no search in setting A",
            cell: (row) =>
              searchSetting ? percent(row.fcr, 0) : <span className="text-slate-500">n/a</span>,
          },
          { header: "Calls", sort: "calls", numeric: true, cell: (row) => row.toolCalls },
          {
            header: "Flags",
            sort: "flags",
            title: "automatic hints (amber) and maintainers' failure tags (indigo)",
            cell: (row) => <SampleFlags hints={row.hints} tags={row.tags} />,
          },
        ]}
      />
    </div>
  );
}
