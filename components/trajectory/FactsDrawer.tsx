"use client";

import { useEffect, useRef } from "react";

/**
 * The facts panel's frame: open beside the trajectory on wide screens; on narrow ones it sits
 * above the trajectory and closes on load into a one-line drawer (rendered open, so without
 * script, and on wide screens, the facts show at once).
 */
export function FactsDrawer({
  summary,
  children,
}: {
  summary: React.ReactNode;
  children: React.ReactNode;
}) {
  const drawer = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (drawer.current && window.matchMedia("(max-width: 1023px)").matches)
      drawer.current.open = false;
  }, []);
  return (
    <details
      ref={drawer}
      open
      className="rounded-lg border border-slate-200 bg-white p-3 lg:p-4"
      data-testid="facts-drawer"
    >
      <summary className="cursor-pointer text-sm font-semibold">{summary}</summary>
      <div
        className="max-h-[60vh] overflow-y-auto lg:max-h-[calc(100vh-6rem)]"
        data-testid="facts-scroll"
      >
        {children}
      </div>
    </details>
  );
}
