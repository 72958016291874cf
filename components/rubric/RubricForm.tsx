"use client";
import { useActionState, useState } from "react";
import { MAX_FILTER_LENGTH } from "@/lib/filter/parse";
import { MAX_RUBRIC_CHARS } from "@/lib/rubric/prompt";
import { rubricAction } from "@/server/rubric-actions";

const INPUT = "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 text-sm";

/**
 * A rubric search's form: the rubric, the scope, a filter; "Preview" says how many runs and
 * about how many tokens before "Start" queues the job. `parent` set: it refines that job's
 * matches (the scope is fixed).
 */
export function RubricForm({
  benchmarks,
  parent = null,
}: {
  benchmarks: readonly { id: string; name: string }[];
  parent?: number | null;
}) {
  const [state, action, pending] = useActionState(rubricAction, null);
  const [scope, setScope] = useState(parent === null ? "submissions" : "matches");
  // Controlled: React resets a form's own values after its action, and Start sends what was previewed.
  const [fields, setFields] = useState({
    rubric: "",
    submissions: "",
    benchmark: benchmarks[0]?.id ?? "",
    version: "",
    filter: "",
  });
  // A change after the preview hides Start until the scope is previewed again.
  const [previewed, setPreviewed] = useState(false);
  const bind = (name: keyof typeof fields) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => {
      setFields({ ...fields, [name]: e.target.value });
      setPreviewed(false);
    },
  });
  return (
    <form action={action} className="space-y-3" data-testid="rubric-form">
      <label className="block text-sm">
        <span className="text-slate-600">
          Rubric: what a run must show to match, in plain words
        </span>
        <textarea
          {...bind("rubric")}
          required
          rows={3}
          maxLength={MAX_RUBRIC_CHARS}
          placeholder="the agent found the right page but misread it"
          className={INPUT}
        />
      </label>
      {parent === null ? (
        <fieldset className="flex flex-wrap items-end gap-3 text-sm">
          <label>
            <span className="block text-slate-600">Scope</span>
            <select
              name="scope"
              value={scope}
              onChange={(e) => {
                setScope(e.target.value);
                setPreviewed(false);
              }}
              className={INPUT}
            >
              <option value="submissions">submissions by id</option>
              <option value="version">a benchmark version</option>
            </select>
          </label>
          {scope === "submissions" ? (
            <label>
              <span className="block text-slate-600">Submission ids</span>
              <input {...bind("submissions")} placeholder="12, 14" className={INPUT} />
            </label>
          ) : (
            <>
              <label>
                <span className="block text-slate-600">Benchmark</span>
                <select {...bind("benchmark")} className={INPUT}>
                  {benchmarks.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span className="block text-slate-600">Version</span>
                <input {...bind("version")} className={INPUT} />
              </label>
            </>
          )}
        </fieldset>
      ) : (
        <>
          <input type="hidden" name="scope" value="matches" />
          <input type="hidden" name="parent" value={parent} />
        </>
      )}
      <label className="block text-sm">
        <span className="text-slate-600">
          Filter (the board&apos;s filter language, optional), e.g. verdict:incorrect calls&gt;=20
        </span>
        <input {...bind("filter")} maxLength={MAX_FILTER_LENGTH} className={INPUT} />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="submit"
          name="intent"
          value="preview"
          disabled={pending}
          onClick={() => setPreviewed(true)}
          className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50"
        >
          Preview
        </button>
        {state?.ok && previewed ? (
          <button
            type="submit"
            name="intent"
            value="start"
            disabled={pending}
            className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
          >
            Start
          </button>
        ) : null}
      </div>
      {state?.ok && previewed ? (
        <p className="text-sm text-slate-700" data-testid="rubric-preview" data-runs={state.runs}>
          {state.runs.toLocaleString("en")} runs · about{" "}
          {state.estimatedTokens.toLocaleString("en")} tokens for {state.model} (an estimate from a
          sample of the runs)
        </p>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="text-sm text-rose-700">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
