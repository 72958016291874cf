"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** j and k move between the steps shown (the arrow keys stay the browser's, for scrolling); n and p open the next and previous sample (of the list the page was opened from, else the next failed one). */
export function TrajectoryKeyboard({ nextHref, previousHref }: { nextHref: string | null; previousHref: string | null }) {
  const router = useRouter();
  const current = useRef(-1);
  useEffect(() => {
    current.current = -1;
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || typingInField(event.target)) return;
      // The steps shown: the reading controls may have hidden some kinds.
      const steps = Array.from(document.querySelectorAll<HTMLElement>("[data-step]")).filter((step) => step.getClientRects().length > 0);
      const move = (delta: number) => {
        if (steps.length === 0) return;
        steps[current.current]?.classList.remove("step-focused");
        current.current = Math.min(steps.length - 1, Math.max(0, current.current + delta));
        const step = steps[current.current];
        step.classList.add("step-focused");
        step.focus({ preventScroll: true });
        step.scrollIntoView({ block: "center" });
      };
      switch (event.key) {
        case "j":
          event.preventDefault();
          move(1);
          break;
        case "k":
          event.preventDefault();
          move(-1);
          break;
        case "n":
          if (nextHref) router.push(nextHref);
          break;
        case "p":
          if (previousHref) router.push(previousHref);
          break;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router, nextHref, previousHref]);
  return null;
}
