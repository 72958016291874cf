"use client";

import {
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { percent } from "@/lib/format";
import { ChartTable, tablePercent } from "./ChartTable";

export interface PrecisionRecallPoint {
  /** The series name: the model, told apart from same-model rows (seriesLabels). */
  label: string;
  rowPrecision: number | null;
  rowRecall: number | null;
  itemPrecision: number | null;
  itemRecall: number | null;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
const ROWS = "rows";
const ITEMS = "items (cells)";

/** Each model's precision against its recall, rows and items; the diagonal is P = R. */
export function PrecisionRecallChart({ points }: { points: PrecisionRecallPoint[] }) {
  const rows = points
    .filter((p) => p.rowPrecision !== null && p.rowRecall !== null)
    .map((p) => ({ series: ROWS, label: p.label, x: p.rowRecall!, y: p.rowPrecision! }));
  const items = points
    .filter((p) => p.itemPrecision !== null && p.itemRecall !== null)
    .map((p) => ({ series: ITEMS, label: p.label, x: p.itemRecall!, y: p.itemPrecision! }));
  return (
    <>
      <div
        className="mt-2 h-80"
        data-testid="precision-recall-chart"
        data-points={rows.length + items.length}
      >
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={{ top: 10, right: 20, bottom: 20, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="x"
              domain={[0, 1]}
              tickFormatter={pct}
              name="recall"
              label={{ value: "recall", position: "insideBottom", offset: -10, fontSize: 12 }}
              tick={{ fontSize: 12 }}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, 1]}
              tickFormatter={pct}
              name="precision"
              label={{ value: "precision", angle: -90, position: "insideLeft", fontSize: 12 }}
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
            {/* A scatter chart's tooltip is the hovered point's alone; it names the point's series. */}
            <Tooltip
              content={({ payload }) => {
                const p = payload?.[0]?.payload as (typeof rows)[number] | undefined;
                if (!p) return null;
                return (
                  <div
                    role="tooltip"
                    data-testid="series-tooltip"
                    data-series={p.series}
                    className="rounded border border-slate-200 bg-white p-2 text-xs shadow"
                  >
                    <div className="font-medium text-slate-900">{p.series}</div>
                    <div className="text-slate-600">{p.label}</div>
                    <div className="tabular-nums">precision {percent(p.y)}</div>
                    <div className="tabular-nums">recall {percent(p.x)}</div>
                  </div>
                );
              }}
            />
            <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
            <Scatter name={ROWS} data={rows} fill="#4f46e5" isAnimationActive={false} />
            <Scatter
              name={ITEMS}
              data={items}
              fill="#14b8a6"
              shape="triangle"
              isAnimationActive={false}
            />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption="Row and item precision and recall per model"
        columns={["Model", "Row precision", "Row recall", "Item precision", "Item recall"]}
        rows={points.map((p) => [
          p.label,
          tablePercent(p.rowPrecision),
          tablePercent(p.rowRecall),
          tablePercent(p.itemPrecision),
          tablePercent(p.itemRecall),
        ])}
      />
    </>
  );
}
