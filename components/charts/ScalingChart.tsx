"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import { percent, plural } from "@/lib/format";
import { seriesColor } from "./palette";
import { ChartTable, tablePercent } from "./ChartTable";
import { SeriesTooltip, seriesDot, useSeriesHover } from "./SeriesHover";

export interface ScalingSeries {
  /** The series name: the model, told apart from same-model rows (seriesLabels). */
  label: string;
  points: { k: number; successPass: number; rowF1Max: number; itemF1Max: number }[];
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Pass@k of success (solid) and Max@k of item F1 (dashed) for k = 1..N. */
export function ScalingChart({ series }: { series: ScalingSeries[] }) {
  const hover = useSeriesHover();
  if (series.length === 0) {
    return (
      <p
        className="mt-2 rounded border border-dashed border-slate-300 p-6 text-sm text-slate-600"
        data-testid="scaling-empty"
      >
        No submission here has more than one run per task, so there is no curve to draw.
      </p>
    );
  }
  return (
    <>
      <div
        className="relative mt-2 h-80"
        data-testid="scaling-chart"
        data-points={series.reduce((n, s) => n + s.points.length, 0)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart margin={{ top: 10, right: 20, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="k"
              allowDecimals={false}
              domain={[1, "dataMax"]}
              label={{ value: "k runs", position: "insideBottom", offset: -10, fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <YAxis
              domain={[0, 1]}
              tickFormatter={pct}
              label={{ value: "Pass@k / Max@k", angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.flatMap((s, i) =>
              (
                [
                  ["successPass", "SR Pass@k", undefined],
                  ["itemF1Max", "Item F1 Max@k", "5 4"],
                ] as const
              ).map(([metric, label, dash]) => {
                const name = `${s.label} ${label}`;
                return (
                  <Line
                    key={`${s.label}-${metric}`}
                    data={s.points}
                    dataKey={metric}
                    name={name}
                    stroke={seriesColor(i)}
                    strokeOpacity={hover.opacity(name)}
                    strokeDasharray={dash}
                    strokeWidth={2}
                    isAnimationActive={false}
                    dot={seriesDot({
                      series: name,
                      color: seriesColor(i),
                      radius: 3,
                      points: s.points,
                      describe: (p) => ({
                        title: `k = ${plural(p.k, "run")}`,
                        lines: [`${label} ${percent(p[metric])}`],
                      }),
                      hover,
                    })}
                    activeDot={false}
                  />
                );
              }),
            )}
          </LineChart>
        </ResponsiveContainer>
        <SeriesTooltip hovered={hover.hovered} />
      </div>
      <ChartTable
        caption="Pass@k and Max@k per model"
        columns={["Model", "k", "SR Pass@k", "Row F1 Max@k", "Item F1 Max@k"]}
        rows={series.flatMap((s) =>
          s.points.map((p) => [
            s.label,
            p.k,
            tablePercent(p.successPass),
            tablePercent(p.rowF1Max),
            tablePercent(p.itemF1Max),
          ]),
        )}
      />
    </>
  );
}
