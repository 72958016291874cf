"use client";
import { useActionState } from "react";
import { undoAction } from "@/server/reeval-actions";

export function UndoButton({ entryId }: { entryId: number }) {
  const [state, action, pending] = useActionState(undoAction, null);
  return (
    <form action={action} className="inline">
      <input type="hidden" name="entryId" value={entryId} />
      <button
        type="submit"
        disabled={pending}
        className="rounded px-2 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50 disabled:opacity-50"
        data-testid={`undo-${entryId}`}
      >
        Undo
      </button>
      {state && !state.ok ? (
        <span role="alert" className="ml-2 text-xs text-rose-700">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
