"use client";

import { useRouter } from "next/navigation";
import { useMemo } from "react";
import {
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Legend,
  Line,
  LineDrawShape,
  ResponsiveContainer,
  Scatter,
  XAxis,
  YAxis,
  type LineDrawShapeProps,
} from "recharts";
import { seriesColor } from "@/components/charts/palette";
import { SeriesTooltip, seriesDot, useSeriesHover } from "@/components/charts/SeriesHover";
import { costValue, niceTicks, withCi, type CostFormat } from "@/lib/format";
import { paretoFrontier } from "@/lib/standing/frontier";

export interface CostAccuracyPoint {
  submissionId: number;
  model: string;
  setting: string;
  /** Where clicking the point goes (the submission's page). */
  href: string;
  /** The cost measure per task and its 95% CI. */
  x: number;
  xLo: number | null;
  xHi: number | null;
  /** The primary metric, a rate in [0, 1], and its 95% CI. */
  y: number;
  yLo: number | null;
  yHi: number | null;
  /** Ranked and not preliminary: only such a point can be on the frontier. */
  rankable: boolean;
}

export interface CostAccuracyPlotProps {
  points: CostAccuracyPoint[];
  xLabel: string;
  yLabel: string;
  /** Why the x axis is not dollars and which rows are left out or kept off the frontier (e.g. "13 rows report no dollars per task, so are left out."); empty when nothing needs saying. */
  notes: readonly string[];
  xFormat: CostFormat;
}

const FRONTIER_COLOR = seriesColor(0);
const OTHER_COLOR = "#64748b";
/** Percent ticks to one decimal at most: a narrow axis steps by 2.5%, which whole percents would misstate. */
const pct = (v: number) => `${Number((v * 100).toFixed(1))}%`;

/** A point's name as the leaderboard writes it: the model, and its setting unless that is the default. */
function pointLabel(p: CostAccuracyPoint): string {
  return p.setting === "default" ? p.model : `${p.model} · ${p.setting}`;
}

/** The error bars' offsets below and above the point, as Recharts wants them; none without a CI. */
function offsets(value: number, lo: number | null, hi: number | null): [number, number] | null {
  return lo === null || hi === null ? null : [value - lo, hi - value];
}

/** Recharts' own line, with the test id on its path so tests can find the frontier. */
function FrontierPath(props: LineDrawShapeProps) {
  return <LineDrawShape {...props} data-testid="cost-frontier" />;
}

/**
 * Accuracy against cost, one point per submission with its CIs as error bars both ways, and the
 * cost–accuracy frontier (`paretoFrontier`: the upper-left convex hull, as HAL draws it). Points
 * open their submission; the list in the caption gives every point's figures in words, and the
 * board's table above holds the same submissions' links for keyboards and screen readers (a
 * second link per row would give every model two links of one name). Only ranked, not
 * preliminary points can be on the frontier; a frontier of one point has no line to draw.
 */
