import { ciInterval, ciRange, decimal, percent } from "@/lib/format";

/** A rate with its 95% CI: "38.6% [35.5, 41.7]" (percentage points), the interval spelled out on hover. */
export function RateWithCi({
  value,
  lo,
  hi,
}: {
  value: number | null;
  lo: number | null;
  hi: number | null;
}) {
  const interval = ciInterval(lo, hi);
  return (
    <span title={ciRange(lo, hi) ?? undefined} className="tabular-nums">
      {percent(value)}
      {interval ? (
        <span className="ml-1 whitespace-nowrap text-xs text-slate-500">{interval}</span>
      ) : null}
    </span>
  );
}

export function CountWithCi({
  value,
  lo,
  hi,
}: {
  value: number | null;
  lo: number | null;
  hi: number | null;
}) {
  const interval = ciInterval(lo, hi, 1, 2);
  return (
    <span title={ciRange(lo, hi, false) ?? undefined} className="tabular-nums">
      {decimal(value)}
      {interval ? (
        <span className="ml-1 whitespace-nowrap text-xs text-slate-500">{interval}</span>
      ) : null}
    </span>
  );
}
