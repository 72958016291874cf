"use client";
import { useActionState } from "react";
import { moderate } from "@/server/admin-actions";

/** Approve, or reject with a reason the team will read; `current` hides the decision already taken. */
export function ModerationControls({
  id,
  current,
}: {
  id: number;
  current: "pending" | "approved" | "rejected";
}) {
  const [state, action, pending] = useActionState(moderate, null);
  return (
    <div className="space-y-1" data-testid={`moderation-${id}`}>
      <div className="flex flex-wrap items-center gap-2">
        {current !== "approved" ? (
          <form action={action}>
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="decision" value="approved" />
            <button
              type="submit"
              disabled={pending}
              className="rounded bg-emerald-700 px-2 py-1 text-xs font-medium text-white hover:bg-emerald-800 disabled:opacity-50"
            >
              Approve
            </button>
          </form>
        ) : null}
        {current !== "rejected" ? (
          <form action={action} className="flex items-center gap-1">
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="decision" value="rejected" />
            <input
              name="reason"
              required
              maxLength={2000}
              placeholder="reason"
              aria-label={`Reason to reject submission ${id}`}
              className="w-40 rounded border border-slate-300 px-1.5 py-0.5 text-xs"
            />
            <button
              type="submit"
              disabled={pending}
              className="rounded px-2 py-1 text-xs font-medium text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50 disabled:opacity-50"
            >
              Reject
            </button>
          </form>
        ) : null}
      </div>
      {state && !state.ok ? (
        <p role="alert" className="text-xs text-rose-700">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