export function CostAccuracyPlot({
  points,
  xLabel,
  yLabel,
  notes,
  xFormat,
}: CostAccuracyPlotProps) {
  const router = useRouter();
  const hover = useSeriesHover();
  // Built once per data: new arrays on every hover would make Recharts redraw the dots under the pointer and lose the click.
  const { data, onFrontier, offFrontier } = useMemo(() => {
    const frontierIds = new Set(
      paretoFrontier(
        points
          .filter((p) => p.rankable)
          .map((p) => ({ id: p.submissionId, cost: p.x, accuracy: p.y })),
      ).map((p) => p.id),
    );
    const data = points.map((p) => ({
      ...p,
      xError: offsets(p.x, p.xLo, p.xHi),
      yError: offsets(p.y, p.yLo, p.yHi),
      onFrontier: frontierIds.has(p.submissionId),
    }));
    return {
      data,
      onFrontier: data.filter((p) => p.onFrontier).sort((a, b) => a.x - b.x),
      offFrontier: data.filter((p) => !p.onFrontier),
    };
  }, [points]);
  if (points.length === 0) {
    return (
      <p
        className="mt-2 rounded border border-dashed border-slate-300 p-6 text-sm text-slate-600"
        data-testid="cost-accuracy-empty"
      >
        No submission in this view reports a cost per task (dollars, tokens or tool calls), so there
        is no cost–accuracy plot.
      </p>
    );
  }
  const tick = (v: number) => costValue(v, xFormat);
  const xText = (p: CostAccuracyPoint) => withCi(p.x, p.xLo, p.xHi, xFormat);
  const yText = (p: CostAccuracyPoint) => withCi(p.y, p.yLo, p.yHi, "rate");
  // Even ticks whose last one ends the axis, past every point and interval end (a rate axis
  // at least to 10%, at most to 100%).
  const xTicks = niceTicks(Math.max(...points.map((p) => Math.max(p.x, p.xHi ?? p.x))));
  const yTicks = niceTicks(
    Math.min(1, Math.max(0.1, ...points.map((p) => Math.max(p.y, p.yHi ?? p.y)))),
  );
  const series = [
    { name: "on the frontier", data: onFrontier, color: FRONTIER_COLOR },
    { name: "other submissions", data: offFrontier, color: OTHER_COLOR },
  ].filter((s) => s.data.length > 0);

  return (
    <figure
      className="mt-2"
      data-testid="cost-accuracy-plot"
      data-points={points.length}
      data-frontier-points={onFrontier.length}
    >
      <div className="relative h-80">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            margin={{ top: 10, right: 20, bottom: 20, left: 0 }}
            title={`${yLabel} against ${xLabel}`}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="x"
              domain={[0, xTicks[xTicks.length - 1]]}
              ticks={xTicks}
              tickFormatter={tick}
              name={xLabel}
              label={{ value: xLabel, position: "insideBottom", offset: -10, fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, yTicks[yTicks.length - 1]]}
              ticks={yTicks}
              tickFormatter={pct}
              name={yLabel}
              label={{ value: yLabel, angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {onFrontier.length > 1 ? (
              <Line
                data={onFrontier}
                dataKey="y"
                name="cost–accuracy frontier"
                stroke={FRONTIER_COLOR}
                strokeWidth={1.5}
                dot={false}
                activeDot={false}
                isAnimationActive={false}
                shape={FrontierPath}
              />
            ) : null}
            {series.map((s) => (
              <Scatter
                key={s.name}
                data={s.data}
                dataKey="y"
                name={s.name}
                fill={s.color}
                isAnimationActive={false}
                // A ComposedChart ignores `shared={false}`: each point answers hover and click itself, and its target carries its submission.
                shape={seriesDot({
                  series: s.name,
                  color: s.color,
                  radius: 5,
                  points: s.data,
                  describe: (p) => ({
                    title: pointLabel(p),
                    lines: [`${yLabel}: ${yText(p)}`, `${xLabel}: ${xText(p)}`],
                  }),
                  hover,
                  onClick: (p) => router.push(p.href),
                  attributes: (p) => ({
                    "data-testid": "cost-dot",
                    "data-submission-id": p.submissionId,
                  }),
                })}
              >
                <ErrorBar
                  dataKey="xError"
                  direction="x"
                  width={4}
                  stroke={s.color}
                  strokeOpacity={0.6}
                  isAnimationActive={false}
                />
                <ErrorBar
                  dataKey="yError"
                  direction="y"
                  width={4}
                  stroke={s.color}
                  strokeOpacity={0.6}
                  isAnimationActive={false}
                />
              </Scatter>
            ))}
          </ComposedChart>
        </ResponsiveContainer>
        <SeriesTooltip hovered={hover.hovered} />
      </div>
      <figcaption className="mt-2 space-y-2 text-xs text-slate-600">
        <p>
          Each point is a submission: {yLabel} (up) against {xLabel} (across), with 95% CIs as bars
          both ways; up and to the left is better. The line is the cost–accuracy frontier as HAL
          draws it: the upper-left convex hull of the ranked submissions no other beats on both.
          Click a point, or the model in the table, to open the submission.
        </p>
        {notes.length ? <p data-testid="cost-fallback-note">{notes.join(" ")}</p> : null}
        <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2" aria-label="The plotted submissions">
          {data.map((p) => (
            <li
              key={p.submissionId}
              data-testid="cost-point"
              data-submission-id={p.submissionId}
              data-frontier={p.onFrontier ? "true" : undefined}
            >
              <span className="font-medium text-slate-800">{pointLabel(p)}</span>{" "}
              <span className="whitespace-nowrap tabular-nums">
                {yText(p)} · {xText(p)}
              </span>
              {p.onFrontier ? (
                <span className="ml-1 rounded bg-sky-50 px-1 text-sky-800">frontier</span>
              ) : p.rankable ? null : (
                <span className="ml-1 text-slate-500" data-testid="cost-point-unrankable">
                  (partial or preliminary)
                </span>
              )}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
