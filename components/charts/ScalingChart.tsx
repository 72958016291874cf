"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { seriesColor } from "./palette";
import { ChartTable, tablePercent } from "./ChartTable";

export interface ScalingSeries {
  model: string;
  points: { k: number; successPass: number; rowF1Max: number; itemF1Max: number }[];
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Pass@k of success (solid) and Max@k of item F1 (dashed) for k = 1..N. */
export function ScalingChart({ series }: { series: ScalingSeries[] }) {
  if (series.length === 0) {
    return (
      <p className="mt-2 rounded border border-dashed border-slate-300 p-6 text-sm text-slate-600" data-testid="scaling-empty">
        No submission here has more than one run per task, so there is no curve to draw.
      </p>
    );
  }
  return (
    <>
      <div className="mt-2 h-80" data-testid="scaling-chart" data-points={series.reduce((n, s) => n + s.points.length, 0)}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart margin={{ top: 10, right: 20, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" dataKey="k" allowDecimals={false} domain={[1, "dataMax"]} label={{ value: "k runs", position: "insideBottom", offset: -10, fontSize: 12 }} tick={{ fontSize: 12 }} />
            <YAxis domain={[0, 1]} tickFormatter={pct} label={{ value: "Pass@k / Max@k", angle: -90, position: "insideLeft", fontSize: 12 }} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => pct(Number(value))} />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.flatMap((s, i) => [
              <Line key={`${s.model}-pass`} data={s.points} dataKey="successPass" name={`${s.model} SR Pass@k`} stroke={seriesColor(i)} strokeWidth={2} isAnimationActive={false} />,
              <Line key={`${s.model}-max`} data={s.points} dataKey="itemF1Max" name={`${s.model} Item F1 Max@k`} stroke={seriesColor(i)} strokeDasharray="5 4" strokeWidth={2} isAnimationActive={false} />,
            ])}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ChartTable caption="Pass@k and Max@k per model" columns={["Model", "k", "SR Pass@k", "Row F1 Max@k", "Item F1 Max@k"]} rows={series.flatMap((s) => s.points.map((p) => [s.model, p.k, tablePercent(p.successPass), tablePercent(p.rowF1Max), tablePercent(p.itemF1Max)]))} />
    </>
  );
}
