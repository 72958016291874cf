const TONES = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  red: "bg-rose-50 text-rose-800 ring-rose-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-600/20",
} as const;

type BadgeTone = keyof typeof TONES;

export function Badge({ tone, children, title }: { tone: BadgeTone; children: React.ReactNode; title?: string }) {
  return (
    <span title={title} className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}

export function VerdictBadge({ correct }: { correct: boolean }) {
  return <Badge tone={correct ? "green" : "red"}>{correct ? "correct" : "incorrect"}</Badge>;
}

const STATUS_TONES: Record<string, BadgeTone> = { finished: "slate", max_turns_reached: "amber", api_error: "red", empty_response: "red" };

/** Termination status, shown verbatim; statuses the paper does not list get a neutral tone. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "indigo"}>{status}</Badge>;
}
