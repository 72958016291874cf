/** Tones as named classes (globals.css): a long trajectory repeats its badges hundreds of times. */
const TONES = {
  green: "badge badge-green",
  red: "badge badge-red",
  amber: "badge badge-amber",
  slate: "badge badge-slate",
  indigo: "badge badge-indigo",
} as const;

type BadgeTone = keyof typeof TONES;

export function Badge({
  tone,
  children,
  title,
}: {
  tone: BadgeTone;
  children: React.ReactNode;
  title?: string;
}) {
  return (
    <span title={title} className={TONES[tone]}>
      {children}
    </span>
  );
}

export function VerdictBadge({ correct }: { correct: boolean }) {
  return <Badge tone={correct ? "green" : "red"}>{correct ? "correct" : "incorrect"}</Badge>;
}

const STATUS_TONES: Record<string, BadgeTone> = {
  finished: "slate",
  max_turns_reached: "amber",
  api_error: "red",
  empty_response: "red",
};

/** Termination status, shown verbatim; statuses the paper does not list get a neutral tone. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "indigo"}>{status}</Badge>;
}
