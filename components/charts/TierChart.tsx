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
import { ciBracket, percent, plural } from "@/lib/format";
import { ChartTable, tablePercent } from "./ChartTable";
import { itemTooltip } from "./SeriesHover";

export interface TierDatum {
  tier: string;
  pass1: number | null;
  /** [lo, hi] of the 95% CI. */
  pass1Ci: [number, number] | null;
  fcr: number | null;
  n: number;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Pass@1 with its CI as error bars, FCR beside it, per difficulty tier. */
export function TierChart({ data }: { data: TierDatum[] }) {
  if (data.length === 0) return <p className="mt-2 text-sm text-slate-500">No tiered samples.</p>;
  const rows = data.map((d) => ({
    ...d,
    pass1Error:
      d.pass1 !== null && d.pass1Ci ? [d.pass1 - d.pass1Ci[0], d.pass1Ci[1] - d.pass1] : [0, 0],
  }));
  return (
    <>
      <div className="mt-2 h-56" data-testid="tier-chart" data-points={data.length}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 20, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="tier"
              tick={{ fontSize: 12 }}
              label={{
                value: "difficulty tier",
                position: "insideBottom",
                offset: -10,
                fontSize: 12,
              }}
            />
            <YAxis
              domain={[0, 1]}
              tickFormatter={pct}
              label={{ value: "Pass@1 / FCR", angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              shared={false}
              cursor={false}
              content={itemTooltip({
                format: percent,
                category: (d: TierDatum) => `tier ${d.tier}`,
                extra: (d, series) =>
                  series === "Pass@1"
                    ? `95% CI ${ciBracket(d.pass1, d.pass1Ci?.[0], d.pass1Ci?.[1], "rate") ?? "—"} · ${plural(d.n, "sample")}`
                    : plural(d.n, "sample"),
              })}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            <Bar dataKey="pass1" name="Pass@1" fill="#4f46e5" isAnimationActive={false}>
              <ErrorBar dataKey="pass1Error" width={6} stroke="#1e1b4b" isAnimationActive={false} />
            </Bar>
            <Bar dataKey="fcr" name="FCR" fill="#14b8a6" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption="Pass@1 and FCR per tier"
        columns={["Tier", "Pass@1", "95% CI", "FCR", "Samples"]}
        rows={data.map((d) => [
          d.tier,
          tablePercent(d.pass1),
          d.pass1Ci ? `[${tablePercent(d.pass1Ci[0])}, ${tablePercent(d.pass1Ci[1])}]` : "—",
          tablePercent(d.fcr),
          d.n,
        ])}
      />
    </>
  );
}
