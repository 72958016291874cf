"use client";

import { forwardRef } from "react";

/** Every key of the trajectory page, as the `?` overlay lists them. */
export const TRAJECTORY_KEYS: readonly { keys: string[]; does: string }[] = [
  { keys: ["j", "k"], does: "next / previous step shown" },
  { keys: ["c", "C"], does: "next / previous tool call" },
  {
    keys: ["m", "M"],
    does: "next / previous call that gained nothing (a miss, a repeated query, an error)",
  },
  { keys: ["l"], does: "the last call that gained something (MPW: the last new fact)" },
  { keys: ["/"], does: "search this transcript" },
  {
    keys: ["n", "N"],
    does: "next / previous match of the search (Esc in the search box leaves it)",
  },
  {
    keys: ["n", "p"],
    does: "without a search: next / previous sample (of the list you came from, else the failed ones)",
  },
  { keys: ["?"], does: "this list" },
];

/** The `?` overlay: a modal dialog (Esc or the button closes it) listing every key. */
export const KeyHelp = forwardRef<HTMLDialogElement>(function KeyHelp(_, ref) {
  return (
    <dialog
      ref={ref}
      aria-labelledby="key-help-title"
      className="m-auto max-w-lg rounded-lg border border-slate-300 p-5 shadow-xl backdrop:bg-slate-900/40"
      data-testid="key-help"
    >
      <h2 id="key-help-title" className="text-lg font-semibold">
        Keys on this page
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The arrow keys, Page Up/Down and Space scroll as usual.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {TRAJECTORY_KEYS.map((entry) => (
          <div key={entry.does} className="contents">
            <dt className="whitespace-nowrap">
              {entry.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 ? " / " : null}
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd className="text-slate-700">{entry.does}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-4 text-right">
        <button className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
          Close
        </button>
      </form>
    </dialog>
  );
});
