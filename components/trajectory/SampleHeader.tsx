import Link from "next/link";
import type { ReactNode } from "react";
import { StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import type { Trajectory } from "@/db/queries/trajectory";
import { sampleHref } from "@/lib/url/samples";
import { RunSelector } from "./RunSelector";
import { SampleListNav, type SampleListContext } from "./SampleListNav";
import { SampleUsage } from "./StepUsage";

/** The top of a sample page: back to its submission, the task, the verdict and status badges, the list it was opened from, and the run selector. */
export function SampleHeader({
  trajectory,
  submissionLabel,
  task,
  badges,
  aside,
  list,
  listKeys = false,
}: {
  trajectory: Trajectory;
  submissionLabel: string;
  /** The task as the benchmark names it, in the title. */
  task: ReactNode;
  /** The benchmark's badges after verdict and status. */
  badges?: ReactNode;
  aside?: ReactNode;
  /** The list the page was opened from: "k of n", previous/next in it, and the way back. */
  list: SampleListContext | null;
  /** Whether the view binds n/p to the list's next/previous (named on the links). */
  listKeys?: boolean;
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
          <div
            className="mt-2 flex flex-wrap items-center gap-2"
            data-testid="sample-header"
            data-correct={sample.correct ? "1" : "0"}
          >
            <VerdictBadge correct={sample.correct} />
            <StatusBadge status={sample.status} />
            {badges}
            <SampleUsage usage={sample} />
          </div>
        </div>
        {aside}
      </div>
      {list ? <SampleListNav submissionId={submission.id} list={list} keys={listKeys} /> : null}
      <RunSelector
        runs={runs}
        current={sample.run}
        hrefOf={(r) => sampleHref(submission.id, sample.taskKey, r, list?.filters ?? null)}
      />
    </>
  );
}
