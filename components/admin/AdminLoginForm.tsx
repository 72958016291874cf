"use client";
import { useActionState } from "react";
import { login } from "@/server/admin-actions";

export function AdminLoginForm() {
  const [state, action, pending] = useActionState(login, null);
  return (
    <form
      action={action}
      className="max-w-md space-y-3 rounded-lg border border-slate-200 bg-white p-5"
      data-testid="admin-login"
    >
      <h1 className="text-lg font-semibold">Admin</h1>
      <label className="block text-sm">
        <span className="text-slate-600">Admin token (SEEKBOARD_ADMIN_TOKEN)</span>
        <input
          name="token"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
        />
      </label>
      {state && !state.ok ? (
        <p
          role="alert"
          className="text-sm text-rose-700"
          data-retry-after={state.retryAfterSeconds}
        >
          {state.error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        {pending ? "Logging in…" : "Log in"}
      </button>
    </form>
  );
}
