import Link from "next/link";
import type { ReactNode } from "react";
import { StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import type { Trajectory } from "@/db/queries/trajectory";
import { sampleHref } from "@/lib/url/samples";
import { RunSelector } from "./RunSelector";

/** The top of a sample page: back to its submission, the task, the verdict and status badges, and the run selector. */
export function SampleHeader({
  trajectory,
  submissionLabel,
  task,
  badges,
  aside,
}: {
  trajectory: Trajectory;
  submissionLabel: string;
  /** The task as the benchmark names it, in the title. */
  task: ReactNode;
  /** The benchmark's badges after verdict and status. */
  badges?: ReactNode;
  aside?: ReactNode;
}) {
  const { submission, sample, runs } = trajectory;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">
            <Link href={`/s/${submission.id}`} className="hover:underline">
              {submissionLabel}
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">
            {task}
            {runs.length > 1 ? <span className="text-slate-500"> · run {sample.run}</span> : null}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="sample-header" data-correct={sample.correct ? "1" : "0"}>
            <VerdictBadge correct={sample.correct} />
            <StatusBadge status={sample.status} />
            {badges}
          </div>
        </div>
        {aside}
      </div>
      <RunSelector runs={runs} current={sample.run} hrefOf={(r) => sampleHref(submission.id, sample.taskKey, r)} />
    </>
  );
}
