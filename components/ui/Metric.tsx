import { ciHalfWidth, ciRange, decimal, percent } from "@/lib/format";

/** A rate with its 95% CI: "38.6% ±3.1", the full interval on hover. */
export function RateWithCi({ value, lo, hi }: { value: number | null; lo: number | null; hi: number | null }) {
  const half = ciHalfWidth(lo, hi);
  return (
    <span title={ciRange(lo, hi) ?? undefined} className="tabular-nums">
      {percent(value)}
      {half ? <span className="ml-1 text-xs text-slate-500">{half}</span> : null}
    </span>
  );
}

export function CountWithCi({ value, lo, hi }: { value: number | null; lo: number | null; hi: number | null }) {
  const half = ciHalfWidth(lo, hi, 1, 2);
  return (
    <span title={ciRange(lo, hi, false) ?? undefined} className="tabular-nums">
      {decimal(value)}
      {half ? <span className="ml-1 text-xs text-slate-500">{half}</span> : null}
    </span>
  );
}
