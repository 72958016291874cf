"use client";
import { useActionState } from "react";
import { plural } from "@/lib/format";
import { fixGoldAction } from "@/server/reeval-actions";
import type { ReevalJobView } from "@/db/queries/audit";
import type { JudgeOption } from "@/lib/reeval/describe";
import type { GoldTableView } from "@/lib/reeval/gold";
import { JobProgress } from "./JobProgress";

/** Corrects the task's gold answer (or one WideSearch gold cell) and re-evaluates every sample of the task. */
export function GoldFixForm({
  taskId,
  gold,
  table,
  judges,
  samples,
  submissions,
  latestJob,
}: {
  taskId: number;
  gold: string | null;
  table: GoldTableView | null;
  judges: JudgeOption[];
  samples: number;
  submissions: number;
  /** The task's latest job as the page was rendered. */
  latestJob: ReevalJobView | null;
}) {
  const [state, action, pending] = useActionState(fixGoldAction, null);
  // The job just started here until the refreshed page knows it; then the page's copy is fresher.
  const job: ReevalJobView | null =
    state?.ok && latestJob?.id !== state.jobId
      ? {
          id: state.jobId,
          taskId,
          submissionId: null,
          auditEntryId: null,
          status: "queued",
          judge: null,
          total: state.total,
          done: 0,
          changed: 0,
          error: null,
          createdAt: "",
          finishedAt: null,
        }
      : latestJob;
  const firstEnabled = judges.find((j) => j.disabled === null)?.id;
  return (
    <div className="space-y-2">
      <form action={action} className="space-y-1.5 text-xs" data-testid="gold-fix-form">
        <input type="hidden" name="taskId" value={taskId} />
        {table ? (
          <>
            <input type="hidden" name="kind" value="cell" />
            <div className="flex flex-wrap gap-2">
              <label className="flex items-center gap-1">
                row
                <select name="row" className="max-w-64 rounded border border-slate-300 px-1 py-0.5">
                  {table.rowLabels.map((label, i) => (
                    <option key={i} value={i}>
                      {i + 1}: {label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex items-center gap-1">
                column
                <select name="column" className="rounded border border-slate-300 px-1 py-0.5">
                  {table.columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </select>
              </label>
              <input
                name="value"
                placeholder="corrected cell value"
                aria-label="Corrected gold cell value"
                className="w-56 rounded border border-slate-300 px-1.5 py-0.5"
              />
            </div>
          </>
        ) : (
          <>
            <input type="hidden" name="kind" value="answer" />
            <textarea
              name="goldAnswer"
              required
              rows={2}
              defaultValue={gold ?? ""}
              aria-label="Corrected gold answer"
              className="w-full rounded border border-slate-300 px-1.5 py-1"
            />
          </>
        )}
        <label className="flex flex-wrap items-center gap-1">
          re-evaluate with
          <select
            name="judge"
            defaultValue={firstEnabled}
            className="rounded border border-slate-300 px-1 py-0.5"
          >
            {judges.map((j) => (
              <option
                key={j.id}
                value={j.id}
                disabled={j.disabled !== null}
                title={j.disabled ?? undefined}
              >
                {j.label}
                {j.disabled ? ` — ${j.disabled}` : ""}
              </option>
            ))}
          </select>
        </label>
        <textarea
          name="reason"
          required
          maxLength={2000}
          rows={2}
          placeholder="why the gold was wrong (required, public)"
          aria-label="Reason for the gold correction"
          className="w-full rounded border border-slate-300 px-1.5 py-1"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-indigo-600 px-2.5 py-1 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          Correct the gold and re-evaluate {plural(samples, "sample")} in{" "}
          {plural(submissions, "submission")}
        </button>
      </form>
      {state && !state.ok ? (
        <p role="alert" className="text-xs text-rose-700">
          {state.error}
        </p>
      ) : null}
      {job ? <JobProgress key={`${job.id}-${job.status}`} initial={job} /> : null}
    </div>
  );
}
