import type { OutcomeTone } from "@/lib/benchmarks/review";

/** A call outcome's colour, the same on the timeline's cells and the call rows; literal class names, so Tailwind sees them. */
export const TONE: Record<OutcomeTone, string> = {
  gain: "bg-emerald-600",
  partial: "bg-sky-400",
  page: "bg-indigo-300",
  neutral: "bg-slate-400",
  empty: "bg-rose-300",
  warn: "bg-amber-400",
  repeat: "bg-violet-500",
  error: "bg-rose-800",
};

/** What a call row shows of the review: its timeline outcome, and the earlier call its query repeats. */
export interface CallRowMark {
  key: string;
  label: string;
  tone: OutcomeTone;
  /** The earlier call that sent the same query and where its step is, or null. */
  repeats: { call: number; href: string } | null;
  /** What the benchmark's record says the call found, or null. */
  note: string | null;
}
