"use client";

/** The step kinds a reader can fold away, in the steps' own words. */
export const FOLDABLE = [
  { kind: "thought", label: "Thoughts" },
  { kind: "tool_result", label: "Tool results" },
  { kind: "other", label: "System and other messages" },
] as const;

export type Foldable = (typeof FOLDABLE)[number]["kind"];

export function isFoldable(kind: string): kind is Foldable {
  return FOLDABLE.some((f) => f.kind === kind);
}

/**
 * Reading controls over a trajectory's steps: hide thoughts, tool results or the other
 * messages, or read the calls only (with the final answer). The steps stay in the page:
 * a style rule on `data-hidden-kinds` hides them (globals.css), so nothing re-renders.
 */
export function StepFilter({
  hidden,
  onChange,
}: {
  hidden: ReadonlySet<Foldable>;
  onChange: (hidden: ReadonlySet<Foldable>) => void;
}) {
  const callsOnly = FOLDABLE.every((f) => hidden.has(f.kind));
  const toggle = (kind: Foldable) => {
    const next = new Set(hidden);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    onChange(next);
  };
  const button = "rounded-full px-3 py-1 text-sm ring-1 ring-inset";
  const tone = (pressed: boolean) =>
    pressed
      ? "bg-indigo-600 text-white ring-indigo-600"
      : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-100";
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label="Show or hide steps by kind"
    >
      <button
        type="button"
        className={`${button} ${tone(callsOnly)}`}
        aria-pressed={callsOnly}
        onClick={() => onChange(callsOnly ? new Set() : new Set(FOLDABLE.map((f) => f.kind)))}
        data-testid="calls-only"
      >
        Calls only
      </button>
      {FOLDABLE.map((f) => (
        <button
          key={f.kind}
          type="button"
          className={`${button} ${tone(!hidden.has(f.kind))}`}
          aria-pressed={!hidden.has(f.kind)}
          onClick={() => toggle(f.kind)}
          data-testid={`show-${f.kind}`}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}
