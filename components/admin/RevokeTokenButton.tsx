"use client";
import { useActionState } from "react";
import { revokeToken } from "@/server/admin-actions";

export function RevokeTokenButton({ id, team }: { id: number; team: string }) {
  const [state, action, pending] = useActionState(revokeToken, null);
  return (
    <form action={action} className="inline-flex items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`Revoke the token of ${team}`}
        className="rounded px-2 py-0.5 text-xs text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50 disabled:opacity-50"
      >
        Revoke
      </button>
      {state && !state.ok ? <span className="text-xs text-rose-700">{state.error}</span> : null}
    </form>
  );
}
