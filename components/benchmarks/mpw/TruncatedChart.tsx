"use client";

import { useRouter } from "next/navigation";
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { TruncatedPoint } from "@/lib/benchmarks/mpw/analysis";
import { percent } from "@/lib/format";
import { seriesColor } from "@/components/charts/palette";
import { ChartTable, tablePercent } from "@/components/charts/ChartTable";
import { SeriesTooltip, seriesDot, useSeriesHover } from "@/components/charts/SeriesHover";

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
  const hover = useSeriesHover();
  const totalPoints = series.reduce((sum, s) => sum + s.points.length, 0);
  return (
    <>
      <div className="relative h-96" data-testid="truncated-chart" data-points={totalPoints}>
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
              tickFormatter={pct}
              tick={{ fontSize: 12 }}
              label={{ value: "FCR(k)", angle: -90, position: "insideLeft", fontSize: 12 }}
            />
            <YAxis
              yAxisId="right"
              orientation="right"
              tickFormatter={pct}
              tick={{ fontSize: 12 }}
              label={{ value: "HitPrec(k)", angle: 90, position: "insideRight", fontSize: 12 }}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.flatMap((s, i) => {
              const color = seriesColor(i);
              // Each curve is its own series: a click opens the fixed cohort of that curve's model.
              const curve = (
                metric: "fcr" | "hitPrec",
                label: string,
                yAxisId: string,
                dashed: boolean,
              ) => {
                const name = `${s.model} ${label}`;
                return (
                  <Line
                    key={`${s.model}-${metric}`}
                    yAxisId={yAxisId}
                    data={s.points}
                    dataKey={metric}
                    name={name}
                    stroke={color}
                    strokeOpacity={hover.opacity(name)}
                    strokeDasharray={dashed ? "5 4" : undefined}
                    strokeWidth={2}
                    isAnimationActive={false}
                    dot={seriesDot({
                      series: name,
                      color,
                      radius: 3,
                      points: s.points,
                      describe: (p) => ({
                        title: `call ${p.k}`,
                        lines: [`${label} ${percent(p[metric])}`],
                      }),
                      hover,
                      onClick: () => router.push(s.cohortHref),
                      attributes: (p) => ({ "data-k": p.k }),
                    })}
                    activeDot={false}
                  />
                );
              };
              return [
                curve("fcr", "FCR(k)", "left", false),
                curve("hitPrec", "HitPrec(k)", "right", true),
              ];
            })}
          </ComposedChart>
        </ResponsiveContainer>
        <SeriesTooltip hovered={hover.hovered} />
      </div>
      <ChartTable
        caption="FCR(k) and HitPrec(k) per model"
        columns={["Model", "k", "FCR(k)", "HitPrec(k)"]}
        rows={series.flatMap((s) =>
          s.points.map((p) => [s.model, p.k, tablePercent(p.fcr), tablePercent(p.hitPrec)]),
        )}
      />
    </>
  );
}
