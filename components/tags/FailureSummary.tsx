import Link from "next/link";
import type { TagCount } from "@/db/queries/tags";
import type { FailureModeReport } from "@/lib/benchmarks/failure-modes";
import { quoteFilterValue } from "@/lib/filter/parse";
import { HINTS, type HintId } from "@/lib/hints/hints";
import { sampleQueryHref } from "@/lib/url/samples";

/** How many of a submission's samples carry each failure tag and each automatic hint. */
export interface FailureCounts {
  tags: TagCount[];
  hints: Record<HintId, number>;
  /** The computed failure modes (data, beside the maintainer's tags). */
  modes: FailureModeReport;
}

/** A submission's failure tags and automatic hints with their sample counts, each linking to those samples. */
export function FailureSummary({
  submissionId,
  tags,
  hints,
}: { submissionId: number } & Omit<FailureCounts, "modes">) {
  const shownHints = HINTS.filter((h) => hints[h.id] > 0);
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="failure-summary"
    >
      <h2 className="text-sm font-semibold">Failure tags and hints</h2>
      <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="tag-counts">
        <span className="text-xs uppercase tracking-wide text-slate-500">Tags</span>
        {tags.length === 0 ? <span className="text-slate-500">no sample tagged yet</span> : null}
        {tags.map((t) => (
          <Link
            key={t.tag}
            href={sampleQueryHref(submissionId, `tag:${quoteFilterValue(t.tag)}`)}
            className="rounded bg-indigo-50 px-2 py-0.5 text-indigo-800 ring-1 ring-inset ring-indigo-600/20 hover:bg-indigo-100"
            data-tag={t.tag}
            data-count={t.samples}
          >
            {t.tag} <span className="tabular-nums font-semibold">{t.samples}</span>
          </Link>
        ))}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="hint-counts">
        <span className="text-xs uppercase tracking-wide text-slate-500">Automatic hints</span>
        {shownHints.length === 0 ? <span className="text-slate-500">none apply</span> : null}
        {shownHints.map((h) => (
          <Link
            key={h.id}
            href={sampleQueryHref(submissionId, `hint:${h.id}`)}
            title={h.definition}
            className="rounded bg-amber-50 px-2 py-0.5 text-amber-800 ring-1 ring-inset ring-amber-600/20 hover:bg-amber-100"
            data-hint={h.id}
            data-count={hints[h.id]}
          >
            {h.label} <span className="tabular-nums font-semibold">{hints[h.id]}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
