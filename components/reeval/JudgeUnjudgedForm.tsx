"use client";
import { useActionState } from "react";
import { judgeUnjudgedAction } from "@/server/reeval-actions";
import type { ReevalJobView } from "@/db/queries/audit";
import { JobProgress } from "./JobProgress";

/** The maintainer's offer to judge a submission's unjudged samples with the benchmark's LLM judge. */
export function JudgeUnjudgedForm({
  submissionId,
  unjudged,
  llmUnavailable,
  latestJob,
}: {
  submissionId: number;
  unjudged: number;
  /** Why the LLM judge cannot run (no configuration), or null. */
  llmUnavailable: string | null;
  /** The submission's latest judging job as the page was rendered. */
  latestJob: ReevalJobView | null;
}) {
  const [state, action, pending] = useActionState(judgeUnjudgedAction, null);
  // The job just queued here until the refreshed page knows it; then the page's copy is fresher.
  const job: ReevalJobView | null =
    state?.ok && latestJob?.id !== state.jobId
      ? {
          id: state.jobId,
          taskId: null,
          submissionId,
          auditEntryId: null,
          status: "queued",
          judge: "llm",
          total: state.total,
          done: 0,
          changed: 0,
          error: null,
          createdAt: "",
          finishedAt: null,
        }
      : latestJob;
  const running = job?.status === "queued" || job?.status === "running";
  return (
    <div className="mt-2 space-y-1.5" data-testid="judge-unjudged">
      {unjudged > 0 && !running ? (
        <form action={action} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="submissionId" value={submissionId} />
          <button
            type="submit"
            disabled={pending || llmUnavailable !== null}
            className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50"
          >
            Judge the {unjudged} unjudged sample{unjudged === 1 ? "" : "s"} with the LLM judge
          </button>
          {llmUnavailable ? <span className="text-xs">{llmUnavailable}</span> : null}
        </form>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="text-xs text-rose-700">
          {state.error}
        </p>
      ) : null}
      {job ? <JobProgress initial={job} /> : null}
    </div>
  );
}
