"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { percent } from "@/lib/format";
import { ChartTable, tablePercent } from "./ChartTable";
import { itemTooltip } from "./SeriesHover";

export interface EvoSettingDatum {
  /** "model · en". */
  label: string;
  toolBased: number | null;
  toolFree: number | null;
  /** Run spread: [min, max] across runs. */
  toolBasedSpread: [number, number] | null;
  toolFreeSpread: [number, number] | null;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
const spreadText = (spread: [number, number] | null) =>
  spread ? `runs ${percent(spread[0])} – ${percent(spread[1])}` : null;
const error = (value: number | null, spread: [number, number] | null) =>
  value !== null && spread ? [value - spread[0], spread[1] - value] : [0, 0];

/** Tool-based vs tool-free accuracy per model and language; whiskers span the runs' min–max. */
export function EvoSettingChart({ data }: { data: EvoSettingDatum[] }) {
  if (data.length === 0) return <p className="mt-2 text-sm text-slate-500">No samples.</p>;
  const rows = data.map((d) => ({
    ...d,
    toolBasedError: error(d.toolBased, d.toolBasedSpread),
    toolFreeError: error(d.toolFree, d.toolFreeSpread),
  }));
  return (
    <>
      <div className="mt-2 h-80" data-testid="evo-setting-chart" data-points={data.length}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 20, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 11 }}
              angle={-20}
              textAnchor="end"
              interval={0}
              height={70}
              label={{
                value: "model · language",
                position: "insideBottom",
                offset: -10,
                fontSize: 12,
              }}
            />
            <YAxis
              domain={[0, 1]}
              tickFormatter={pct}
              label={{ value: "accuracy", angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              shared={false}
              cursor={false}
              content={itemTooltip({
                format: (v) => `accuracy ${percent(v)}`,
                category: (d: EvoSettingDatum) => d.label,
                extra: (d, series) =>
                  spreadText(series === "tool-based" ? d.toolBasedSpread : d.toolFreeSpread),
              })}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="toolBased" name="tool-based" fill="#0072B2" isAnimationActive={false}>
              <ErrorBar
                dataKey="toolBasedError"
                width={5}
                stroke="#1e293b"
                isAnimationActive={false}
              />
            </Bar>
            <Bar dataKey="toolFree" name="tool-free" fill="#E69F00" isAnimationActive={false}>
              <ErrorBar
                dataKey="toolFreeError"
                width={5}
                stroke="#1e293b"
                isAnimationActive={false}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption="Tool-based and tool-free accuracy per model and language, with the runs' spread"
        columns={["Model · language", "Tool-based", "spread", "Tool-free", "spread"]}
        rows={data.map((d) => [
          d.label,
          tablePercent(d.toolBased),
          d.toolBasedSpread
            ? `${tablePercent(d.toolBasedSpread[0])} – ${tablePercent(d.toolBasedSpread[1])}`
            : "—",
          tablePercent(d.toolFree),
          d.toolFreeSpread
            ? `${tablePercent(d.toolFreeSpread[0])} – ${tablePercent(d.toolFreeSpread[1])}`
            : "—",
        ])}
      />
    </>
  );
}
