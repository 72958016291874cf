import type { ModePairs } from "@/lib/compare/failure-modes";
import { ciText, percent, points } from "@/lib/format";

/** The failure modes of A and B side by side over the run pairs, with the paired difference per mode. */
export function FailureModePairs({ modes }: { modes: ModePairs }) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="compare-failure-modes"
    >
      <h3 className="text-sm font-semibold">Failure modes, paired over {modes.pairs} run pairs</h3>
      <p className="mt-1 text-xs text-slate-500">
        Failed runs carrying each mode (a run may carry several; share of that side&rsquo;s{" "}
        {modes.aFailed} / {modes.bFailed} failed runs). B − A: the difference in the share of paired
        runs carrying the mode, with its paired bootstrap 95% interval.
      </p>
      <table className="mt-2 w-full text-left tabular-nums">
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Mode</th>
            <th className="py-1 pr-3 font-medium">A</th>
            <th className="py-1 pr-3 font-medium">B</th>
            <th className="py-1 font-medium">B − A</th>
          </tr>
        </thead>
        <tbody>
          {modes.rows.map((r) => (
            <tr
              key={r.mode}
              className="border-t border-slate-100"
              data-mode={r.mode}
              data-a={r.a}
              data-b={r.b}
              data-difference={r.difference?.difference ?? ""}
            >
              <td className="py-1 pr-3">{r.label}</td>
              <td className="py-1 pr-3">
                {r.a} <span className="text-slate-500">({percent(r.aShare)})</span>
              </td>
              <td className="py-1 pr-3">
                {r.b} <span className="text-slate-500">({percent(r.bShare)})</span>
              </td>
              <td className="py-1">
                {r.difference ? (
                  <>
                    {points(r.difference.difference)}{" "}
                    <span className="text-slate-500">{ciText(r.difference, "points")}</span>
                  </>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
