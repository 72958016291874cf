"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type MouseEvent } from "react";
import type { CallMark, CallOutcomeKind } from "@/lib/benchmarks/review";
import { goToCall } from "./navigate";
import { TONE } from "./tone";

/**
 * One cell per tool call, coloured by what it achieved, staying in view while the steps
 * scroll. Each cell is a button named "Call 7: new fact" that moves to its step (`#call-<n>`, on its page);
 * the HTML is one short element per call (no title, no href: 500 calls are about 45 KB).
 */
export function CallTimeline({
  outcomes,
  calls,
  callPages = null,
}: {
  outcomes: readonly CallOutcomeKind[];
  calls: readonly CallMark[];
  /** The page of each call when the steps are paged. */ callPages?: readonly number[] | null;
}) {
  const router = useRouter();
  const current = useCurrentCall();
  if (calls.length === 0) return null;
  // One handler for every cell: a cell moves to its call's step, on this page or its own.
  const jump = (event: MouseEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-call]");
    if (cell) goToCall(Number(cell.dataset.call), callPages, (href) => router.push(href));
  };
  const byKey = new Map(outcomes.map((o) => [o.key, o]));
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.outcome, (counts.get(c.outcome) ?? 0) + 1);
  return (
    <nav
      aria-label="Call timeline"
      data-call-timeline={calls.length}
      className="sticky top-0 z-10 mb-3 rounded-lg border border-slate-200 bg-white px-2 py-1.5 shadow-sm"
    >
      {/* 24 px targets (WCAG 2.2 target size), drawn as 20 px squares by a white border; past three rows the strip scrolls on its own. */}
      <div
        onClick={jump}
        className="flex max-h-[4.5rem] flex-wrap overflow-y-auto *:block *:size-6 *:cursor-pointer *:rounded-md *:border-2 *:border-white *:focus-visible:outline-2 *:focus-visible:outline-indigo-600"
      >
        {calls.map((c) => {
          const kind = byKey.get(c.outcome);
          const name = `Call ${c.call}: ${kind?.label ?? c.outcome}`;
          return (
            <button
              key={c.call}
              data-call={c.call}
              data-outcome={c.outcome}
              aria-label={name}
              title={name}
              aria-current={c.call === current ? "step" : undefined}
              className={`${TONE[kind?.tone ?? "neutral"]}${c.call === current ? " !border-slate-900" : ""}`}
            />
          );
        })}
      </div>
      <ul
        className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-700"
        aria-label="Legend"
      >
        {outcomes
          .filter((o) => counts.has(o.key))
          .map((o) => (
            <li key={o.key} className="flex items-center gap-1" data-legend={o.key}>
              <span className={`inline-block h-3 w-2 rounded-sm ${TONE[o.tone]}`} aria-hidden />
              {o.label} <span className="tabular-nums text-slate-600">{counts.get(o.key)}</span>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** The call being read: the last call step focused (a cell's jump, j/k, a link) or named by the address. */
function useCurrentCall(): number | null {
  const [current, setCurrent] = useState<number | null>(null);
  useEffect(() => {
    const read = (id: string) => {
      const match = /^call-(\d+)$/.exec(id);
      if (match) setCurrent(Number(match[1]));
    };
    const onFocus = (event: FocusEvent) => {
      const step = (event.target as HTMLElement | null)?.closest?.("li[id^='call-']");
      if (step) read(step.id);
    };
    const onHash = () => read(window.location.hash.slice(1));
    onHash();
    document.addEventListener("focusin", onFocus);
    window.addEventListener("hashchange", onHash);
    return () => {
      document.removeEventListener("focusin", onFocus);
      window.removeEventListener("hashchange", onHash);
    };
  }, []);
  return current;
}
