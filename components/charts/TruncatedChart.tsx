"use client";

import { useRouter } from "next/navigation";
import { CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TruncatedPoint } from "@/lib/benchmarks/mpw/analysis";
import { seriesColor } from "./palette";
import { ChartTable, tablePercent } from "./ChartTable";

export interface TruncatedSeries {
  model: string;
  points: TruncatedPoint[];
  /** The fixed cohort's sample list (every k draws from the same samples). */
  cohortHref: string;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** FCR(k) solid on the left axis, HitPrec(k) dashed on the right, over a fixed cohort. */
export function TruncatedChart({ series }: { series: TruncatedSeries[] }) {
  const router = useRouter();
  const totalPoints = series.reduce((sum, s) => sum + s.points.length, 0);
  return (
    <>
      <div className="h-96" data-testid="truncated-chart" data-points={totalPoints}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart margin={{ top: 10, right: 10, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" dataKey="k" allowDecimals={false} domain={[1, "dataMax"]} label={{ value: "tool call k", position: "insideBottom", offset: -10, fontSize: 12 }} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="left" tickFormatter={pct} tick={{ fontSize: 12 }} label={{ value: "FCR(k)", angle: -90, position: "insideLeft", fontSize: 12 }} />
            <YAxis yAxisId="right" orientation="right" tickFormatter={pct} tick={{ fontSize: 12 }} label={{ value: "HitPrec(k)", angle: 90, position: "insideRight", fontSize: 12 }} />
            <Tooltip formatter={(value) => pct(Number(value))} />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.flatMap((s, i) => {
              const color = seriesColor(i);
              const go = () => router.push(s.cohortHref);
              return [
                <Line key={`${s.model}-fcr`} yAxisId="left" data={s.points} dataKey="fcr" name={`${s.model} FCR(k)`} stroke={color} strokeWidth={2} isAnimationActive={false} dot={{ r: 3 }} activeDot={{ r: 5, cursor: "pointer", onClick: go }} />,
                <Line key={`${s.model}-prec`} yAxisId="right" data={s.points} dataKey="hitPrec" name={`${s.model} HitPrec(k)`} stroke={color} strokeDasharray="5 4" strokeWidth={2} isAnimationActive={false} dot={{ r: 3 }} activeDot={{ r: 5, cursor: "pointer", onClick: go }} />,
              ];
            })}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ChartTable caption="FCR(k) and HitPrec(k) per model" columns={["Model", "k", "FCR(k)", "HitPrec(k)"]} rows={series.flatMap((s) => s.points.map((p) => [s.model, p.k, tablePercent(p.fcr), tablePercent(p.hitPrec)]))} />
    </>
  );
}
