import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { CellDiff, WideSearchSampleScore } from "@/lib/benchmarks/widesearch/score";

function tone(score: CellDiff["score"]): string {
  if (score === "unscored")
    return "bg-slate-100 text-slate-700 [background-image:repeating-linear-gradient(45deg,transparent,transparent_4px,rgba(148,163,184,.25)_4px,rgba(148,163,184,.25)_8px)]";
  if (score >= 1) return "bg-emerald-50 text-emerald-900";
  if (score <= 0) return "bg-rose-50 text-rose-900";
  return "bg-amber-50 text-amber-900";
}

function scoreText(score: CellDiff["score"]): string {
  return score === "unscored" ? "unscored" : score.toFixed(score % 1 === 0 ? 0 : 2);
}

/**
 * The predicted table beside the gold table, rows aligned by key. Each predicted cell is
 * coloured by its score and says which metric judged it and why. Text only: cells are
 * model output and are never parsed as HTML.
 */
export function TableDiff({ score }: { score: WideSearchSampleScore }) {
  const columns = score.columns.required;
  const keys = new Set(score.columns.keys);
  return (
    <div className="space-y-4">
      <ScrollRegion
        label="Submitted table against the gold table"
        className="rounded-lg border border-slate-200 bg-white"
      >
        <table
          className="min-w-full border-collapse text-sm"
          data-testid="table-diff"
          data-rows={score.rows.length}
        >
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr className="bg-slate-50">
              <th colSpan={columns.length + 1} className="border-r border-slate-200 px-2 py-1">
                Predicted (scored)
              </th>
              <th colSpan={columns.length} className="px-2 py-1">
                Gold
              </th>
            </tr>
            <tr className="bg-slate-50">
              {columns.map((c) => (
                <th key={`p-${c}`} className="px-2 py-1">
                  {c}
                  {keys.has(c) ? (
                    <span className="ml-1 text-[10px] text-indigo-700">key</span>
                  ) : null}
                </th>
              ))}
              <th className="border-r border-slate-200 px-2 py-1 text-right">row</th>
              {columns.map((c) => (
                <th key={`g-${c}`} className="px-2 py-1">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {score.rows.map((row, i) => (
              <tr key={i} data-testid="diff-row" data-row-score={row.score}>
                {row.cells.map((cell) => (
                  <td
                    key={`p-${cell.column}`}
                    className={`px-2 py-1 ${tone(cell.score)}`}
                    data-testid="diff-cell"
                    data-score={cell.score}
                    title={`${cell.metric}${cell.preprocess.length ? ` after ${cell.preprocess.join(", ")}` : ""}: ${cell.why}`}
                  >
                    <div className="whitespace-pre-wrap break-words">
                      {cell.predicted || <span className="italic text-slate-500">empty</span>}
                    </div>
                    {cell.isKey ? null : (
                      <div className="mt-0.5 text-[11px] leading-tight opacity-80">
                        {cell.metric}
                        {cell.preprocess.length
                          ? ` after ${cell.preprocess.join(", ")}`
                          : ""} → {scoreText(cell.score)}
                        {cell.score !== 1 ? <span className="block">{cell.why}</span> : null}
                      </div>
                    )}
                  </td>
                ))}
                <td
                  className={`border-r border-slate-200 px-2 py-1 text-right tabular-nums ${tone(row.score)}`}
                >
                  {scoreText(row.score)}
                </td>
                {row.cells.map((cell) => (
                  <td key={`g-${cell.column}`} className="px-2 py-1 text-slate-700">
                    <div className="whitespace-pre-wrap break-words">{cell.gold}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="grid gap-4 lg:grid-cols-2">
        <UnmatchedRows
          title="Missing rows (in gold, not predicted)"
          rows={score.missingGoldRows}
          columns={columns}
          testId="missing-rows"
          tone="text-rose-800"
        />
        <UnmatchedRows
          title="Extra rows (predicted, not in gold)"
          rows={score.extraPredictedRows}
          columns={columns}
          testId="extra-rows"
          tone="text-amber-800"
        />
      </div>
    </div>
  );
}

function UnmatchedRows({
  title,
  rows,
  columns,
  testId,
  tone,
}: {
  title: string;
  rows: WideSearchSampleScore["missingGoldRows"];
  columns: string[];
  testId: string;
  tone: string;
}) {
  return (
    <div
      className="rounded-lg border border-slate-200 bg-white p-3"
      data-testid={testId}
      data-count={rows.length}
    >
      <h3 className={`text-sm font-semibold ${tone}`}>
        {title}: {rows.length}
      </h3>
      {rows.length === 0 ? null : (
        <table className="mt-2 min-w-full text-xs">
          <thead className="text-left text-slate-500">
            <tr>
              {columns.map((c) => (
                <th key={c} className="pr-2">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c} className="whitespace-pre-wrap break-words pr-2">
                    {row.values[c] ?? row.key[c] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
