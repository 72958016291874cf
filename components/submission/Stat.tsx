import type { ReactNode } from "react";

/** One headline figure of a submission, with its CI ([lo, hi]) or a note under it. */
export function Stat({
  label,
  title,
  ci,
  note,
  children,
}: {
  label: string;
  title?: string;
  ci?: string | null;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" title={title}>
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-xl font-semibold tabular-nums">
        {children}
        {ci ? <span className="ml-1 text-xs font-normal text-slate-500">{ci}</span> : null}
      </div>
      {note ? <div className="mt-1 text-xs text-slate-500">{note}</div> : null}
    </div>
  );
}
