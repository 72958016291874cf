/** Display formatting shared by pages; metrics arrive as fractions in [0, 1]. */
import type { McNemarResult, PairedDifference } from "@/lib/stats/paired";
import { assertNever } from "@/lib/assert-never";

export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? "—" : `${(value * 100).toFixed(digits)}%`;
}

export function decimal(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? "—" : value.toFixed(digits);
}

/** A number with its sign ("+", or a real minus), none when it rounds to zero. */
function withSign(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${value > 0 ? "+" : "−"}${text}`;
}

/** A signed difference of fractions in percentage points, e.g. "+4.2 pp". */
export function points(value: number, digits = 1): string {
  return `${withSign(value * 100, digits)} pp`;
}

/** A signed count difference, e.g. "−1.35". */
export function signed(value: number, digits = 2): string {
  return withSign(value, digits);
}

export function ciText(d: PairedDifference, scale: "points" | "count"): string {
  const f = scale === "points" ? (v: number) => points(v) : (v: number) => signed(v);
  return `[${f(d.lo)}, ${f(d.hi)}]`;
}

export function pValue(p: number): string {
  if (p < 0.001) return "< 0.001";
  return p >= 0.1 ? p.toFixed(2) : p.toFixed(3);
}

/** "p = 0.021" or "p < 0.001". */
export function pStatement(p: number): string {
  return p < 0.001 ? "p < 0.001" : `p = ${pValue(p)}`;
}

export function methodLabel(m: McNemarResult): string {
  return m.method === "exact"
    ? "exact binomial"
    : `χ² ${m.statistic!.toFixed(2)}, continuity-corrected`;
}

/** How a cost measure per task is written: dollars, a count (tool calls) or tokens. */
export type CostFormat = "usd" | "count" | "tokens";

/**
 * A cost measure for an axis tick or a label. Dollars keep cents, and three significant digits
 * below a dollar so that fractions of a cent stay readable ("$0.004", "$0.0125", "$1.25");
 * counts keep up to two decimals ("8.72"); tokens are abbreviated to three significant digits
 * ("950", "12.3k", "1.23M").
 */
export function costValue(value: number, format: CostFormat): string {
  switch (format) {
    case "usd":
      return dollars(value);
    case "count":
      return Number(value.toFixed(2)).toLocaleString("en-US", { maximumFractionDigits: 2 });
    case "tokens":
      return tokens(value);
    default:
      return assertNever(format);
  }
}

/** A cost is never negative, so no sign is written. */
function dollars(value: number): string {
  if (value === 0) return "$0";
  const rounded = Number(value.toPrecision(3));
  if (rounded >= 1)
    return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  // As many decimals as three significant digits need, at least cents; zeros past the cents dropped.
  const digits = Math.max(2, 2 - Math.floor(Math.log10(rounded)));
  return `$${rounded.toFixed(digits).replace(/(\.\d\d\d*?)0+$/, "$1")}`;
}

function tokens(value: number): string {
  // Decided on the rounded figure, so that 999,999 is "1M", not "1000k".
  for (const [size, suffix] of [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "k"],
  ] as const) {
    const rounded = Number((value / size).toPrecision(3));
    if (Math.abs(rounded) >= 1) return `${rounded}${suffix}`;
  }
  return String(Math.round(value));
}

/** What a figure measures, for writing it with its 95% CI. */
export type FigureUnit = "rate" | "decimal" | "seconds" | CostFormat;

/** Decimals that give `value` three significant digits, within [min, max]. */
function decimalsFor(value: number, min: number, max: number): number {
  const rounded = Math.abs(Number(value.toPrecision(3)));
  if (rounded === 0) return min;
  return Math.min(max, Math.max(min, 2 - Math.floor(Math.log10(rounded))));
}

/** How a figure and its interval's ends are written: one scale and one number of decimals for all three. */
function figureScale(
  value: number,
  unit: FigureUnit,
): { number: (v: number) => string; prefix: string; suffix: string } {
  const fixed = (scale: number, digits: number) => (v: number) =>
    (v / scale).toLocaleString("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  switch (unit) {
    case "rate":
      return { number: fixed(0.01, 1), prefix: "", suffix: "%" };
    case "decimal":
    case "count":
      return { number: fixed(1, decimalsFor(value, 0, 2)), prefix: "", suffix: "" };
    case "usd":
      return {
        number: fixed(1, Math.abs(value) >= 1 ? 2 : decimalsFor(value, 2, 6)),
        prefix: "$",
        suffix: "",
      };
    case "seconds":
      // Whole seconds from 10 s, tenths below; tenths of a minute from 90 s.
      return Math.abs(value) >= 90
        ? { number: fixed(60, 1), prefix: "", suffix: " min" }
        : { number: fixed(1, Math.abs(value) >= 10 ? 0 : 1), prefix: "", suffix: " s" };
    case "tokens": {
      const rounded = Math.abs(Number(value.toPrecision(3)));
      const [size, suffix] =
        rounded >= 1e9
          ? [1e9, "B"]
          : rounded >= 1e6
            ? [1e6, "M"]
            : rounded >= 1e3
              ? [1e3, "k"]
              : [1, ""];
      return { number: fixed(size, decimalsFor(value / size, 0, 2)), prefix: "", suffix };
    }
    default:
      return assertNever(unit);
  }
}

/**
 * A figure alone, as `withCi` writes it: "38.6%", "$0.737", "78 s", "1.6 min", "12.3k", "8.68".
 * "—" when there is none.
 */
export function figure(value: number | null | undefined, unit: FigureUnit): string {
  if (value === null || value === undefined) return "—";
  const s = figureScale(value, unit);
  return `${s.prefix}${s.number(value)}${s.suffix}`;
}

/**
 * The interval of a figure, the one way every page writes it: its two ends in the figure's own
 * unit, scale and decimals, the unit written once on the figure ("38.6% [35.5, 41.7]",
 * "$0.737 [0.602, 0.900]", "1.6 min [1.1, 2.0]", "12.3k [10.1, 14.5]", "8.68 [8.00, 9.45]").
 * Null without an interval. `value` sets the scale and decimals; without one, the upper end does.
 */
export function ciBracket(
  value: number | null | undefined,
  lo: number | null | undefined,
  hi: number | null | undefined,
  unit: FigureUnit,
): string | null {
  if (lo === null || lo === undefined || hi === null || hi === undefined) return null;
  const s = figureScale(value ?? hi, unit);
  return `[${s.number(lo)}, ${s.number(hi)}]`;
}

/** A figure with its interval when it has one: "$0.737 [0.602, 0.900]". */
export function withCi(
  value: number | null | undefined,
  lo: number | null | undefined,
  hi: number | null | undefined,
  unit: FigureUnit,
): string {
  const bracket = value === null || value === undefined ? null : ciBracket(value, lo, hi, unit);
  return bracket ? `${figure(value, unit)} ${bracket}` : figure(value, unit);
}

/** A count with its noun, singular for one: "1 sample", "2 samples", "1,204 tasks". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? singular : pluralForm}`;
}

/**
 * Evenly spaced axis ticks from 0 whose last tick is at or above `max` (the axis domain ends on
 * a tick): steps of 1, 2, 2.5 or 5 times a power of ten, about `count` ticks. A rate axis whose
 * `max` is at most 1 never ends past 1 (every such step divides 1).
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough * (1 - 1e-9))!;
  const steps = Math.ceil(max / step - 1e-9);
  // Each tick from its index, rounded to the step's precision: no 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toFixed(digits)));
}

/**
 * Names for series drawn together (chart legends): the model alone when no other series has
 * that model, else the model with the first of its details (agent, setting, team …) that
 * tells the same-model series apart, else with the submission's number.
 */
export function seriesLabels(
  items: readonly { id: number; model: string; details: readonly (string | null)[] }[],
): string[] {
  return items.map((item) => {
    const same = items.filter((other) => other.model === item.model);
    if (same.length === 1) return item.model;
    const index = item.details.findIndex(
      (detail, i) => detail !== null && same.every((o) => o === item || o.details[i] !== detail),
    );
    return index === -1 ? `${item.model} · #${item.id}` : `${item.model} · ${item.details[index]}`;
  });
}
