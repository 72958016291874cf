"use client";

import { useEffect, useRef, useState } from "react";
import { stepAnswerSchema } from "@/lib/trajectory/step-schema";
import type { Step } from "@/lib/trajectory/steps";
import { OPEN_STEP_EVENT, STEP_OPENED_EVENT } from "./navigate";
import { StepBody } from "./StepViews";

type State =
  | { status: "closed" }
  | { status: "loading" }
  | { status: "open"; step: Step }
  | { status: "failed"; message: string };

/** One request per step, kept while the page lives: closing and reopening reads nothing again. */
const loaded = new Map<string, Promise<Step>>();

function loadStep(url: string): Promise<Step> {
  let step = loaded.get(url);
  if (!step) {
    step = fetch(url, { credentials: "same-origin" }).then(async (response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return stepAnswerSchema.parse(await response.json()).step;
    });
    step.catch(() => loaded.delete(url));
    loaded.set(url, step);
  }
  return step;
}

/**
 * A step's body, read from the step API when the reader opens it (or when the search or a
 * key asks its step to, with `OPEN_STEP_EVENT`): the page sends rows only, so a 500-call
 * trajectory with megabyte tool outputs stays a light page.
 */
export function StepBodyLoader({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<State>({ status: "closed" });
  const root = useRef<HTMLDivElement>(null);
  const opened = state.status === "open";

  useEffect(() => {
    const step = root.current?.closest<HTMLElement>("li[data-step]");
    if (!step) return;
    const open = () => {
      setState((current) =>
        current.status === "open" || current.status === "loading" ? current : { status: "loading" },
      );
      loadStep(url).then(
        (data) => setState({ status: "open", step: data }),
        (error: unknown) =>
          setState({
            status: "failed",
            message: error instanceof Error ? error.message : String(error),
          }),
      );
    };
    step.addEventListener(OPEN_STEP_EVENT, open);
    return () => step.removeEventListener(OPEN_STEP_EVENT, open);
  }, [url]);

  useEffect(() => {
    if (opened)
      root.current
        ?.closest("li[data-step]")
        ?.dispatchEvent(new CustomEvent(STEP_OPENED_EVENT, { bubbles: true }));
  }, [opened]);

  const toggle = () => {
    if (opened) setState({ status: "closed" });
    else root.current?.closest("li[data-step]")?.dispatchEvent(new CustomEvent(OPEN_STEP_EVENT));
  };

  return (
    <div ref={root} className="step-body">
      <button
        type="button"
        className="step-toggle"
        aria-expanded={opened}
        aria-busy={state.status === "loading" || undefined}
        onClick={toggle}
        data-testid="open-step"
      >
        {opened ? "Hide" : state.status === "loading" ? "Loading…" : `Show ${label}`}
      </button>
      {state.status === "open" ? <StepBody step={state.step} /> : null}
      {state.status === "failed" ? (
        <p className="mt-1 text-xs text-rose-700" role="alert">
          Could not load this step: {state.message}
        </p>
      ) : null}
    </div>
  );
}
