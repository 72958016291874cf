"use client";

import { useRouter } from "next/navigation";
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from "recharts";
import type { FcrBin } from "@/lib/benchmarks/mpw/analysis";
import { seriesColor } from "./palette";

export interface FcrPassSeries {
  model: string;
  bins: FcrBin[];
  /** Where clicking bin i goes (the bin's row of links in the table below). */
  binHrefs: string[];
  settingPoints: { setting: string; fcr: number; pass1: number }[];
  settingA: number | null;
}

const SETTING_SHAPES: Record<string, "square" | "triangle" | "diamond" | "circle"> = { "B-guidance": "square", "B-fewshot": "triangle", C: "diamond" };
const pct = (v: number) => `${Math.round(v * 100)}%`;
/** Half-width of the band: 0.02 for the smallest bin up to 0.08 for the largest, as the authors' script. */
function bandHalfWidths(bins: FcrBin[]): number[] {
  const counts = bins.map((b) => b.n);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return counts.map((n) => (max > min ? 0.02 + ((n - min) / (max - min)) * 0.06 : 0.02));
}

export function FcrPassChart({ series }: { series: FcrPassSeries[] }) {
  const router = useRouter();
  const totalPoints = series.reduce((sum, s) => sum + s.bins.length, 0);
  return (
    <div className="h-96" data-testid="fcr-pass1-chart" data-points={totalPoints}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart margin={{ top: 10, right: 20, bottom: 20, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" dataKey="x" domain={[0, 1]} tickFormatter={pct} label={{ value: "FCR (bin mean)", position: "insideBottom", offset: -10, fontSize: 12 }} tick={{ fontSize: 12 }} allowDuplicatedCategory={false} />
          <YAxis type="number" domain={[0, 1]} tickFormatter={pct} tick={{ fontSize: 12 }} label={{ value: "Pass@1", angle: -90, position: "insideLeft", fontSize: 12 }} />
          <Tooltip formatter={(value) => (Array.isArray(value) ? value.map((v) => pct(Number(v))).join(" – ") : pct(Number(value)))} labelFormatter={(x) => `FCR ${pct(Number(x))}`} />
          <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
          {series.map((s, i) => {
            const widths = bandHalfWidths(s.bins);
            const data = s.bins.map((b, j) => ({ x: b.meanFcr, y: b.pass1, band: [Math.max(0, b.pass1 - widths[j]), Math.min(1, b.pass1 + widths[j])], n: b.n, href: s.binHrefs[j] }));
            const color = seriesColor(i);
            return [
              <Area key={`${s.model}-band`} data={data} dataKey="band" stroke="none" fill={color} fillOpacity={0.15} isAnimationActive={false} legendType="none" name={`${s.model} (bin size)`} />,
              <Line
                key={`${s.model}-line`}
                data={data}
                dataKey="y"
                name={s.model}
                stroke={color}
                strokeWidth={2}
                isAnimationActive={false}
                dot={{ r: 4, cursor: "pointer" }}
                activeDot={{
                  r: 6,
                  cursor: "pointer",
                  onClick: (_event: unknown, point: unknown) => {
                    const index = (point as { index?: number }).index;
                    if (index !== undefined && data[index]) router.push(data[index].href);
                  },
                }}
              />,
              ...s.settingPoints.map((p) => (
                <Scatter key={`${s.model}-${p.setting}`} data={[{ x: p.fcr, y: p.pass1 }]} dataKey="y" name={`${s.model} · ${p.setting}`} fill={color} shape={SETTING_SHAPES[p.setting] ?? "circle"} legendType="none" isAnimationActive={false} />
              )),
              s.settingA !== null ? (
                <ReferenceLine key={`${s.model}-A`} y={s.settingA} stroke={color} strokeDasharray="6 4" ifOverflow="extendDomain" label={{ value: `${s.model} A`, position: "insideTopRight", fontSize: 10, fill: color }} />
              ) : null,
            ];
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
