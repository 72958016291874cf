import Link from "next/link";
import { splitByTerms } from "@/lib/search/step-text";
import { stepAnchor } from "@/lib/trajectory/reading";
import type { Step } from "@/lib/trajectory/steps";
import { sampleHref } from "@/lib/url/samples";

export interface StepSearchViewHit {
  submissionId: number;
  /** The submission's model, as the board names it. */
  model: string;
  taskId: string;
  run: number;
  ordinal: number;
  kind: Step["kind"];
  callIndex: number | null;
  snippet: string;
}

/** The trajectory at the hit's step, with the transcript search (`find=`) highlighting the term. */
function hitHref(hit: StepSearchViewHit, term: string): string {
  const sample = sampleHref(hit.submissionId, hit.taskId, hit.run);
  const find = new URLSearchParams({ find: term });
  return `${sample}${sample.includes("?") ? "&" : "?"}${find}#${stepAnchor(hit, hit.ordinal)}`;
}

/** A run's hits together, in the order found. */
function byRun(hits: StepSearchViewHit[]): StepSearchViewHit[][] {
  const runs = new Map<string, StepSearchViewHit[]>();
  for (const hit of hits) {
    const key = `${hit.submissionId}\u0000${hit.taskId}\u0000${hit.run}`;
    runs.set(key, [...(runs.get(key) ?? []), hit]);
  }
  return [...runs.values()];
}

/** Untrusted text with the terms marked: React nodes, never HTML. */
function Highlighted({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {splitByTerms(text, terms).map((piece, i) =>
        piece.match ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5" data-search-match>
            {piece.text}
          </mark>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A board's search across trajectories: the query box, then the hits grouped by run, each a
 * link to its step in the trajectory with the term highlighted there (`find=`).
 */
export function StepSearchView({
  action,
  q,
  error,
  total,
  hits,
  terms,
  page,
  pageSize,
}: {
  action: string;
  q: string;
  error: string | null;
  total: number | null;
  hits: StepSearchViewHit[];
  terms: string[];
  page: number;
  pageSize: number;
}) {
  const pages = total === null ? 0 : Math.ceil(total / pageSize);
  const pageHref = (n: number) => `${action}?${new URLSearchParams({ q, page: String(n) })}`;
  return (
    <div className="mt-4 space-y-4">
      <form action={action} method="get" role="search" className="flex gap-2">
        <label className="sr-only" htmlFor="step-search-q">
          Search the trajectories
        </label>
        <input
          id="step-search-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder='result:"rate limit" verdict:incorrect'
          className="w-full max-w-2xl rounded border border-slate-300 px-2 py-1 font-mono text-sm"
          data-testid="step-search-input"
        />
        <button
          type="submit"
          className="rounded bg-indigo-600 px-3 py-1 text-sm font-medium text-white"
        >
          Search
        </button>
      </form>
      <p className="max-w-3xl text-sm text-slate-600">
        <code>text:&quot;…&quot;</code> any step, <code>query:&quot;…&quot;</code> a tool
        call&apos;s arguments, <code>result:&quot;…&quot;</code> a tool&apos;s result,{" "}
        <code>answer:&quot;…&quot;</code> the final answer: a literal, case-insensitive piece of one
        step, at least 3 characters. Combine with any sample field (
        <code>verdict:incorrect calls&gt;=20</code>).
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="step-search-error">
          {error}
        </p>
      ) : null}
      {total !== null ? (
        <p className="text-sm text-slate-700" data-testid="step-search-total">
          {total === 1 ? "1 step" : `${total.toLocaleString("en")} steps`} found
          {pages > 1 ? ` (page ${page} of ${pages})` : ""}
        </p>
      ) : null}
      <ol className="space-y-3">
        {byRun(hits).map((run) => {
          const { submissionId, model, taskId, run: runIndex } = run[0];
          return (
            <li
              key={`${submissionId}/${taskId}/${runIndex}`}
              className="rounded border border-slate-200 p-2"
              data-search-run
            >
              <div className="text-sm font-medium">
                {model} · task {taskId}
                {runIndex > 0 ? ` · run ${runIndex + 1}` : ""}
              </div>
              <ul className="mt-1 space-y-1">
                {run.map((hit) => (
                  <li key={hit.ordinal} className="text-sm">
                    <Link
                      href={hitHref(hit, terms[0] ?? "")}
                      className="text-indigo-700 hover:underline"
                      data-testid="step-search-hit"
                    >
                      step {hit.ordinal + 1} ({hit.kind.replace("_", " ")})
                    </Link>{" "}
                    <span className="break-words whitespace-pre-wrap text-slate-700">
                      <Highlighted text={hit.snippet} terms={terms} />
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {pages > 1 ? (
        <nav className="flex gap-3 text-sm" aria-label="Search result pages">
          {page > 1 ? <Link href={pageHref(page - 1)}>Previous</Link> : null}
          {page < pages ? <Link href={pageHref(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
