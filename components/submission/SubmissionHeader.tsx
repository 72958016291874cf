import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/Badge";
import type { SubmissionRow } from "@/db/queries/submissions";

/** The top of a submission page: its board, model, badges and the link to compare it. */
export function SubmissionHeader({
  submission,
  boardHref,
  boardLabel,
  summary,
  showHash = false,
}: {
  submission: SubmissionRow;
  boardHref: string;
  boardLabel: string;
  /** What the submission holds (tasks, runs), after the badges. */
  summary?: ReactNode;
  showHash?: boolean;
}) {
  return (
    <div>
      <p className="text-sm text-slate-500">
        <Link href={boardHref} className="hover:underline">
          {boardLabel}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">{submission.model}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {submission.agent ? <Badge tone="slate">{submission.agent}</Badge> : null}
        <Badge tone="slate">version {submission.benchmarkVersion}</Badge>
        <Badge tone={submission.status === "approved" ? "green" : "amber"}>{submission.status}</Badge>
        {summary ? <span>{summary}</span> : null}
        <span>uploaded {submission.uploadedAt.slice(0, 10)}</span>
        {showHash ? (
          <span className="font-mono text-xs text-slate-500" title="bundle hash">
            {submission.bundleHash.slice(0, 12)}
          </span>
        ) : null}
        <Link href={`/compare?s=${submission.id}`} className="text-indigo-700 hover:underline" data-testid="compare-link">
          Compare with…
        </Link>
      </div>
    </div>
  );
}
