import type { ReactNode } from "react";
import { SamplesSection } from "@/components/submission/SamplesSection";
import { statusColumn, verdictColumn } from "@/components/submission/SampleTable";
import { Stat } from "@/components/submission/Stat";
import { SubmissionHeader } from "@/components/submission/SubmissionHeader";
import { SampleFlags } from "@/components/tags/SampleFlags";
import type { SubmissionViewProps } from "@/components/benchmarks/pages";
import { storedFigures, versionView } from "@/lib/benchmarks/board";
import { boardOf, boardQuery, parseBoardState, withView } from "@/lib/benchmarks/board-state";
import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import { ciBracket, decimal, percent, plural } from "@/lib/format";

/**
 * A submission of one of the answer-judged boards: its board's columns as headline figures,
 * then the samples with a one-line summary of each sample's own metrics.
 */
export function SeekboardSubmission({
  board,
  summary,
  breakdown,
  submission,
  aggregates,
  samples,
  filters,
  facets,
  failures,
  notices,
}: SubmissionViewProps & {
  board: BenchmarkId;
  /** A sample's metrics in one line, for the table's Details column. */
  summary: (metrics: Record<string, unknown>) => string;
  /** The benchmark's breakdown of the figures (e.g. by domain), under the headline figures. */
  breakdown?: ReactNode;
}) {
  const overall = aggregates.find((a) => a.split === "overall");
  if (!overall?.metrics) throw new Error(`submission ${submission.id} has no aggregates`);
  const spec = boardOf(board);
  const figures = storedFigures(spec, overall.metrics);
  const version = versionView(spec);
  const versioned = version !== null;
  const boardHref = `/b/${board}${versioned ? boardQuery(board, withView(parseBoardState(board, {}), version.param, submission.benchmarkVersion)) : ""}`;
  const boardLabel = `${BENCHMARKS[board].name}${versioned ? ` · ${spec.versionLabel(submission.benchmarkVersion)}` : ""}${submission.setting !== "default" ? ` · ${submission.setting}` : ""}`;
  return (
    <div className="space-y-6">
      <SubmissionHeader
        submission={submission}
        notices={notices}
        report={overall.metrics}
        boardHref={boardHref}
        boardLabel={boardLabel}
        summary={`${plural(submission.taskCount, "task")} · ${plural(submission.sampleCount, "sample")} · ${plural(submission.runs, "run")}`}
      />

      <section className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="overall-metrics">
        {spec.columns.map((c) => {
          const value = figures.values[c.key] ?? null;
          const ci = figures.cis[c.key];
          return (
            <Stat
              key={c.key}
              label={c.label}
              title={c.title}
              ci={ci && c.kind === "rate" ? ciBracket(value, ci.lo, ci.hi, "rate") : null}
            >
              {c.kind === "rate"
                ? percent(value)
                : c.kind === "count"
                  ? (value ?? "—")
                  : decimal(value)}
            </Stat>
          );
        })}
      </section>

      {breakdown}

      <SamplesSection
        submissionId={submission.id}
        samples={samples}
        filters={filters}
        facets={facets}
        failures={failures}
        filterExample={BENCHMARKS[board].filterExample}
        fields={[
          { kind: "verdict", label: "Verdict" },
          { kind: "status" },
          ...(facets.categories.length ? [{ kind: "category", label: "Domain" } as const] : []),
          { kind: "text", label: "Text (task id, question, prediction, gold)" },
        ]}
        task={{
          label: (row) => `${row.taskKey}${submission.runs > 1 ? ` · run ${row.run}` : ""}`,
          after: (row) => <SampleFlags hints={row.hints} tags={row.tags} />,
        }}
        columns={[
          verdictColumn("Verdict"),
          statusColumn,
          {
            header: "Prediction",
            sort: "prediction",
            className: "max-w-xs truncate text-slate-700",
            cellTitle: (row) => row.prediction ?? "",
            cell: (row) => row.prediction ?? <span className="text-slate-500">—</span>,
          },
          {
            header: "Details",
            sort: null,
            className: "text-xs text-slate-600",
            cell: (row) => (row.metrics ? summary(row.metrics) : ""),
          },
        ]}
      />
    </div>
  );
}
