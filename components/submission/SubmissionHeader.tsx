import Link from "next/link";
import type { ReactNode } from "react";
import { z } from "zod";
import { Badge } from "@/components/ui/Badge";
import type { SubmissionRow } from "@/db/queries/submissions";
import { BENCHMARKS } from "@/lib/benchmarks/registry";

/** The import notes of a run that did not finish (an Inspect log without its header, or cancelled): one reason per log. */
const incompleteSchema = z.object({ incomplete: z.array(z.string()).min(1) });

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
  const incomplete = incompleteSchema.safeParse(submission.importNotes).data?.incomplete ?? null;
  const exportable = !("unavailable" in BENCHMARKS[submission.benchmarkId].bundleExport);
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
        <Badge tone={submission.status === "approved" ? "green" : "amber"}>
          {submission.status}
        </Badge>
        {incomplete ? <Badge tone="amber">incomplete run</Badge> : null}
        {summary ? <span>{summary}</span> : null}
        <span>uploaded {submission.uploadedAt.slice(0, 10)}</span>
        {showHash ? (
          <span className="font-mono text-xs text-slate-500" title="bundle hash">
            {submission.bundleHash.slice(0, 12)}
          </span>
        ) : null}
        <Link
          href={`/compare?s=${submission.id}`}
          className="text-indigo-700 hover:underline"
          data-testid="compare-link"
        >
          Compare with…
        </Link>
        {exportable ? (
          <a
            href={`/api/s/${submission.id}/bundle`}
            className="text-indigo-700 hover:underline"
            data-testid="download-bundle"
            download
          >
            Download bundle
          </a>
        ) : null}
      </div>
      {incomplete ? (
        <div
          className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="incomplete-run"
        >
          <p className="font-medium">
            This run did not finish: its figures cover the samples it logged.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {incomplete.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
