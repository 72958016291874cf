import { CountWithCi, RateWithCi } from "@/components/ui/Metric";
import { assertNever } from "@/lib/assert-never";
import type { BoardColumn } from "@/lib/benchmarks/board";
import type { SubmissionFigure } from "@/lib/benchmarks/figures";
import { benchmarkInfo } from "@/lib/benchmarks/info";

/** A submission's figures with their columns' kinds, its board's primary metric first. */
export function boardFiguresOf(
  benchmark: string,
  figures: readonly SubmissionFigure[],
): { figure: SubmissionFigure; kind: BoardColumn["kind"]; primary: boolean }[] {
  const { board } = benchmarkInfo(benchmark);
  const kinds = new Map(board.columns.map((c) => [c.key, c.kind]));
  return figures
    .map((figure) => ({
      figure,
      kind: kinds.get(figure.key) ?? "number",
      primary: figure.key === board.primary,
    }))
    .sort((a, b) => Number(b.primary) - Number(a.primary));
}

/** One figure as its column shows it: a rate with its interval, a mean with its interval, a count. */
export function FigureValue({
  figure,
  kind,
}: {
  figure: SubmissionFigure;
  kind: BoardColumn["kind"];
}) {
  const lo = figure.ci?.lo ?? null;
  const hi = figure.ci?.hi ?? null;
  switch (kind) {
    case "rate":
      return <RateWithCi value={figure.value} lo={lo} hi={hi} />;
    case "number":
      return <CountWithCi value={figure.value} lo={lo} hi={hi} />;
    case "count":
      return <span className="tabular-nums">{figure.value ?? "—"}</span>;
    default:
      return assertNever(kind);
  }
}

/** The board's columns of one submission in a line each, its primary metric first and marked. */
export function BoardFigureList({
  benchmark,
  figures,
}: {
  benchmark: string;
  figures: readonly SubmissionFigure[] | null;
}) {
  if (figures === null) return <span className="text-slate-500">no figures yet</span>;
  return (
    <dl className="space-y-0.5 text-xs" data-testid="board-figures">
      {boardFiguresOf(benchmark, figures).map(({ figure, kind, primary }) => (
        <div
          key={figure.key}
          className="flex justify-end gap-2 whitespace-nowrap"
          data-key={figure.key}
          data-primary-metric={primary ? "1" : undefined}
        >
          <dt className={primary ? "font-semibold text-slate-700" : "text-slate-500"}>
            {figure.label}
          </dt>
          <dd className={primary ? "font-semibold" : undefined}>
            <FigureValue figure={figure} kind={kind} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
