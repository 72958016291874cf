"use client";

import { useRouter } from "next/navigation";
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DeltaFactsPoint } from "@/lib/benchmarks/mpw/analysis";
import { seriesColor } from "./palette";
import { ChartTable } from "./ChartTable";

export interface DeltaFactsSeries {
  model: string;
  points: DeltaFactsPoint[];
  /** Sample list of the samples behind call k. */
  kHrefs: string[];
}

/** Δfacts and its band to two decimals, n(k) as a count: never 0.34615384615384615. */
function tooltipValue(value: unknown, name: unknown): string {
  if (Array.isArray(value)) return value.map((v) => Number(v).toFixed(2)).join(" – ");
  if (typeof value !== "number") return String(value);
  return String(name).endsWith("n(k)") ? value.toLocaleString("en-US") : value.toFixed(2);
}

/**
 * Mean new facts at call k with its interquartile band (left axis) and n(k) (right
 * axis); where n(k) is below the threshold the line is drawn faint, as in the paper.
 */
export function DeltaFactsChart({ series }: { series: DeltaFactsSeries[] }) {
  const router = useRouter();
  const totalPoints = series.reduce((sum, s) => sum + s.points.length, 0);
  return (
    <>
      <div className="h-96" data-testid="delta-facts-chart" data-points={totalPoints}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart margin={{ top: 10, right: 10, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" dataKey="k" allowDecimals={false} domain={[1, "dataMax"]} label={{ value: "tool call k", position: "insideBottom", offset: -10, fontSize: 12 }} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="left" tick={{ fontSize: 12 }} label={{ value: "Δfacts(k)", angle: -90, position: "insideLeft", fontSize: 12 }} />
            <YAxis yAxisId="right" orientation="right" tick={{ fontSize: 12 }} label={{ value: "n(k)", angle: 90, position: "insideRight", fontSize: 12 }} />
            <Tooltip formatter={tooltipValue} labelFormatter={(k) => `call ${k}`} />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.flatMap((s, i) => {
              const color = seriesColor(i);
              const data = s.points.map((p, j) => ({
                ...p,
                iqr: [p.p25, p.p75],
                strong: p.lowN ? null : p.meanNewFacts,
                // The faint segment starts at the last strong point so the line stays continuous.
                faint: p.lowN || s.points[j + 1]?.lowN ? p.meanNewFacts : null,
                href: s.kHrefs[j],
              }));
              // Each series' own dots open its samples: an active dot is drawn for every series at
              // the hovered k, so a click on it could land on whichever series was drawn last.
              const dot = (radius: number, opacity: number) =>
                function SeriesDot(props: { cx?: number; cy?: number; index?: number; value?: unknown }) {
                  const point = props.index === undefined ? undefined : data[props.index];
                  if (props.cx === undefined || props.cy === undefined || props.value === null || !point) return <g key={`${s.model}-${props.index}`} />;
                  return (
                    <circle
                      key={`${s.model}-${props.index}`}
                      cx={props.cx}
                      cy={props.cy}
                      r={radius}
                      fill={color}
                      fillOpacity={opacity}
                      cursor="pointer"
                      data-series={s.model}
                      data-k={point.k}
                      onClick={() => router.push(point.href)}
                    />
                  );
                };
              return [
                <Area key={`${s.model}-iqr`} yAxisId="left" data={data} dataKey="iqr" stroke="none" fill={color} fillOpacity={0.07} isAnimationActive={false} legendType="none" name={`${s.model} IQR`} />,
                <Area key={`${s.model}-n`} yAxisId="right" data={data} dataKey="n" stroke={color} strokeOpacity={0.35} fill={color} fillOpacity={0.05} isAnimationActive={false} legendType="none" name={`${s.model} n(k)`} />,
                <Line key={`${s.model}-strong`} yAxisId="left" data={data} dataKey="strong" name={s.model} stroke={color} strokeWidth={2} connectNulls={false} isAnimationActive={false} dot={dot(3, 1)} activeDot={false} />,
                <Line key={`${s.model}-faint`} yAxisId="left" data={data} dataKey="faint" name={`${s.model} (n(k) below threshold)`} stroke={color} strokeOpacity={0.3} strokeWidth={2} connectNulls={false} isAnimationActive={false} legendType="none" dot={dot(2, 0.3)} activeDot={false} />,
              ];
            })}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption="Mean new facts at call k per model, with the interquartile range and n(k)"
        columns={["Model", "k", "Δfacts(k)", "p25 – p75", "n(k)"]}
        rows={series.flatMap((s) => s.points.map((p) => [s.model, p.k, p.meanNewFacts.toFixed(2), `${p.p25.toFixed(2)} – ${p.p75.toFixed(2)}`, `${p.n.toLocaleString("en-US")}${p.lowN ? " (below threshold)" : ""}`]))}
      />
    </>
  );
}
