"use client";

import { useMemo } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { seriesColor } from "@/components/charts/palette";
import { ChartTable, tablePercent } from "@/components/charts/ChartTable";
import {
  itemTooltip,
  SeriesTooltip,
  seriesDot,
  useSeriesHover,
} from "@/components/charts/SeriesHover";
import { percent } from "@/lib/format";

const pct = (v: number) => `${Math.round(v * 100)}%`;

export interface DomainSeries {
  label: string;
  /** Domain → value (null: no samples). */
  values: Record<string, number | null>;
}

/** One bar per submission for each domain (accuracy or pass rate). */
export function InfoMosaicDomainChart({
  domains,
  series,
  testId,
  metric,
}: {
  domains: string[];
  series: DomainSeries[];
  testId: string;
  metric: string;
}) {
  const rows = domains.map((domain) =>
    Object.fromEntries([
      ["domain", domain],
      ...series.map((s, i) => [`s${i}`, s.values[domain] ?? null]),
    ]),
  );
  return (
    <>
      <div className="mt-2 h-72" data-testid={testId} data-points={domains.length * series.length}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 20, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="domain"
              tick={{ fontSize: 12 }}
              label={{ value: "domain", position: "insideBottom", offset: -10, fontSize: 12 }}
            />
            <YAxis
              domain={[0, 1]}
              tickFormatter={pct}
              label={{ value: metric, angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              shared={false}
              cursor={false}
              content={itemTooltip({
                format: (v) => `${metric} ${percent(v)}`,
                category: (row: { domain: string }) => row.domain,
              })}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
            {series.map((s, i) => (
              <Bar
                key={s.label}
                dataKey={`s${i}`}
                name={s.label}
                fill={seriesColor(i)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption="Per domain, per submission"
        columns={["Submission", ...domains]}
        rows={series.map((sr) => [sr.label, ...domains.map((d) => tablePercent(sr.values[d]))])}
      />
    </>
  );
}

export interface OutcomeDatum {
  label: string;
  total: number;
  "usage-error": number;
  "selection-error": number;
  "invalid-result": number;
  "valid-result": number;
}

const OUTCOME_COLORS = {
  "usage-error": "#D55E00",
  "selection-error": "#CC79A7",
  "invalid-result": "#E69F00",
  "valid-result": "#009E73",
} as const;

/** Figure 4a: the outcome mix of every tool call, as shares, stacked per submission. */
export function ToolOutcomeChart({ data }: { data: OutcomeDatum[] }) {
  return (
    <>
      <div className="mt-2 h-72" data-testid="tool-outcome-chart" data-points={data.length}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 8, right: 16, bottom: 16, left: 40 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              domain={[0, 1]}
              tickFormatter={pct}
              label={{
                value: "share of tool calls",
                position: "insideBottom",
                offset: -2,
                fontSize: 12,
              }}
              tick={{ fontSize: 12 }}
            />
            <YAxis
              type="category"
              dataKey="label"
              tick={{ fontSize: 11 }}
              width={150}
              label={{
                value: "submission",
                angle: -90,
                position: "insideLeft",
                offset: -30,
                fontSize: 12,
              }}
            />
            <Tooltip
              shared={false}
              cursor={false}
              content={itemTooltip({
                format: (v) => `${percent(v)} of tool calls`,
                category: (d: OutcomeDatum) => d.label,
                extra: (d) => `${d.total.toLocaleString("en-US")} calls in all`,
              })}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
            {(Object.keys(OUTCOME_COLORS) as (keyof typeof OUTCOME_COLORS)[]).map((k) => (
              <Bar
                key={k}
                dataKey={k}
                name={k}
                stackId="mix"
                fill={OUTCOME_COLORS[k]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption="Tool-call outcomes per submission"
        columns={[
          "Submission",
          "Calls",
          "Usage error",
          "Selection error",
          "Invalid result",
          "Valid result",
        ]}
        rows={data.map((d) => [
          d.label,
          d.total,
          tablePercent(d["usage-error"]),
          tablePercent(d["selection-error"]),
          tablePercent(d["invalid-result"]),
          tablePercent(d["valid-result"]),
        ])}
      />
    </>
  );
}

export interface ToolCallSeries {
  label: string;
  points: { bin: string; accuracy: number | null; n: number }[];
}

/** Figure 3a: accuracy against the number of tool calls, one line per submission. */
export function ToolCallsAccuracyChart({
  bins,
  series,
}: {
  bins: string[];
  series: ToolCallSeries[];
}) {
  const hover = useSeriesHover();
  // Built once per data: new arrays on every hover would make Recharts redraw the dots under the pointer.
  const rows = useMemo(
    () =>
      bins.map((bin) =>
        Object.fromEntries([
          ["bin", bin],
          ...series.map((s, i) => [`s${i}`, s.points.find((p) => p.bin === bin)?.accuracy ?? null]),
        ]),
      ),
    [bins, series],
  );
  return (
    <>
      <div
        className="relative mt-2 h-72"
        data-testid="tool-calls-chart"
        data-points={series.reduce((sum, s) => sum + s.points.filter((p) => p.n > 0).length, 0)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 12, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="bin"
              tick={{ fontSize: 12 }}
              label={{
                value: "tool-call turns",
                position: "insideBottom",
                offset: -6,
                fontSize: 12,
              }}
            />
            <YAxis
              domain={[0, 1]}
              tickFormatter={pct}
              label={{ value: "accuracy", angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
            {series.map((s, i) => {
              // In the chart's row order, so that a dot's index finds its bin.
              const points = bins.map(
                (bin) => s.points.find((p) => p.bin === bin) ?? { bin, accuracy: null, n: 0 },
              );
              return (
                <Line
                  key={s.label}
                  dataKey={`s${i}`}
                  name={s.label}
                  stroke={seriesColor(i)}
                  strokeOpacity={hover.opacity(s.label)}
                  connectNulls
                  isAnimationActive={false}
                  dot={seriesDot({
                    series: s.label,
                    color: seriesColor(i),
                    radius: 3,
                    points,
                    describe: (p) => ({
                      title: `${p.bin} tool-call turns`,
                      lines: [
                        `accuracy ${percent(p.accuracy)}`,
                        `${p.n.toLocaleString("en-US")} samples`,
                      ],
                    }),
                    hover,
                  })}
                  activeDot={false}
                />
              );
            })}
          </LineChart>
        </ResponsiveContainer>
        <SeriesTooltip hovered={hover.hovered} />
      </div>
      <ChartTable
        caption="Accuracy by number of tool calls"
        columns={["Submission", "Tool calls", "Accuracy", "Samples"]}
        rows={series.flatMap((sr) =>
          sr.points.map((p) => [sr.label, p.bin, tablePercent(p.accuracy), p.n]),
        )}
      />
    </>
  );
}
