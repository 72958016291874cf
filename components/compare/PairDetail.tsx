import { ScrollRegion } from "@/components/ui/ScrollRegion";
import Link from "next/link";
import type { CompareSubmission } from "@/db/queries/compare";
import type { CompareProfile } from "@/lib/benchmarks/types";
import { OUTCOME_CELLS, countOf, type OutcomeCell } from "@/lib/compare/outcomes";
import type { PairReport } from "@/lib/compare/report";
import {
  ciText,
  decimal,
  methodLabel,
  percent,
  points,
  pStatement,
  pValue,
  signed,
} from "@/lib/format";
import { MCNEMAR_EXACT_BELOW, PAIRED_BOOTSTRAP, type PairedDifference } from "@/lib/stats/paired";
import { OutcomeMatrix, cellName } from "./OutcomeMatrix";

type Within = { dimension: string; value: string } | null;

/** Baseline A against B: matrix, paired difference with CI and McNemar, the splits, FCR and tool calls. */
export function PairDetail({
  base,
  vs,
  report,
  profile,
  activeCell,
  cellHref,
  children,
}: {
  base: CompareSubmission;
  vs: CompareSubmission;
  report: PairReport;
  profile: CompareProfile;
  activeCell: OutcomeCell | null;
  cellHref: (cell: OutcomeCell, within: Within) => string;
  /** Shown right under the matrix (the open cell's task list). */
  children?: React.ReactNode;
}) {
  const { summary } = report;
  const several = base.runs > 1 || vs.runs > 1;
  const unit = several ? "run pairs" : "tasks";
  const label = (s: CompareSubmission) => `${s.model} (${s.setting}, #${s.id})`;
  const primary = summary.primary;
  return (
    <section className="space-y-4" data-testid="pair-detail" data-a={base.id} data-b={vs.id}>
      <h2 className="text-lg font-semibold">
        A: {label(base)} <span className="font-normal text-slate-500">vs</span> B: {label(vs)}
      </h2>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <OutcomeMatrix
          matrix={summary.matrix}
          a={label(base)}
          b={label(vs)}
          hrefOf={(cell) => cellHref(cell, null)}
          active={activeCell}
          unit={unit}
        />
        <div
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
          data-testid="primary-diff"
          data-difference={primary?.difference ?? ""}
          data-lo={primary?.lo ?? ""}
          data-hi={primary?.hi ?? ""}
          data-p={summary.mcnemar.p}
          data-method={summary.mcnemar.method}
        >
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {profile.metric}, paired over {summary.tasks} shared tasks
          </div>
          {primary ? (
            <>
              <div className="mt-2 flex flex-wrap items-baseline gap-x-6 gap-y-1">
                <span>
                  A <strong className="tabular-nums">{percent(primary.meanA)}</strong>
                </span>
                <span>
                  B <strong className="tabular-nums">{percent(primary.meanB)}</strong>
                </span>
                <span className="text-lg">
                  B − A <strong className="tabular-nums">{points(primary.difference)}</strong>
                </span>
              </div>
              <p className="mt-1 tabular-nums text-slate-700">
                95% paired-bootstrap CI {ciText(primary, "points")}
                {primary.lo > 0 || primary.hi < 0 ? (
                  <span className="ml-2 text-slate-500">(excludes 0)</span>
                ) : (
                  <span className="ml-2 text-slate-500">(includes 0)</span>
                )}
              </p>
            </>
          ) : (
            <p className="mt-2 text-slate-600">No shared tasks: nothing to pair.</p>
          )}
          <p className="mt-2 tabular-nums text-slate-700">
            McNemar: {pStatement(summary.mcnemar.p)}{" "}
            <span className="text-slate-500">
              ({methodLabel(summary.mcnemar)}; b = {summary.mcnemar.b} only-A, c ={" "}
              {summary.mcnemar.c} only-B)
            </span>
          </p>
          <p className="mt-2 text-xs text-slate-500">
            Outcome of a run: {profile.outcome}. A: {base.taskCount - summary.tasks} task(s) B
            lacks; B: {vs.taskCount - summary.tasks} task(s) A lacks (left out).
          </p>
        </div>
      </div>

      {children}

      <details
        className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
        data-testid="method-note"
        open
      >
        <summary className="cursor-pointer font-semibold">
          How this is computed{several ? " (several runs per task)" : ""}
        </summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>
            <strong>Matrix and McNemar: run by run.</strong> Run r of a task in A is paired with run
            r of the same task in B; a run only one side has is left out.
            {several
              ? " With several runs per task McNemar treats the run pairs as independent, which overstates its certainty: read the bootstrap interval first."
              : " With one run per task each pair is a task."}
          </li>
          <li>
            <strong>Paired difference: task by task.</strong> Each side&apos;s score on a task is
            its mean over its runs of that task; the difference is the mean over shared tasks of B −
            A. The 95% interval is a percentile bootstrap over tasks ({PAIRED_BOOTSTRAP.resamples}{" "}
            resamples, fixed seed {PAIRED_BOOTSTRAP.seed}, so the same pair always gives the same
            interval).
          </li>
          <li>
            <strong>McNemar&apos;s test</strong> uses only the discordant pairs b (only A right) and
            c (only B right): the exact two-sided binomial test when b + c &lt;{" "}
            {MCNEMAR_EXACT_BELOW}, otherwise χ² = (|b − c| − 1)² / (b + c) with one degree of
            freedom (continuity-corrected).
          </li>
          <li>
            Scores are on the shared tasks only, so they can differ from the leaderboard&apos;s when
            the task sets differ.
          </li>
        </ul>
      </details>

      {report.splits.length > 0 ? (
        <SplitTable report={report} profile={profile} cellHref={cellHref} />
      ) : null}

      {report.fcr || report.toolCalls ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="text-sm font-semibold">Search behaviour, paired over tasks</h3>
          <table className="mt-2 w-full max-w-3xl text-sm" data-testid="secondary-diff">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-1 pr-3">Figure</th>
                <th className="py-1 pr-3 text-right">Tasks</th>
                <th className="py-1 pr-3 text-right">A</th>
                <th className="py-1 pr-3 text-right">B</th>
                <th className="py-1 pr-3 text-right">B − A</th>
                <th className="py-1 text-right">95% CI</th>
              </tr>
            </thead>
            <tbody>
              {report.fcr ? <SecondaryRow name="Mean FCR" d={report.fcr} scale="points" /> : null}
              {report.toolCalls ? (
                <SecondaryRow name="Mean tool calls" d={report.toolCalls} scale="count" />
              ) : null}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-slate-500">
            Each task&apos;s figure is the mean over its runs; tasks where either side has no value
            (FCR of a task without facts, tool calls the bundle did not record) are left out.
          </p>
        </div>
      ) : null}
    </section>
  );
}

