import { ciBracket, figure, type FigureUnit } from "@/lib/format";

/** A figure with its 95% CI as `withCi` writes it ("38.6% [35.5, 41.7]"), the interval smaller. */
function FigureWithCi({
  value,
  lo,
  hi,
  unit,
}: {
  value: number | null;
  lo: number | null;
  hi: number | null;
  unit: FigureUnit;
}) {
  const interval = value === null ? null : ciBracket(value, lo, hi, unit);
  return (
    <span title={interval ? `95% CI ${interval}` : undefined} className="tabular-nums">
      {figure(value, unit)}
      {interval ? (
        <span className="ml-1 whitespace-nowrap text-xs text-slate-500">{interval}</span>
      ) : null}
    </span>
  );
}

/** A rate with its 95% CI: "38.6% [35.5, 41.7]" (percentage points). */
export function RateWithCi(props: { value: number | null; lo: number | null; hi: number | null }) {
  return <FigureWithCi {...props} unit="rate" />;
}

/** A count or mean with its 95% CI: "8.68 [8.00, 9.45]". */
export function CountWithCi(props: { value: number | null; lo: number | null; hi: number | null }) {
  return <FigureWithCi {...props} unit="decimal" />;
}
