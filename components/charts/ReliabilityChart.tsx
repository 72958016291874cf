"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import { percent } from "@/lib/format";
import { seriesColor } from "./palette";
import { ChartTable, tablePercent } from "./ChartTable";
import { SeriesTooltip, seriesDot, useSeriesHover } from "./SeriesHover";

export interface ReliabilitySeries {
  label: string;
  /** One point per calibration bin, in order of confidence: mean stated confidence, accuracy, samples. */
  points: { confidence: number; accuracy: number; n: number }[];
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Reliability diagram: each bin's accuracy against its mean stated confidence; the diagonal is perfect calibration. */
export function ReliabilityChart({ series }: { series: ReliabilitySeries[] }) {
  const hover = useSeriesHover();
  const points = series.reduce((sum, s) => sum + s.points.length, 0);
  if (points === 0) {
    return (
      <p
        className="mt-2 rounded border border-dashed border-slate-300 p-6 text-sm text-slate-600"
        data-testid="calibration-empty"
      >
        No sample here states a confidence, so there is nothing to calibrate.
      </p>
    );
  }
  return (
    <>
      <div className="relative mt-2 h-96" data-testid="reliability-chart" data-points={points}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart margin={{ top: 10, right: 20, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="confidence"
              domain={[0, 1]}
              tickFormatter={pct}
              label={{
                value: "stated confidence (bin mean)",
                position: "insideBottom",
                offset: -10,
                fontSize: 12,
              }}
              tick={{ fontSize: 12 }}
            />
            <YAxis
              type="number"
              domain={[0, 1]}
              tickFormatter={pct}
              label={{ value: "accuracy", angle: -90, position: "insideLeft", fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <ReferenceLine
              segment={[
                { x: 0, y: 0 },
                { x: 1, y: 1 },
              ]}
              stroke="#94a3b8"
              strokeDasharray="4 4"
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            {series.map((s, i) => (
              <Line
                key={s.label}
                data={s.points}
                dataKey="accuracy"
                name={s.label}
                stroke={seriesColor(i)}
                strokeOpacity={hover.opacity(s.label)}
                strokeWidth={2}
                isAnimationActive={false}
                dot={seriesDot({
                  series: s.label,
                  color: seriesColor(i),
                  radius: 4,
                  points: s.points,
                  describe: (p) => ({
                    title: `stated confidence ${percent(p.confidence)} (bin mean)`,
                    lines: [
                      `accuracy ${percent(p.accuracy)}`,
                      `${p.n.toLocaleString("en-US")} samples`,
                    ],
                  }),
                  hover,
                })}
                activeDot={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
        <SeriesTooltip hovered={hover.hovered} />
      </div>
      <ChartTable
        caption="Accuracy per bin of stated confidence"
        columns={["Submission", "Mean stated confidence", "Accuracy", "Samples"]}
        rows={series.flatMap((s) =>
          s.points.map((p) => [s.label, tablePercent(p.confidence), tablePercent(p.accuracy), p.n]),
        )}
      />
    </>
  );
}
