/**
 * Moving around a trajectory page in the browser: to a step, to a call (on another page of a
 * long trajectory if need be), and asking a step to open its body. Shared by the call
 * timeline, the keys and the transcript search.
 */

/** Dispatched on a step's `li[data-step]` to open its body (the body loader listens). */
export const OPEN_STEP_EVENT = "seekboard:open-step";
/** Dispatched by the body loader on its step once the body is in the page. */
export const STEP_OPENED_EVENT = "seekboard:step-opened";

/** Marks a step as the reader's place, scrolls it below the sticky timeline (its CSS scroll margin) and focuses it. */
export function showStep(step: HTMLElement): void {
  for (const other of document.querySelectorAll(".step-focused"))
    other.classList.remove("step-focused");
  step.classList.add("step-focused");
  step.scrollIntoView({ block: "start" });
  step.focus({ preventScroll: true });
}

/** The step the reader is at: the focused one, else the first whose bottom is below the timeline. */
export function currentStep(): HTMLElement | null {
  const focused = document.querySelector<HTMLElement>("li[data-step].step-focused");
  if (focused && focused.getClientRects().length > 0) return focused;
  const top = document.querySelector("[data-call-timeline]")?.getBoundingClientRect().bottom ?? 0;
  return (
    Array.from(document.querySelectorAll<HTMLElement>("li[data-step]")).find(
      (li) => li.getClientRects().length > 0 && li.getBoundingClientRect().bottom > top,
    ) ?? null
  );
}

/** This address with another page of steps and a fragment, keeping every other parameter. */
export function stepPageHref(
  page: number,
  fragment: string,
  extra: Record<string, string> = {},
): string {
  const url = new URL(window.location.href);
  if (page === 1) url.searchParams.delete("steps");
  else url.searchParams.set("steps", String(page));
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  url.hash = fragment;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Goes to call `call`: on this page, scrolls to its step (the address's fragment replaced,
 * not pushed: thirty jumps are not thirty steps back); on another, opens that page at it.
 */
export function goToCall(
  call: number,
  callPages: readonly number[] | null,
  navigate: (href: string) => void,
): void {
  const step = document.getElementById(`call-${call}`);
  if (step) {
    showStep(step);
    window.history.replaceState(window.history.state, "", `#call-${call}`);
    return;
  }
  const page = callPages?.[call - 1];
  if (page !== undefined) navigate(stepPageHref(page, `call-${call}`));
}
