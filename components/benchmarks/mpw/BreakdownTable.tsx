import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { RateWithCi } from "@/components/ui/Metric";
import { decimal } from "@/lib/format";
import type { Estimate, MpwAggregateReport } from "@/lib/benchmarks/mpw/stored";

/** One stored split and its parsed report. */
export interface MpwSplit {
  split: string;
  report: MpwAggregateReport;
}

/** A rate with its interval, as stored. */
export function EstimateCell({ estimate }: { estimate: Estimate }) {
  return (
    <RateWithCi value={estimate.value} lo={estimate.ci?.lo ?? null} hi={estimate.ci?.hi ?? null} />
  );
}

/** Figures per split; `searchSetting` false (setting A) shows FCR and HitRate as not applicable. */
export function BreakdownTable({
  rows,
  labelOf,
  testId,
  searchSetting = true,
}: {
  rows: MpwSplit[];
  labelOf: (split: string) => string;
  testId: string;
  searchSetting?: boolean;
}) {
  if (rows.length === 0)
    return <p className="mt-2 text-sm text-slate-500">No samples in any split.</p>;
  const na = <span className="text-slate-500">n/a</span>;
  return (
    <ScrollRegion label="Figures per split" className="">
      <table className="mt-2 min-w-full text-sm" data-testid={testId}>
        <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-1 pr-3">Split</th>
            <th className="py-1 pr-3 text-right">n</th>
            <th className="py-1 pr-3 text-right">Pass@1</th>
            <th className="py-1 pr-3 text-right">FCR</th>
            <th className="py-1 pr-3 text-right">HitRate</th>
            <th className="py-1 text-right">ToolCalls</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ split, report: a }) => (
            <tr key={split}>
              <td className="py-1 pr-3">{labelOf(split)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{a.n}</td>
              <td className="py-1 pr-3 text-right">
                <EstimateCell estimate={a.pass1} />
              </td>
              <td className="py-1 pr-3 text-right">
                {searchSetting ? <EstimateCell estimate={a.fcr} /> : na}
              </td>
              <td className="py-1 pr-3 text-right">
                {searchSetting ? <EstimateCell estimate={a.hitRate} /> : na}
              </td>
              <td className="py-1 text-right tabular-nums">{decimal(a.toolCalls.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
