"use client";

import { useRouter } from "next/navigation";
import { useMemo } from "react";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { DeltaFactsPoint } from "@/lib/benchmarks/mpw/analysis";
import { decimal } from "@/lib/format";
import { seriesColor } from "@/components/charts/palette";
import { ChartTable } from "@/components/charts/ChartTable";
import { SeriesTooltip, seriesDot, useSeriesHover } from "@/components/charts/SeriesHover";

export interface DeltaFactsSeries {
  model: string;
  points: DeltaFactsPoint[];
  /** Sample list of the samples behind call k. */
  kHrefs: string[];
}

/** A point's figures: Δfacts and its band to two decimals, n(k) as a count, never 0.34615384615384615. */
function describe(p: DeltaFactsPoint) {
  return {
    title: `call ${p.k}`,
    lines: [
      `Δfacts(k) ${decimal(p.meanNewFacts)}`,
      `p25 – p75 ${decimal(p.p25)} – ${decimal(p.p75)}`,
      `n(k) ${p.n.toLocaleString("en-US")}${p.lowN ? " (below threshold)" : ""}`,
    ],
  };
}

/**
 * Mean new facts at call k with its interquartile band (left axis) and n(k) (right
 * axis); where n(k) is below the threshold the line is drawn faint, as in the paper.
 */
export function DeltaFactsChart({ series }: { series: DeltaFactsSeries[] }) {
  const router = useRouter();
  const hover = useSeriesHover();
  // Built once per data: a new array on every hover would make Recharts redraw the dots under the pointer and lose the click.
  const plotted = useMemo(
    () =>
      series.map((s) =>
        s.points.map((p, j) => ({
          ...p,
          iqr: [p.p25, p.p75],
          strong: p.lowN ? null : p.meanNewFacts,
          // The faint segment starts at the last strong point so the line stays continuous.
          faint: p.lowN || s.points[j + 1]?.lowN ? p.meanNewFacts : null,
          href: s.kHrefs[j],
        })),
      ),
    [series],
  );
  const totalPoints = series.reduce((sum, s) => sum + s.points.length, 0);
  return (
    <>
      <div className="relative h-96" data-testid="delta-facts-chart" data-points={totalPoints}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart margin={{ top: 10, right: 10, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="k"
              allowDecimals={false}
              domain={[1, "dataMax"]}
              label={{ value: "tool call k", position: "insideBottom", offset: -10, fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <YAxis
              yAxisId="left"
              tick={{ fontSize: 12 }}
              label={{ value: "Δfacts(k)", angle: -90, position: "insideLeft", fontSize: 12 }}
            />
            <YAxis
              yAxisId="right"
              orientation="right"
              tick={{ fontSize: 12 }}
              label={{ value: "n(k)", angle: 90, position: "insideRight", fontSize: 12 }}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.flatMap((s, i) => {
              const color = seriesColor(i);
              const data = plotted[i];
              // Each series' own dots open its samples: an active dot is drawn for every series at
              // the hovered k, so a click on it could land on whichever series was drawn last.
              const dot = (radius: number, opacity: number) =>
                seriesDot({
                  series: s.model,
                  color,
                  radius,
                  opacity,
                  points: data,
                  describe,
                  hover,
                  onClick: (p) => router.push(p.href),
                  attributes: (p) => ({ "data-k": p.k }),
                });
              return [
                <Area
                  key={`${s.model}-iqr`}
                  yAxisId="left"
                  data={data}
                  dataKey="iqr"
                  stroke="none"
                  fill={color}
                  fillOpacity={hover.opacity(s.model, 0.07)}
                  isAnimationActive={false}
                  legendType="none"
                  name={`${s.model} IQR`}
                />,
                <Area
                  key={`${s.model}-n`}
                  yAxisId="right"
                  data={data}
                  dataKey="n"
                  stroke={color}
                  strokeOpacity={hover.opacity(s.model, 0.35)}
                  fill={color}
                  fillOpacity={hover.opacity(s.model, 0.05)}
                  isAnimationActive={false}
                  legendType="none"
                  name={`${s.model} n(k)`}
                />,
                <Line
                  key={`${s.model}-strong`}
                  yAxisId="left"
                  data={data}
                  dataKey="strong"
                  name={s.model}
                  stroke={color}
                  strokeOpacity={hover.opacity(s.model)}
                  strokeWidth={2}
                  connectNulls={false}
                  isAnimationActive={false}
                  dot={dot(3, 1)}
                  activeDot={false}
                />,
                <Line
                  key={`${s.model}-faint`}
                  yAxisId="left"
                  data={data}
                  dataKey="faint"
                  name={`${s.model} (n(k) below threshold)`}
                  stroke={color}
                  strokeOpacity={hover.opacity(s.model, 0.3)}
                  strokeWidth={2}
                  connectNulls={false}
                  isAnimationActive={false}
                  legendType="none"
                  dot={dot(2, 0.3)}
                  activeDot={false}
                />,
              ];
            })}
          </ComposedChart>
        </ResponsiveContainer>
        <SeriesTooltip hovered={hover.hovered} />
      </div>
      <ChartTable
        caption="Mean new facts at call k per model, with the interquartile range and n(k)"
        columns={["Model", "k", "Δfacts(k)", "p25 – p75", "n(k)"]}
        rows={series.flatMap((s) =>
          s.points.map((p) => [
            s.model,
            p.k,
            p.meanNewFacts.toFixed(2),
            `${p.p25.toFixed(2)} – ${p.p75.toFixed(2)}`,
            `${p.n.toLocaleString("en-US")}${p.lowN ? " (below threshold)" : ""}`,
          ]),
        )}
      />
    </>
  );
}
