import { ScrollRegion } from "@/components/ui/ScrollRegion";
import Link from "next/link";
import type { CompareSubmission } from "@/db/queries/compare";
import type { PairSummary } from "@/lib/compare/outcomes";
import { ciText, methodLabel, percent, points, pValue } from "@/lib/format";

/** With more than two submissions: each against the baseline, one row per pair. */
export function PairwiseTable({
  base,
  rows,
  metric,
  detailHref,
  activeId,
}: {
  base: CompareSubmission;
  rows: { other: CompareSubmission; summary: PairSummary }[];
  metric: string;
  detailHref: (id: number) => string;
  activeId: number;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold">
        Each against the baseline A ({base.model}, {base.setting})
      </h2>
      <ScrollRegion label="Each against the baseline" className="">
        <table className="mt-2 w-full text-sm" data-testid="pairwise-table">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3">B</th>
              <th className="py-1 pr-3 text-right">Pairs</th>
              <th className="py-1 pr-3 text-right">both</th>
              <th className="py-1 pr-3 text-right">only A</th>
              <th className="py-1 pr-3 text-right">only B</th>
              <th className="py-1 pr-3 text-right">neither</th>
              <th className="py-1 pr-3 text-right">A {metric}</th>
              <th className="py-1 pr-3 text-right">B {metric}</th>
              <th className="py-1 pr-3 text-right">B − A</th>
              <th className="py-1 pr-3 text-right">95% CI</th>
              <th className="py-1 text-right">McNemar p</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ other, summary }) => (
              <tr
                key={other.id}
                className={`border-t border-slate-100 tabular-nums ${other.id === activeId ? "bg-indigo-50" : ""}`}
                data-testid="pairwise-row"
                data-id={other.id}
                data-total={summary.matrix.total}
              >
                <td className="py-1 pr-3">
                  <Link
                    href={detailHref(other.id)}
                    className="text-indigo-700 hover:underline"
                    aria-current={other.id === activeId ? "true" : undefined}
                  >
                    {other.model}
                  </Link>{" "}
                  <span className="text-xs text-slate-500">
                    {other.setting} · #{other.id}
                  </span>
                </td>
                <td className="py-1 pr-3 text-right">{summary.matrix.total}</td>
                <td className="py-1 pr-3 text-right">{summary.matrix.both}</td>
                <td className="py-1 pr-3 text-right">{summary.matrix.onlyA}</td>
                <td className="py-1 pr-3 text-right">{summary.matrix.onlyB}</td>
                <td className="py-1 pr-3 text-right">{summary.matrix.neither}</td>
                <td className="py-1 pr-3 text-right">{percent(summary.primary?.meanA)}</td>
                <td className="py-1 pr-3 text-right">{percent(summary.primary?.meanB)}</td>
                <td className="py-1 pr-3 text-right font-medium">
                  {summary.primary ? points(summary.primary.difference) : "—"}
                </td>
                <td className="whitespace-nowrap py-1 pr-3 text-right">
                  {summary.primary ? ciText(summary.primary, "points") : "—"}
                </td>
                <td
                  className="whitespace-nowrap py-1 text-right"
                  title={methodLabel(summary.mcnemar)}
                >
                  {pValue(summary.mcnemar.p)}{" "}
                  <span className="text-xs text-slate-500">
                    {summary.mcnemar.method === "exact" ? "exact" : "χ²cc"}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-1 text-xs text-slate-500">
        Click a row&apos;s model to see that pair in detail below.
      </p>
    </section>
  );
}
