"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A region that scrolls (a wide table, a long data table): focusable and named, so a keyboard
 * reaches it and scrolls it with the arrow keys and a screen reader announces it (axe's
 * `scrollable-region-focusable`). While it has more to show sideways, an edge shade and a line
 * above it say so; both are measured after layout, as only the browser knows the widths.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** The region's accessible name, e.g. "Leaderboard". */
  label: string;
  /** The scrolling box's classes (border, height); `overflow-auto` is always set. */
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () =>
      setMore({
        left: box.scrollLeft > 1,
        right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
      });
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => {
      box.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, []);
  const scrolls = more.left || more.right;
  return (
    <div>
      {scrolls ? (
        <p className="mb-1 text-right text-xs text-slate-500" data-testid="scroll-hint">
          {more.left ? "← " : ""}More columns: scroll sideways{more.right ? " →" : ""}
        </p>
      ) : null}
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={label}
          tabIndex={0}
          data-testid="scroll-region"
          data-scrolls={scrolls ? "true" : "false"}
          className={`overflow-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-500 ${className}`}
        >
          {children}
        </div>
        {more.right ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute bottom-0 right-0 top-0 w-6 rounded-r-lg bg-gradient-to-l from-slate-400/30 to-transparent"
            data-testid="scroll-shade"
          />
        ) : null}
      </div>
    </div>
  );
}
