/** How the compare pages print differences and p-values. */
import type { McNemarResult, PairedDifference } from "@/lib/stats/paired";

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
  return m.method === "exact" ? "exact binomial" : `χ² ${m.statistic!.toFixed(2)}, continuity-corrected`;
}
