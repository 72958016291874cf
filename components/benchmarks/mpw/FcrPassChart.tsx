"use client";

import { useMemo } from "react";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Symbols,
  XAxis,
  YAxis,
} from "recharts";
import type { FcrBin } from "@/lib/benchmarks/mpw/analysis";
import { percent } from "@/lib/format";
import { seriesColor } from "@/components/charts/palette";
import { SeriesTooltip, seriesDot, useSeriesHover } from "@/components/charts/SeriesHover";

export interface FcrPassSeries {
  model: string;
  bins: FcrBin[];
  /** Where clicking bin i goes: the anchor of the bin's row of links in the table below. */
  binHrefs: string[];
  settingPoints: { setting: string; fcr: number; pass1: number }[];
  settingA: number | null;
}

const SETTING_SHAPES: Record<string, "square" | "triangle" | "diamond" | "circle"> = {
  "B-guidance": "square",
  "B-fewshot": "triangle",
  C: "diamond",
};
const pct = (v: number) => `${Math.round(v * 100)}%`;
/** Half-width of the band: 0.02 for the smallest bin up to 0.08 for the largest, as the authors' script. */
function bandHalfWidths(bins: FcrBin[]): number[] {
  const counts = bins.map((b) => b.n);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return counts.map((n) => (max > min ? 0.02 + ((n - min) / (max - min)) * 0.06 : 0.02));
}

/**
 * Pass@1 against FCR per bin, one line per model with a band whose width grows with the bin's
 * size; each non-default setting is one marker. A bin's dot opens that model's samples in the bin.
 */
export function FcrPassChart({ series }: { series: FcrPassSeries[] }) {
  const hover = useSeriesHover();
  // Built once per data: new arrays on every hover would make Recharts redraw the dots under the pointer and lose the click.
  const plotted = useMemo(
    () =>
      series.map((s) => {
        const widths = bandHalfWidths(s.bins);
        return {
          bins: s.bins.map((b, j) => ({
            x: b.meanFcr,
            y: b.pass1,
            band: [Math.max(0, b.pass1 - widths[j]), Math.min(1, b.pass1 + widths[j])],
            n: b.n,
            href: s.binHrefs[j],
          })),
          // One marker per setting; its x is read with the x axis' dataKey.
          settings: s.settingPoints.map((p) => [{ x: p.fcr, y: p.pass1, setting: p.setting }]),
        };
      }),
    [series],
  );
  const totalPoints = series.reduce((sum, s) => sum + s.bins.length, 0);
  return (
    <div className="relative h-96" data-testid="fcr-pass1-chart" data-points={totalPoints}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart margin={{ top: 10, right: 20, bottom: 20, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="x"
            domain={[0, 1]}
            tickFormatter={pct}
            label={{ value: "FCR (bin mean)", position: "insideBottom", offset: -10, fontSize: 12 }}
            tick={{ fontSize: 12 }}
            allowDuplicatedCategory={false}
          />
          <YAxis
            type="number"
            domain={[0, 1]}
            tickFormatter={pct}
            tick={{ fontSize: 12 }}
            label={{ value: "Pass@1", angle: -90, position: "insideLeft", fontSize: 12 }}
          />
          <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
          {series.map((s, i) => {
            const data = plotted[i].bins;
            const color = seriesColor(i);
            return [
              <Area
                key={`${s.model}-band`}
                data={data}
                dataKey="band"
                stroke="none"
                fill={color}
                fillOpacity={hover.opacity(s.model, 0.15)}
                isAnimationActive={false}
                legendType="none"
                name={`${s.model} (bin size)`}
              />,
              <Line
                key={`${s.model}-line`}
                data={data}
                dataKey="y"
                name={s.model}
                stroke={color}
                strokeOpacity={hover.opacity(s.model)}
                strokeWidth={2}
                isAnimationActive={false}
                dot={seriesDot({
                  series: s.model,
                  color,
                  radius: 4,
                  points: data,
                  describe: (d) => ({
                    title: `FCR ${percent(d.x)} (bin mean)`,
                    lines: [`Pass@1 ${percent(d.y)}`, `${d.n.toLocaleString("en-US")} samples`],
                  }),
                  hover,
                  // The bin's row is an anchor on this page: the router ignores a hash-only push, the browser follows it.
                  onClick: (d) => window.location.assign(d.href),
                })}
                activeDot={false}
              />,
              ...s.settingPoints.map((p, j) => {
                const point = plotted[i].settings[j];
                return (
                  // A one-point Line, not a Scatter: a Scatter whose shape changes with the hover redraws the whole chart, and the click under the pointer is lost.
                  <Line
                    key={`${s.model}-${p.setting}`}
                    data={point}
                    dataKey="y"
                    name={`${s.model} · ${p.setting}`}
                    stroke="none"
                    legendType="none"
                    isAnimationActive={false}
                    dot={seriesDot({
                      series: s.model,
                      color,
                      radius: 5,
                      points: point,
                      describe: (d) => ({
                        title: `setting ${d.setting}`,
                        lines: [`FCR ${percent(d.x)}`, `Pass@1 ${percent(d.y)}`],
                      }),
                      hover,
                      attributes: (d) => ({ "data-setting": d.setting }),
                      mark: (cx, cy, fill, opacity) => (
                        <Symbols
                          cx={cx}
                          cy={cy}
                          type={SETTING_SHAPES[p.setting] ?? "circle"}
                          size={80}
                          fill={fill}
                          fillOpacity={opacity}
                        />
                      ),
                    })}
                    activeDot={false}
                  />
                );
              }),
              s.settingA !== null ? (
                <ReferenceLine
                  key={`${s.model}-A`}
                  y={s.settingA}
                  stroke={color}
                  strokeDasharray="6 4"
                  ifOverflow="extendDomain"
                  label={{
                    value: `${s.model} A`,
                    position: "insideTopRight",
                    fontSize: 10,
                    fill: color,
                  }}
                />
              ) : null,
            ];
          })}
        </ComposedChart>
      </ResponsiveContainer>
      <SeriesTooltip hovered={hover.hovered} />
    </div>
  );
}
