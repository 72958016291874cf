import Link from "next/link";
import type { FailureModeReport } from "@/lib/benchmarks/failure-modes";
import { sampleQueryHref } from "@/lib/url/samples";

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/**
 * The submission's failure modes as bars: each mode's share of the failed runs with its 95%
 * interval as a whisker; a bar opens its runs (`mode:<id>`). A run may carry several modes,
 * so the shares may add up to more than 100%.
 */
export function FailureModeChart({
  submissionId,
  report,
}: {
  submissionId: number;
  report: FailureModeReport;
}) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="failure-modes"
      data-failed={report.failed}
    >
      <h2 className="text-sm font-semibold">Failure modes</h2>
      <p className="mt-1 text-xs text-slate-500">
        Computed from each failed run&rsquo;s steps ({report.failed} failed{" "}
        {report.failed === 1 ? "run" : "runs"}); a run may show several modes, so shares can add up
        to more than 100%. Bars: share of failed runs, whiskers: 95% bootstrap interval.
      </p>
      {report.failed === 0 ? (
        <p className="mt-2 text-slate-500">No run failed.</p>
      ) : (
        <ul className="mt-3 space-y-1.5">
          {report.modes.map((m) => (
            <li key={m.mode}>
              <Link
                href={sampleQueryHref(submissionId, `mode:${m.mode}`)}
                className="grid grid-cols-[minmax(10rem,16rem)_1fr_6rem] items-center gap-3 rounded px-1 hover:bg-slate-50"
                data-mode={m.mode}
                data-count={m.count}
              >
                <span
                  className="truncate"
                  title={`${m.label}: ${m.count} of ${report.failed} failed runs`}
                >
                  {m.label}
                </span>
                <span className="relative h-3 rounded bg-slate-100">
                  <span
                    className="absolute inset-y-0 left-0 rounded bg-rose-400"
                    style={{ width: percent(m.share ?? 0) }}
                  />
                  {m.ci ? (
                    <span
                      className="absolute top-1/2 h-px bg-slate-700"
                      style={{ left: percent(m.ci[0]), width: percent(m.ci[1] - m.ci[0]) }}
                    />
                  ) : null}
                </span>
                <span className="text-right tabular-nums">
                  {m.count} · {percent(m.share ?? 0)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
