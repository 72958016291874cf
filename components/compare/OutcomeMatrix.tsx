import Link from "next/link";
import type { OutcomeCell, OutcomeMatrix as Matrix } from "@/lib/compare/outcomes";

const CELL_TONES: Record<OutcomeCell, string> = {
  both: "bg-emerald-50 text-emerald-900",
  "only-a": "bg-amber-50 text-amber-900",
  "only-b": "bg-sky-50 text-sky-900",
  neither: "bg-rose-50 text-rose-900",
};

const CELL_NAMES: Record<OutcomeCell, string> = {
  both: "both right",
  "only-a": "only A right",
  "only-b": "only B right",
  neither: "both wrong",
};

export function cellName(cell: OutcomeCell): string {
  return CELL_NAMES[cell];
}

/** The 2×2 table of run pairs (A right/wrong × B right/wrong); each count links to its tasks. */
export function OutcomeMatrix({
  matrix,
  a,
  b,
  hrefOf,
  active,
  unit,
}: {
  matrix: Matrix;
  a: string;
  b: string;
  hrefOf: (cell: OutcomeCell) => string;
  active: OutcomeCell | null;
  unit: string;
}) {
  const cell = (c: OutcomeCell, n: number) => (
    <td
      className={`p-0 text-center ${CELL_TONES[c]} ${active === c ? "ring-2 ring-inset ring-indigo-500" : ""}`}
    >
      <Link
        href={hrefOf(c)}
        className="block px-4 py-3 hover:underline"
        data-testid="matrix-cell"
        data-cell={c}
        data-count={n}
        aria-current={active === c ? "true" : undefined}
      >
        <span className="block text-2xl font-semibold tabular-nums">{n}</span>
        <span className="block text-xs">{CELL_NAMES[c]}</span>
      </Link>
    </td>
  );
  return (
    <table
      className="w-full max-w-md border-collapse overflow-hidden rounded-lg text-sm ring-1 ring-slate-200"
      data-testid="outcome-matrix"
      data-total={matrix.total}
    >
      <thead>
        <tr className="bg-white text-xs text-slate-500">
          <th className="px-3 py-2 text-left font-medium">
            {matrix.total} {unit}
          </th>
          <th className="px-3 py-2 font-medium">B right</th>
          <th className="px-3 py-2 font-medium">B wrong</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th
            scope="row"
            className="bg-white px-3 py-2 text-left text-xs font-medium text-slate-500"
          >
            A right
          </th>
          {cell("both", matrix.both)}
          {cell("only-a", matrix.onlyA)}
        </tr>
        <tr>
          <th
            scope="row"
            className="bg-white px-3 py-2 text-left text-xs font-medium text-slate-500"
          >
            A wrong
          </th>
          {cell("only-b", matrix.onlyB)}
          {cell("neither", matrix.neither)}
        </tr>
      </tbody>
      <caption className="caption-bottom pt-1 text-left text-xs text-slate-500">
        A = {a}; B = {b}
      </caption>
    </table>
  );
}
