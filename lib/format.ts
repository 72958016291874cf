/** Display formatting shared by pages; metrics arrive as fractions in [0, 1]. */
import type { McNemarResult, PairedDifference } from "@/lib/stats/paired";
import { assertNever } from "@/lib/assert-never";

export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? "—" : `${(value * 100).toFixed(digits)}%`;
}

export function decimal(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? "—" : value.toFixed(digits);
}

/**
 * A CI as its two ends, in percentage points for rates ("[35.5, 41.7]"): bootstrap intervals
 * are asymmetric, so a "±" half-width would misstate one side.
 */
export function ciInterval(
  lo: number | null,
  hi: number | null,
  scale = 100,
  digits = 1,
): string | null {
  if (lo === null || hi === null) return null;
  return `[${(lo * scale).toFixed(digits)}, ${(hi * scale).toFixed(digits)}]`;
}

export function ciRange(lo: number | null, hi: number | null, asPercent = true): string | null {
  if (lo === null || hi === null) return null;
  return asPercent
    ? `95% CI ${percent(lo)}–${percent(hi)}`
    : `95% CI ${decimal(lo)}–${decimal(hi)}`;
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
