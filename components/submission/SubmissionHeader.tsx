import Link from "next/link";
import type { ReactNode } from "react";
import { z } from "zod";
import { Badge } from "@/components/ui/Badge";
import type { SubmissionRow } from "@/db/queries/submissions";
import { submissionFigures } from "@/lib/benchmarks/figures";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { boardFiguresOf, FigureValue } from "./BoardFigures";
import { GroundingSummary } from "./GroundingSummary";

/** The import notes of a run that did not finish (an Inspect log without its header, or cancelled): one reason per log. */
const incompleteSchema = z.object({ incomplete: z.array(z.string()).min(1) });

/** The top of a submission page: its board, model, primary metric, badges and the link to compare it. */
export function SubmissionHeader({
  submission,
  report,
  boardHref,
  boardLabel,
  summary,
  notices,
  showHash = false,
}: {
  submission: SubmissionRow;
  /** Its stored overall report (`aggregates.metrics`), read by its board. */
  report: unknown;
  boardHref: string;
  boardLabel: string;
  /** What the submission holds (tasks, runs), after the badges. */
  summary?: ReactNode;
  /** What its figures rest on (components/submission/FigureNotices.tsx). */
  notices: ReactNode;
  showHash?: boolean;
}) {
  const incomplete = incompleteSchema.safeParse(submission.importNotes).data?.incomplete ?? null;
  const { board, bundleExport } = BENCHMARKS[submission.benchmarkId];
  const exportable = !("unavailable" in bundleExport);
  const primary = boardFiguresOf(submission.benchmarkId, submissionFigures(board, report)).find(
    (f) => f.primary,
  );
  return (
    <div>
      <p className="text-sm text-slate-500">
        <Link href={boardHref} className="hover:underline">
          {boardLabel}
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{submission.model}</h1>
        {primary ? (
          <p
            className="text-lg"
            data-testid="primary-metric"
            data-key={primary.figure.key}
            title="its board's primary metric, with its 95% interval"
          >
            <span className="mr-2 text-sm text-slate-500">{primary.figure.label}</span>
            <span className="font-semibold">
              <FigureValue figure={primary.figure} kind={primary.kind} />
            </span>
          </p>
        ) : null}
      </div>
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
      {notices}
      <GroundingSummary report={report} />
    </div>
  );
}
