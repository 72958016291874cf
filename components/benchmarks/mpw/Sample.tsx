import Link from "next/link";
import { ExpandableText } from "@/components/trajectory/ExpandableText";
import { FactsPanel } from "@/components/trajectory/FactsPanel";
import { SampleHeader } from "@/components/trajectory/SampleHeader";
import { TaskQuestion } from "@/components/trajectory/TaskQuestion";
import { callHrefOf, TrajectorySteps } from "@/components/trajectory/TrajectorySteps";
import { reviewOf } from "@/components/trajectory/review";
import { listNeighbourHrefs } from "@/components/trajectory/SampleListNav";
import { Badge, VerdictBadge } from "@/components/ui/Badge";
import { percent } from "@/lib/format";
import { factCoverage } from "@/lib/trajectory/view";
import { callsOf } from "@/lib/trajectory/calls";
import { sampleHref } from "@/lib/url/samples";
import type { SampleViewProps } from "../pages";

const VERDICT_SOURCES: Record<string, string> = {
  answer: "the judge's answer field",
  judge_response: "<answer> in judge_response",
  "evaluation.judgment": "evaluation.judgment",
  judge_status: "judge did not succeed (judge_status): counted incorrect",
  none: "no judge output: counted incorrect",
  adjudicated: "a maintainer's adjudication (see the verdict history)",
};

/** An MPW-Bench sample: its trajectory step by step with each call's hits against the task's atomic facts. */
export function MpwSample({
  trajectory,
  failed,
  list,
  reeval,
  annotations,
  paging,
}: SampleViewProps) {
  const { submission, sample, steps, hitLog } = trajectory;
  const review = reviewOf(trajectory);
  const facts = factCoverage(
    trajectory.task.atomicFacts,
    sample.firstCoveredAt,
    callsOf(steps.map((s) => s.data)),
  );
  // Opened from a list, n/p walk that list; otherwise the submission's failed samples.
  const { next: nextHref, previous: previousHref } = list
    ? listNeighbourHrefs(submission.id, list)
    : {
        next: failed.next ? sampleHref(submission.id, failed.next.taskKey, failed.next.run) : null,
        previous: failed.previous
          ? sampleHref(submission.id, failed.previous.taskKey, failed.previous.run)
          : null,
      };

  return (
    <div className="space-y-5">
      <SampleHeader
        trajectory={trajectory}
        submissionLabel={`${submission.model} · setting ${submission.setting}`}
        task={
          <>
            Task <span className="font-mono">#{sample.taskKey}</span>
          </>
        }
        badges={
          <>
            {sample.tier ? <Badge tone="slate">{sample.tier}</Badge> : null}
            {sample.category ? <Badge tone="slate">{sample.category}</Badge> : null}
            {sample.malformedSteps > 0 ? (
              <Badge tone="amber">{sample.malformedSteps} malformed step(s)</Badge>
            ) : null}
          </>
        }
        list={list}
        listKeys
        aside={
          list ? null : (
            <nav className="flex items-center gap-3 text-sm" aria-label="Failed samples">
              {previousHref ? (
                <Link
                  href={previousHref}
                  className="text-indigo-700 hover:underline"
                  data-testid="previous-failed"
                >
                  ← previous failed (p)
                </Link>
              ) : null}
              {nextHref ? (
                <Link
                  href={nextHref}
                  className="text-indigo-700 hover:underline"
                  data-testid="next-failed"
                >
                  next failed (n) →
                </Link>
              ) : (
                <span className="text-slate-500">no later failed sample</span>
              )}
            </nav>
          )
        }
      />

      <section className="grid gap-3 lg:grid-cols-3">
        <Card title="Question" className="lg:col-span-3">
          <TaskQuestion text={trajectory.text} limit={600} />
        </Card>
        <Card title="Gold answer">
          <ExpandableText
            text={trajectory.text.goldAnswer ?? "—"}
            limit={400}
            testId="gold-answer"
          />
        </Card>
        <Card title="Prediction">
          <ExpandableText
            text={sample.prediction || "— (no answer)"}
            limit={400}
            testId="prediction"
          />
        </Card>
        <Card title="Verdict">
          <div className="flex items-center gap-2">
            <VerdictBadge correct={sample.correct} />
            <span className="text-xs text-slate-500">
              from {VERDICT_SOURCES[sample.verdictSource] ?? sample.verdictSource}
            </span>
          </div>
          {sample.judgeRationale ? (
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-slate-600">Judge rationale</summary>
              <ExpandableText text={sample.judgeRationale} limit={800} />
            </details>
          ) : null}
        </Card>
      </section>

      <section
        className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
        data-testid="sample-metrics"
      >
        <span>
          FCR <strong className="tabular-nums">{percent(sample.fcr)}</strong>{" "}
          <span className="text-slate-500">
            ({sample.factsCovered}/{sample.factCount} facts)
          </span>
        </span>
        <span>
          HitRate <strong className="tabular-nums">{percent(sample.hitRate)}</strong>{" "}
          <span className="text-slate-500">
            ({sample.hits}/{sample.hitLogCalls} calls)
          </span>
        </span>
        <span>
          ToolCalls <strong className="tabular-nums">{sample.toolCalls}</strong>
        </span>
        {sample.compoundRate !== null ? (
          <span>
            Compound <strong className="tabular-nums">{percent(sample.compoundRate)}</strong>
          </span>
        ) : null}
        {sample.actualTurns !== null ? (
          <span>
            Turns <strong className="tabular-nums">{sample.actualTurns}</strong>
            {sample.maxTurns !== null ? (
              <span className="text-slate-500">/{sample.maxTurns}</span>
            ) : null}
          </span>
        ) : null}
        <span className="text-slate-500">
          source {sample.sourceFile}:{sample.sourceLine}
        </span>
      </section>

      {reeval}

      {annotations}

      {sample.errorInfo ? (
        <div
          className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm"
          data-testid="error-info"
        >
          <div className="font-medium text-rose-800">Error info</div>
          <ExpandableText text={sample.errorInfo} limit={600} />
        </div>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Trajectory">
          <h2 className="mb-2 text-lg font-semibold">
            Trajectory{" "}
            <span className="text-sm font-normal text-slate-500">
              ({steps.length} steps · press ? for keys)
            </span>
          </h2>
          <TrajectorySteps
            trajectory={trajectory}
            review={review}
            context={{
              hitLogged: true,
              hitLog: new Map(hitLog.map((h) => [h.callIndex, h])),
              atomicFacts: trajectory.task.atomicFacts,
              firstCoveredAt: sample.firstCoveredAt,
            }}
            paging={paging}
            nextHref={nextHref}
            previousHref={previousHref}
          />
        </section>
        {/* First on narrow screens (a drawer above the trajectory), beside it on wide ones. */}
        <aside className="order-first lg:sticky lg:top-4 lg:order-none lg:self-start">
          <FactsPanel facts={facts} callHref={callHrefOf(trajectory, paging)} />
        </aside>
      </div>
    </div>
  );
}

function Card({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`rounded-lg border border-slate-200 bg-white p-4 ${className ?? ""}`}>
      <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">{title}</h2>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}
