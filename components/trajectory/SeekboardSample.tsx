import Link from "next/link";
import type { ReactNode } from "react";
import type { SampleViewProps } from "@/components/benchmarks/pages";
import { Badge } from "@/components/ui/Badge";
import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import { sampleHref } from "@/lib/url/samples";
import { ExpandableText } from "./ExpandableText";
import { MessagesSection } from "./MessagesSection";
import { SampleHeader } from "./SampleHeader";
import { TaskQuestion } from "./TaskQuestion";
import { listNeighbourHrefs } from "./SampleListNav";

const box = "rounded-lg border border-slate-200 bg-white p-4 text-sm";

/** A sample of an answer-judged board: question and answers, the benchmark's own `panel`, the judge's output and the messages. */
export function SeekboardSample({
  board,
  trajectory,
  list,
  reeval,
  annotations,
  paging,
  panel,
}: SampleViewProps & { board: BenchmarkId; panel: ReactNode }) {
  const { submission, sample, task } = trajectory;
  return (
    <div className="space-y-5">
      <SampleHeader
        trajectory={trajectory}
        list={list}
        listKeys
        submissionLabel={`${submission.model} · ${BENCHMARKS[board].name}${submission.setting !== "default" ? ` · ${submission.setting}` : ""}`}
        task={<span className="font-mono">{sample.taskKey}</span>}
        badges={
          <>
            {task.language ? <Badge tone="slate">{task.language}</Badge> : null}
            {task.category ? <Badge tone="slate">{task.category}</Badge> : null}
          </>
        }
      />
      <div className="grid gap-3 md:grid-cols-2">
        <div className={box}>
          <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">Question</h2>
          <TaskQuestion text={trajectory.text} limit={800} />
        </div>
        <div className={box} data-testid="answers">
          <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">Prediction</h2>
          <p className="mt-1">
            {sample.prediction ?? <span className="text-slate-500">no answer</span>}
          </p>
          <h2 className="mt-3 text-xs font-medium uppercase tracking-wide text-slate-500">
            Gold answer
          </h2>
          <p className="mt-1">
            {trajectory.text.goldAnswer ?? <span className="text-slate-500">withheld</span>}
          </p>
        </div>
      </div>
      {panel}
      <section className={box} data-testid="judge-output">
        <h2 className="font-semibold">Judge output</h2>
        <div className="mt-2">
          {sample.judgeRationale ? (
            <ExpandableText text={sample.judgeRationale} limit={1500} mono />
          ) : (
            <span className="text-slate-500">none given</span>
          )}
        </div>
        <p className="mt-2 text-xs text-slate-500">
          source {sample.sourceFile}:{sample.sourceLine}
        </p>
      </section>
      {trajectory.atifLinks.length ? (
        <section className={box} data-testid="atif-links">
          <h2 className="font-semibold">Linked trajectories</h2>
          <ul className="mt-2 space-y-1">
            {trajectory.atifLinks.map((link, i) => (
              <li key={i} data-kind={link.kind}>
                <span className="text-slate-500">
                  {link.kind === "subagent" ? "subagent" : "continued in"}
                </span>{" "}
                {link.target ? (
                  <Link
                    className="font-mono text-indigo-700 underline"
                    href={sampleHref(submission.id, link.target.taskKey, link.target.run)}
                  >
                    {link.ref}
                  </Link>
                ) : (
                  <span className="font-mono">
                    {link.ref}{" "}
                    <span className="font-sans text-xs text-slate-500">
                      (not in this submission)
                    </span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <MessagesSection
        trajectory={trajectory}
        paging={paging}
        neighbours={list ? listNeighbourHrefs(submission.id, list) : undefined}
      />
      {reeval}
      {annotations}
    </div>
  );
}
