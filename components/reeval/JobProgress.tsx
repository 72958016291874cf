"use client";
import { useRouter } from "next/navigation";
import { plural } from "@/lib/format";
import { jobProgressVerb, reevalJobKind } from "@/lib/reeval/job-kind";
import { useEffect, useState } from "react";
import { reevalJobStatusAction } from "@/server/reeval-actions";
import type { ReevalJobView } from "@/db/queries/audit";

const POLL_MS = 1000;

/** A re-evaluation job's progress, polled while it runs; the page refreshes once it ends. */
export function JobProgress({ initial }: { initial: ReevalJobView }) {
  const router = useRouter();
  const [job, setJob] = useState(initial);
  const running = job.status === "queued" || job.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(async () => {
      const next = await reevalJobStatusAction(job.id);
      if (!next) return;
      setJob(next);
      if (next.status === "done" || next.status === "failed") router.refresh();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, running, router]);
  const share = job.total ? job.done / job.total : 1;
  return (
    <div
      className="space-y-1 text-xs"
      data-testid="reeval-job"
      data-status={job.status}
      data-done={job.done}
      data-total={job.total}
      data-changed={job.changed}
    >
      <p>
        Job #{job.id}
        {job.judge ? ` (${job.judge})` : ""}: <strong>{job.status}</strong> — {job.done} of{" "}
        {plural(job.total, "sample")} {jobProgressVerb(reevalJobKind(job))}, {job.changed} changed
      </p>
      <div
        className="h-1.5 w-full rounded bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
        aria-label={`Re-evaluation job ${job.id}`}
      >
        <div
          className={`h-1.5 rounded ${job.status === "failed" ? "bg-rose-500" : "bg-indigo-600"}`}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      {job.error ? (
        <p role="alert" className="text-rose-700">
          {job.error}
        </p>
      ) : null}
    </div>
  );
}
