"use client";
import { useActionState } from "react";
import { issueToken } from "@/server/admin-actions";

/** Issues a team's upload token and shows it this once: only its hash is kept. */
export function IssueTokenForm() {
  const [state, action, pending] = useActionState(issueToken, null);
  return (
    <div className="space-y-3">
      <form action={action} className="flex flex-wrap items-end gap-2" data-testid="issue-token">
        <label className="text-sm">
          <span className="block text-slate-600">Team</span>
          <input
            name="team"
            required
            maxLength={80}
            className="mt-1 w-64 rounded border border-slate-300 px-2 py-1.5 text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          Issue token
        </button>
      </form>
      {state && !state.ok ? (
        <p role="alert" className="text-sm text-rose-700">
          {state.error}
        </p>
      ) : null}
      {state?.ok ? (
        <div
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm"
          data-testid="issued-token"
        >
          <p>
            Upload token for <strong>{state.team}</strong> — copy it now, it is not shown again:
          </p>
          <code
            className="mt-1 block break-all rounded bg-white px-2 py-1 font-mono text-xs"
            data-testid="issued-token-value"
          >
            {state.token}
          </code>
        </div>
      ) : null}
    </div>
  );
}
