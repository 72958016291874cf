/**
 * The two kinds of re-evaluation job, told apart by what they name: a gold fix's (its task:
 * every sample judged again against the fixed gold) and a maintainer's judging of a
 * submission's unjudged samples. What a job says to the maintainer depends on it. Pure.
 */
import { assertNever } from "../assert-never";

export const REEVAL_JOB_KINDS = ["gold-fix", "judging"] as const;
export type ReevalJobKind = (typeof REEVAL_JOB_KINDS)[number];

export function reevalJobKind(job: { taskId: number | null }): ReevalJobKind {
  return job.taskId !== null ? "gold-fix" : "judging";
}

/** What a job whose worker died says: how to finish what it left undone. */
export function interruptedJobMessage(kind: ReevalJobKind): string {
  const stopped = "interrupted: the worker stopped before the job finished";
  switch (kind) {
    case "gold-fix":
      // Its samples were judged against the new gold part-way: undo reverts them all.
      return `${stopped}; undo the gold fix and apply it again`;
    case "judging":
      // A sample it judged has its verdict; the rest are still unjudged, and a new job judges only those.
      return `${stopped}; the samples it judged keep their verdicts: judge the rest again from the submission's page`;
    default:
      return assertNever(kind);
  }
}

/** The job's progress in its kind's words: "re-evaluated" against a fixed gold, "judged" for the first time. */
export function jobProgressVerb(kind: ReevalJobKind): string {
  switch (kind) {
    case "gold-fix":
      return "re-evaluated";
    case "judging":
      return "judged";
    default:
      return assertNever(kind);
  }
}
