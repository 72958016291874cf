import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { plural } from "@/lib/format";

/**
 * A chart's figures as a table, folded under it: the text alternative for screen readers and
 * for anyone who wants the exact numbers the chart draws (its tooltips round).
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}) {
  return (
    <details className="mt-2 text-xs text-slate-700" data-testid="chart-table">
      <summary className="cursor-pointer text-slate-600">
        Data table ({plural(rows.length, "row")})
      </summary>
      <ScrollRegion label={caption} className="mt-1 max-h-72 rounded border border-slate-200">
        <table className="min-w-full">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-left">
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c}
                  scope="col"
                  className={`px-2 py-1 font-medium ${i === 0 ? "" : "text-right"}`}
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i} className={`px-2 py-0.5 ${i === 0 ? "" : "text-right"}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}

/** A rate as a percentage for a table cell; "—" when there is none. */
export const tablePercent = (value: number | null | undefined): string =>
  value === null || value === undefined ? "—" : `${(value * 100).toFixed(1)}%`;
