import { RateWithCi } from "@/components/ui/Metric";
import type { AggregateRow } from "@/db/queries/submissions";
import { decimal } from "@/lib/format";

/** Figures per split; `searchSetting` false (setting A) shows FCR and HitRate as not applicable. */
export function BreakdownTable({
  rows,
  labelOf,
  testId,
  searchSetting = true,
}: {
  rows: AggregateRow[];
  labelOf: (split: string) => string;
  testId: string;
  searchSetting?: boolean;
}) {
  if (rows.length === 0)
    return <p className="mt-2 text-sm text-slate-500">No samples in any split.</p>;
  const na = <span className="text-slate-500">n/a</span>;
  return (
    <div className="overflow-x-auto">
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
          {rows.map((a) => (
            <tr key={a.split}>
              <td className="py-1 pr-3">{labelOf(a.split)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{a.n}</td>
              <td className="py-1 pr-3 text-right">
                <RateWithCi value={a.pass1} lo={a.pass1Lo} hi={a.pass1Hi} />
              </td>
              <td className="py-1 pr-3 text-right">
                {searchSetting ? <RateWithCi value={a.fcr} lo={a.fcrLo} hi={a.fcrHi} /> : na}
              </td>
              <td className="py-1 pr-3 text-right">
                {searchSetting ? (
                  <RateWithCi value={a.hitRate} lo={a.hitRateLo} hi={a.hitRateHi} />
                ) : (
                  na
                )}
              </td>
              <td className="py-1 text-right tabular-nums">{decimal(a.toolCalls)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
