"use client";

import { useState, type ReactNode } from "react";
import { hitRadius, seriesOpacity, type HoveredPoint } from "./hover";

/**
 * Hover and click on one series at a time for line and composed charts. Recharts gives these
 * charts only an axis tooltip (`shared={false}` is ignored by LineChart and ComposedChart), which
 * lists every series at the hovered x; so each series draws its own dots, a dot reports itself
 * when hovered, and the chart shows that point alone and dims the other series.
 */
export function useSeriesHover() {
  const [hovered, setHovered] = useState<HoveredPoint | null>(null);
  return {
    hovered,
    setHovered,
    opacity: (series: string, base = 1) => seriesOpacity(hovered, series, base),
  };
}

export type SeriesHover = ReturnType<typeof useSeriesHover>;

/**
 * The hovered point's tooltip, inside the chart's `relative` box: above the point, centred on it;
 * beside it near the left edge and below it near the top, so that it is not cut off.
 */
export function SeriesTooltip({ hovered }: { hovered: HoveredPoint | null }) {
  if (!hovered) return null;
  const nearLeft = hovered.x < 120;
  const nearTop = hovered.y < 110;
  return (
    <div
      role="tooltip"
      data-testid="series-tooltip"
      data-series={hovered.series}
      className={`pointer-events-none absolute z-10 rounded border border-slate-200 bg-white p-2 text-xs whitespace-nowrap shadow ${nearLeft ? "" : "-translate-x-1/2"} ${nearTop ? "" : "-translate-y-full"}`}
      style={{
        left: nearLeft ? hovered.x + 12 : hovered.x,
        top: nearTop ? hovered.y + 12 : hovered.y - 10,
      }}
    >
      <div className="font-medium text-slate-900">{hovered.series}</div>
      <div className="text-slate-600">{hovered.title}</div>
      {hovered.lines.map((line) => (
        <div key={line} className="tabular-nums">
          {line}
        </div>
      ))}
    </div>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  value?: unknown;
}

export interface SeriesDotOptions<T> {
  /** The series' name as the legend writes it. */
  series: string;
  color: string;
  radius: number;
  /** Opacity when no other series is hovered. */
  opacity?: number;
  /** The series' data, in the order it was given to the Line or Scatter. */
  points: readonly T[];
  describe: (point: T) => { title: string; lines: string[] };
  hover: SeriesHover;
  /** What pressing this point does; none, no pointer cursor. */
  onClick?: (point: T) => void;
  /** Extra attributes on the point's target (e.g. `data-k`), for tests and links. */
  attributes?: (point: T) => Record<`data-${string}`, string | number>;
  /** The visible mark; a circle unless given (e.g. a Recharts `Symbols` for a setting's shape). */
  mark?: (cx: number, cy: number, fill: string, opacity: number) => ReactNode;
}

/**
 * A Line `dot` (or Scatter `shape`) for one series: the visible mark and, over it, a wider
 * transparent target that carries the series and the point's index (`data-series`,
 * `data-index`) and answers hover and click for this point only.
 */
export function seriesDot<T>({
  series,
  color,
  radius,
  opacity = 1,
  points,
  describe,
  hover,
  onClick,
  attributes,
  mark,
}: SeriesDotOptions<T>) {
  return function SeriesDot(props: DotProps) {
    const key = `${series}-${props.index}`;
    const point = props.index === undefined ? undefined : points[props.index];
    if (
      props.cx === undefined ||
      props.cy === undefined ||
      props.value === null ||
      point === undefined
    )
      return <g key={key} />;
    const { cx, cy } = props;
    const shown = hover.opacity(series, opacity);
    return (
      <g key={key}>
        {mark ? (
          mark(cx, cy, color, shown)
        ) : (
          <circle cx={cx} cy={cy} r={radius} fill={color} fillOpacity={shown} />
        )}
        <circle
          cx={cx}
          cy={cy}
          r={hitRadius(radius)}
          fill="transparent"
          cursor={onClick ? "pointer" : undefined}
          data-series={series}
          data-index={props.index}
          {...attributes?.(point)}
          onMouseEnter={() => hover.setHovered({ series, x: cx, y: cy, ...describe(point) })}
          onMouseLeave={() => hover.setHovered(null)}
          // On the press, not the click: the hover that comes first can make Recharts redraw the dots,
          // and a press and release straddling that redraw land on two elements and make no click.
          onMouseDown={onClick ? (event) => event.button === 0 && onClick(point) : undefined}
        />
      </g>
    );
  };
}

interface ItemTooltipProps {
  active?: boolean;
  payload?: readonly { name?: unknown; value?: unknown; payload?: unknown }[];
}

export interface ItemTooltipOptions<T> {
  format: (value: number) => string;
  /** The bar's category (tier, domain, submission), read from its datum. */
  category: (datum: T) => string;
  /** A further line for the hovered series, e.g. its CI; null for none. */
  extra?: (datum: T, series: string) => string | null;
}

/**
 * Tooltip content for a bar chart's `<Tooltip shared={false}>` (a bar chart does honour it): the
 * hovered bar's series, its category and its value formatted.
 */
export function itemTooltip<T>({ format, category, extra }: ItemTooltipOptions<T>) {
  return function ItemTooltip({ active, payload }: ItemTooltipProps) {
    const item = payload?.[0];
    if (!active || !item || typeof item.value !== "number") return null;
    const series = String(item.name);
    const datum = item.payload as T;
    const more = extra?.(datum, series);
    return (
      <div
        role="tooltip"
        data-testid="series-tooltip"
        data-series={series}
        className="rounded border border-slate-200 bg-white p-2 text-xs shadow"
      >
        <div className="font-medium text-slate-900">{series}</div>
        <div className="text-slate-600">{category(datum)}</div>
        <div className="tabular-nums">{format(item.value)}</div>
        {more ? <div className="tabular-nums text-slate-600">{more}</div> : null}
      </div>
    );
  };
}
