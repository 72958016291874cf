import Link from "next/link";
import type { ReportBoardSubmission } from "@/db/queries/seekboard";
import type { BoardColumn } from "@/lib/benchmarks/board";
import { decimal, plural, withCi } from "@/lib/format";

/**
 * A row's earlier submissions (same team, model, agent and setting), under its model: not
 * ranked, each with its upload date, its primary figure and a link to its page.
 */
export function RowHistory({
  history,
  primary,
}: {
  history: readonly ReportBoardSubmission<unknown>[];
  primary: BoardColumn;
}) {
  if (history.length === 0) return null;
  return (
    <details className="mt-1 text-xs" data-testid="row-history" data-count={history.length}>
      <summary className="cursor-pointer text-slate-600">
        {plural(history.length, "earlier submission")}
      </summary>
      <ul className="mt-1 space-y-0.5 pl-3 text-slate-600">
        {history.map((earlier) => {
          const value = earlier.values[primary.key] ?? null;
          const ci = earlier.cis[primary.key];
          return (
            <li key={earlier.submissionId} data-submission-id={earlier.submissionId}>
              <Link href={`/s/${earlier.submissionId}`} className="text-indigo-700 hover:underline">
                #{earlier.submissionId} · {earlier.uploadedAt.slice(0, 10)}
              </Link>{" "}
              <span className="tabular-nums">
                {primary.label}{" "}
                {primary.kind === "rate"
                  ? withCi(value, ci?.lo, ci?.hi, "rate")
                  : primary.kind === "count"
                    ? (value ?? "—")
                    : decimal(value)}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
