import Link from "next/link";
import type { RubricJobView, RubricResultRow, RubricCounts, RubricShow } from "@/db/queries/rubric";
import { citedStepHref } from "@/lib/rubric/links";
import { describeScope } from "@/lib/rubric/scope";
import { sampleHref } from "@/lib/url/samples";

const SHOW_LABELS: Record<RubricShow, string> = {
  match: "Matches",
  "no-match": "No match",
  unreadable: "Unreadable replies",
  pending: "Not judged yet",
  all: "All",
};

const VERDICT_TONE: Record<string, string> = {
  match: "bg-emerald-100 text-emerald-800",
  "no-match": "bg-slate-100 text-slate-700",
  unreadable: "bg-amber-100 text-amber-800",
};

/**
 * A rubric search's page: the rubric, the job's state (the admin's view adds the scope,
 * progress, estimate and errors), the runs by verdict with the judge's reason (untrusted
 * text, rendered as text) and links to the steps it cites.
 */
export function RubricResultsView({
  job,
  admin,
  show,
  counts,
  rows,
  page,
  pageSize,
}: {
  job: RubricJobView;
  admin: boolean;
  show: RubricShow;
  counts: RubricCounts;
  rows: RubricResultRow[];
  page: number;
  pageSize: number;
}) {
  const base = `/rubric/${job.id}`;
  const pages = Math.max(1, Math.ceil(counts[show] / pageSize));
  return (
    <div className="space-y-5" data-testid="rubric-job" data-status={job.status}>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Rubric search #{job.id}</h1>
        <p className="whitespace-pre-wrap text-slate-800" data-testid="rubric-text">
          {job.rubric}
        </p>
        <p className="text-sm text-slate-600">
          Judged by {job.judge.model} · {job.status}
          {admin ? (
            <>
              {" "}
              · {describeScope(job.scope)} · {job.done.toLocaleString("en")} of{" "}
              {job.total.toLocaleString("en")} runs read · estimated{" "}
              {job.estimatedTokens.toLocaleString("en")} tokens
            </>
          ) : null}
          {job.parentId !== null ? (
            <>
              {" "}
              · refines <Link href={`/rubric/${job.parentId}`}>#{job.parentId}</Link>
            </>
          ) : null}
        </p>
        {admin && job.total > 0 ? (
          <progress
            className="h-2 w-64"
            max={job.total}
            value={job.done}
            aria-label="Runs read"
            data-testid="rubric-progress"
          />
        ) : null}
        {admin && job.droppedCitations > 0 ? (
          <p className="text-sm text-amber-800" data-testid="rubric-dropped">
            {job.droppedCitations} cited step{job.droppedCitations === 1 ? "" : "s"} the runs do not
            have were dropped.
          </p>
        ) : null}
        {admin && job.error ? (
          <p role="alert" className="text-sm text-rose-700" data-testid="rubric-error">
            {job.error}
          </p>
        ) : null}
        {!admin ? (
          <p className="text-sm text-slate-500">Runs of approved submissions only.</p>
        ) : null}
      </div>

      <nav className="flex flex-wrap gap-2 text-sm" aria-label="Verdicts">
        {(Object.keys(SHOW_LABELS) as RubricShow[]).map((key) => (
          <Link
            key={key}
            href={`${base}?show=${key}`}
            aria-current={key === show ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${key === show ? "border-indigo-600 bg-indigo-50 text-indigo-800" : "border-slate-300 text-slate-700"}`}
            data-testid={`rubric-show-${key}`}
          >
            {SHOW_LABELS[key]} ({counts[key].toLocaleString("en")})
          </Link>
        ))}
        <span className="ml-auto flex gap-3">
          <a href={`/api/rubric/${job.id}?show=${show}&format=csv`} download>
            Export CSV
          </a>
          <a href={`/api/rubric/${job.id}?show=${show}`}>Export JSON</a>
        </span>
      </nav>

      {rows.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="rubric-empty">
          No runs here.
        </p>
      ) : (
        <table className="w-full text-sm" data-testid="rubric-results">
          <thead className="text-left text-slate-600">
            <tr>
              <th className="py-1 pr-3">Run</th>
              <th className="py-1 pr-3">Verdict</th>
              <th className="py-1 pr-3">Reason</th>
              <th className="py-1">Cited steps</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.sampleId}
                className="border-t border-slate-200 align-top"
                data-testid="rubric-result"
                data-verdict={row.verdict ?? "pending"}
              >
                <td className="py-1.5 pr-3">
                  <Link href={sampleHref(row.submissionId, row.taskKey, row.run)}>
                    {row.model}
                    {row.agent ? ` · ${row.agent}` : ""} — task {row.taskKey}
                    {row.run > 0 ? ` run ${row.run}` : ""}
                  </Link>
                  <span className="ml-1 text-xs text-slate-500">
                    ({row.correct ? "correct" : "incorrect"})
                  </span>
                </td>
                <td className="py-1.5 pr-3">
                  {row.verdict ? (
                    <span className={`rounded px-1.5 py-0.5 text-xs ${VERDICT_TONE[row.verdict]}`}>
                      {SHOW_LABELS[row.verdict]}
                    </span>
                  ) : (
                    <span className="text-xs text-slate-500">not judged yet</span>
                  )}
                </td>
                <td className="max-w-xl py-1.5 pr-3 whitespace-pre-wrap break-words">
                  {row.reason}
                </td>
                <td className="py-1.5">
                  {row.cited.map((cited) => (
                    <Link
                      key={cited.ordinal}
                      href={citedStepHref(row.submissionId, row.taskKey, row.run, cited)}
                      className="mr-2"
                      data-testid="rubric-cited-step"
                    >
                      step {cited.ordinal}
                    </Link>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="flex gap-3 text-sm" aria-label="Pages">
          {page > 1 ? <Link href={`${base}?show=${show}&page=${page - 1}`}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link href={`${base}?show=${show}&page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
