/**
 * One series at a time: which series is hovered decides how every series is drawn. Pure, so the
 * rule is tested without a browser; the React side is in SeriesHover.tsx.
 */

/** The point under the pointer: its series (as the legend names it), its figures, where it is drawn. */
export interface HoveredPoint {
  series: string;
  /** The point's place on the x axis, e.g. "call 3" or "FCR 42%". */
  title: string;
  /** Its figures, already formatted, e.g. ["Δfacts(k) 0.35", "n(k) 120"]. */
  lines: string[];
  /** Pixel position of the point in the chart's SVG. */
  x: number;
  y: number;
}

/** Opacity of a series: full when nothing or it is hovered, faint when another series is. */
export function seriesOpacity(
  hovered: Pick<HoveredPoint, "series"> | null,
  series: string,
  base = 1,
): number {
  return hovered === null || hovered.series === series ? base : base * 0.2;
}

/** The pointer's target around a dot: at least 8 px (a 3 px dot is too small to hover reliably). */
export function hitRadius(radius: number): number {
  return Math.max(8, radius + 4);
}