function SecondaryRow({
  name,
  d,
  scale,
}: {
  name: string;
  d: PairedDifference;
  scale: "points" | "count";
}) {
  const value = scale === "points" ? (v: number) => percent(v) : (v: number) => decimal(v);
  return (
    <tr
      className="border-t border-slate-100 tabular-nums"
      data-testid="secondary-row"
      data-figure={name}
    >
      <td className="py-1 pr-3">{name}</td>
      <td className="py-1 pr-3 text-right">{d.n}</td>
      <td className="py-1 pr-3 text-right">{value(d.meanA)}</td>
      <td className="py-1 pr-3 text-right">{value(d.meanB)}</td>
      <td className="py-1 pr-3 text-right font-medium">
        {scale === "points" ? points(d.difference) : signed(d.difference)}
      </td>
      <td className="py-1 text-right">{ciText(d, scale)}</td>
    </tr>
  );
}

function SplitTable({
  report,
  profile,
  cellHref,
}: {
  report: PairReport;
  profile: CompareProfile;
  cellHref: (cell: OutcomeCell, within: Within) => string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold">
        By {profile.dimensions.map((d) => d.label.toLowerCase()).join(" and ")}
      </h3>
      <ScrollRegion label="Pass rates by split" className="">
        <table className="mt-2 w-full text-sm" data-testid="split-table">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3">Split</th>
              <th className="py-1 pr-3 text-right">Tasks</th>
              <th className="py-1 pr-3 text-right">A</th>
              <th className="py-1 pr-3 text-right">B</th>
              <th className="py-1 pr-3 text-right">B − A</th>
              <th className="py-1 pr-3 text-right">95% CI</th>
              {OUTCOME_CELLS.map((c) => (
                <th key={c} className="py-1 pr-3 text-right" title={cellName(c)}>
                  {c === "only-a" ? "only A" : c === "only-b" ? "only B" : c}
                </th>
              ))}
              <th className="py-1 text-right">McNemar p</th>
            </tr>
          </thead>
          <tbody>
            {profile.dimensions.map((dimension) =>
              report.splits
                .filter((s) => s.dimension === dimension.key)
                .map((s, i) => (
                  <tr
                    key={`${s.dimension}:${s.value}`}
                    className={`tabular-nums ${i === 0 ? "border-t-2 border-slate-200" : "border-t border-slate-100"}`}
                    data-testid="split-row"
                    data-split={`${s.dimension}:${s.value}`}
                  >
                    <td className="py-1 pr-3">
                      <span className="text-xs text-slate-500">{dimension.label}</span> {s.value}
                    </td>
                    <td className="py-1 pr-3 text-right">{s.summary.tasks}</td>
                    <td className="py-1 pr-3 text-right">{percent(s.summary.primary?.meanA)}</td>
                    <td className="py-1 pr-3 text-right">{percent(s.summary.primary?.meanB)}</td>
                    <td className="py-1 pr-3 text-right font-medium">
                      {s.summary.primary ? points(s.summary.primary.difference) : "—"}
                    </td>
                    <td className="whitespace-nowrap py-1 pr-3 text-right">
                      {s.summary.primary ? ciText(s.summary.primary, "points") : "—"}
                    </td>
                    {OUTCOME_CELLS.map((c) => (
                      <td key={c} className="py-1 pr-3 text-right">
                        <Link
                          href={cellHref(c, { dimension: s.dimension, value: s.value })}
                          className="text-indigo-700 hover:underline"
                        >
                          {countOf(s.summary.matrix, c)}
                        </Link>
                      </td>
                    ))}
                    <td
                      className="whitespace-nowrap py-1 text-right"
                      title={methodLabel(s.summary.mcnemar)}
                    >
                      {pValue(s.summary.mcnemar.p)}{" "}
                      <span className="text-xs text-slate-500">
                        {s.summary.mcnemar.method === "exact" ? "exact" : "χ²cc"}
                      </span>
                    </td>
                  </tr>
                )),
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-1 text-xs text-slate-500">
        Small splits give wide intervals; McNemar p-values are not corrected for testing many
        splits.
      </p>
    </div>
  );
}
