import { ExpandableText } from "@/components/trajectory/ExpandableText";
import { Diagnosis } from "@/components/trajectory/Diagnosis";
import { MessagesSection } from "@/components/trajectory/MessagesSection";
import { reviewOf } from "@/components/trajectory/review";
import { SampleHeader } from "@/components/trajectory/SampleHeader";
import { TaskQuestion } from "@/components/trajectory/TaskQuestion";
import { listNeighbourHrefs } from "@/components/trajectory/SampleListNav";
import { Badge } from "@/components/ui/Badge";
import { TableDiff } from "./TableDiff";
import { percent } from "@/lib/format";
import type { WideSearchSampleScore } from "@/lib/benchmarks/widesearch/score";
import { wideSearchSampleMetricsSchema } from "@/lib/benchmarks/widesearch/stored";
import type { SampleViewProps } from "../pages";

/** A WideSearch sample: row and item precision/recall, and the predicted table against the gold one. */
export function WideSearchSample({
  trajectory,
  list,
  reeval,
  annotations,
  paging,
}: SampleViewProps) {
  const { submission, sample, task, steps } = trajectory;
  const m = wideSearchSampleMetricsSchema.parse(sample.metrics);
  const score = (sample.detail?.score ?? null) as WideSearchSampleScore | null;
  return (
    <div className="space-y-5">
      <SampleHeader
        trajectory={trajectory}
        list={list}
        listKeys={steps.length > 0}
        submissionLabel={`${submission.model} · WideSearch`}
        task={<span className="font-mono">{sample.taskKey}</span>}
        badges={
          <>
            {task.language ? <Badge tone="slate">{task.language}</Badge> : null}
            {!m.complete ? (
              <Badge tone="amber">
                {m.unscoredCells} llm_judge cells unscored (no judge configured)
              </Badge>
            ) : null}
          </>
        }
      />
      <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">Query</h2>
        <TaskQuestion text={trajectory.text} limit={800} />
      </div>
      <section
        className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
        data-testid="sample-metrics"
      >
        <span>
          Row P/R/F1{" "}
          <strong className="tabular-nums">
            {percent(m.rowPrecision)} / {percent(m.rowRecall)} / {percent(m.rowF1)}
          </strong>
        </span>
        <span>
          Item P/R/F1{" "}
          <strong className="tabular-nums">
            {percent(m.itemPrecision)} / {percent(m.itemRecall)} / {percent(m.itemF1)}
          </strong>
        </span>
        {score ? (
          <span className="text-slate-600">
            {score.counts.matchedRows} of {score.counts.goldRows} gold rows matched ·{" "}
            {score.counts.predRows} predicted
            {score.counts.duplicatePredRows
              ? ` (${score.counts.duplicatePredRows} duplicate keys dropped)`
              : ""}
          </span>
        ) : null}
        {m.searchCalls !== null ? (
          <span>
            search {m.searchCalls} · browse {m.browseCalls}
          </span>
        ) : null}
        <span className="text-slate-500">
          source {sample.sourceFile}:{sample.sourceLine}
        </span>
      </section>
      {m.reason ? (
        <p
          className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900"
          data-testid="reason"
        >
          {m.reason}
        </p>
      ) : null}
      {score && score.status === "scored" ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Predicted table against gold</h2>
          <p className="text-xs text-slate-500">
            Rows are joined on the key column(s) {score.columns.keys.join(", ")} after
            preprocessing; a row scores the minimum of its cells. Green 1, red 0, amber partial,
            hatched unscored. Each cell names its metric, the preprocessing applied and its score,
            and says why when it missed: on a phone as with a mouse, nothing needs hovering.
          </p>
          {score.warnings.length ? (
            <ul className="list-disc pl-5 text-xs text-amber-800">
              {score.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          <TableDiff score={score} />
        </section>
      ) : null}
      {score === null ? (
        <section
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
          data-testid="results-only"
        >
          <h2 className="font-semibold">Results only</h2>
          <p className="mt-1 text-slate-600">
            This submission came as the producer&apos;s evaluation CSV: no response, table or
            trajectory was uploaded. Its message:
          </p>
          <div className="mt-2">
            {sample.judgeRationale ? (
              <ExpandableText text={sample.judgeRationale} limit={1500} mono />
            ) : (
              <span className="text-slate-500">none</span>
            )}
          </div>
        </section>
      ) : null}
      {sample.prediction ? (
        <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-semibold">
            Final response ({sample.prediction.length.toLocaleString("en")} characters)
          </summary>
          <div className="mt-2">
            <ExpandableText text={sample.prediction} limit={4000} mono />
          </div>
        </details>
      ) : null}
      {/* Without messages the diagnosis (table diff, answer) still applies; with them it sits above the steps. */}
      {steps.length ? (
        <MessagesSection
          trajectory={trajectory}
          paging={paging}
          neighbours={list ? listNeighbourHrefs(submission.id, list) : undefined}
        />
      ) : (
        <Diagnosis diagnosis={reviewOf(trajectory).diagnosis} correct={sample.correct} />
      )}
      {reeval}
      {annotations}
    </div>
  );
}
