"use client";
import { useActionState } from "react";
import { removeTaskSet } from "@/server/admin-actions";

/** Unregisters a version's task set; coverage then falls back to the largest approved submission. */
export function RemoveTaskSetButton({
  benchmark,
  version,
  label,
}: {
  benchmark: string;
  version: string;
  label: string;
}) {
  const [state, action, pending] = useActionState(removeTaskSet, null);
  return (
    <form action={action} className="inline-flex items-center gap-2">
      <input type="hidden" name="benchmark" value={benchmark} />
      <input type="hidden" name="version" value={version} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`Remove the task set of ${label}`}
        className="rounded px-2 py-0.5 text-xs text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50 disabled:opacity-50"
      >
        Remove
      </button>
      {state && !state.ok ? (
        <span role="alert" className="text-xs text-rose-700">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
