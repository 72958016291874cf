/**
 * What a view's cost–accuracy plot draws: its cost axis, its points, which of them may be on
 * the frontier, and how many rows it leaves out and why, in words. Pure.
 */
import type { Estimate } from "./cost";
import type { Standing } from "./standing";

export const COST_AXES = [
  { key: "costUsdPerTask", label: "Dollars per task", format: "usd" },
  { key: "tokensPerTask", label: "Tokens per task", format: "tokens" },
  { key: "toolCallsPerTask", label: "Tool calls per task", format: "count" },
] as const;

export type CostAxis = (typeof COST_AXES)[number];

export interface CostPlotRow {
  submissionId: number;
  standing: Pick<Standing, "ranked" | "preliminary" | "cost">;
}

export interface CostPlotPoint<Row> {
  row: Row;
  x: Estimate;
  y: number;
  /** Ranked and not preliminary: only such a row can be on the frontier. */
  frontier: boolean;
}

export interface CostPlot<Row> {
  axis: CostAxis;
  points: CostPlotPoint<Row>[];
  /** Why the axis is what it is and which rows are left out or kept off the frontier; empty when nothing needs saying. */
  notes: string[];
}

const rows = (n: number) => `${n} row${n === 1 ? "" : "s"}`;

/**
 * The plot of a view's rows: the cost measure most rows report among those whose values
 * differ (dollars, then tokens, then tool calls on a tie), each row that reports it and the primary metric as a point. A
 * partial or preliminary row is drawn but never on the frontier: its figures are over other
 * tasks, or too few, to compare.
 */
export function costPlot<Row extends CostPlotRow>(
  view: readonly Row[],
  primary: (row: Row) => number | null,
): CostPlot<Row> {
  const reporting = (axis: CostAxis) =>
    view.filter((row) => row.standing.cost[axis.key] !== null).length;
  // A measure every reporting row has the same value of draws the points on one vertical line
  // (frames-demo: one tool call a task everywhere): a measure that varies goes first.
  const varies = (axis: CostAxis) =>
    new Set(view.map((row) => row.standing.cost[axis.key]?.value).filter((v) => v !== undefined))
      .size > 1;
  const better = (a: CostAxis, b: CostAxis) =>
    varies(a) !== varies(b) ? varies(a) : reporting(a) > reporting(b);
  const axis = COST_AXES.reduce((best, axis) => (better(axis, best) ? axis : best));
  const points = view.flatMap((row) => {
    const x = row.standing.cost[axis.key];
    const y = primary(row);
    if (!x || y === null) return [];
    return [{ row, x, y, frontier: row.standing.ranked && !row.standing.preliminary }];
  });
  const noMeasure = view.length - reporting(axis);
  const noPrimary = view.filter(
    (row) => row.standing.cost[axis.key] !== null && primary(row) === null,
  ).length;
  const dollars = reporting(COST_AXES[0]);
  const kept = points.filter((p) => !p.frontier).length;
  const measured = (axis: CostAxis) => axis.label.toLowerCase();
  const notes = [
    axis === COST_AXES[0]
      ? null
      : `${dollars === 0 ? "No row" : `Only ${rows(dollars)}`} in this view report${dollars > 1 ? "" : "s"} dollars: ${measured(axis)} instead.`,
    noMeasure > 0
      ? `${rows(noMeasure)} report${noMeasure === 1 ? "s" : ""} no ${measured(axis)}, so ${noMeasure === 1 ? "is" : "are"} left out.`
      : null,
    noPrimary > 0
      ? `${rows(noPrimary)} ${noPrimary === 1 ? "has" : "have"} no primary figure, so ${noPrimary === 1 ? "is" : "are"} left out.`
      : null,
    kept > 0
      ? `${rows(kept)} drawn ${kept === 1 ? "is" : "are"} partial or preliminary, so never on the frontier.`
      : null,
  ].filter((note) => note !== null);
  return { axis, points, notes };
}
