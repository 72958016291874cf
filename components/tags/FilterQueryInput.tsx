import { HINTS } from "@/lib/hints/hints";
import { FIELD_NAMES, parseFilter } from "@/lib/filter/parse";

/**
 * The filter-language box of a sample filter form (a GET form: the query lands in `f=`).
 * A query that does not parse is shown with its error, and selects no sample. `example`, the
 * placeholder, is the benchmark's own (its registry module's `filterExample`).
 */
export function FilterQueryInput({ value, example }: { value: string; example: string }) {
  const parsed = parseFilter(value);
  return (
    <div className="flex basis-full flex-col gap-1">
      <label className="flex flex-col text-xs text-slate-500">
        Filter query
        <input
          name="f"
          type="search"
          defaultValue={value}
          placeholder={example}
          aria-invalid={!parsed.ok}
          spellCheck={false}
          className={`rounded border bg-white px-2 py-1 font-mono text-sm ${parsed.ok ? "border-slate-300" : "border-rose-400"}`}
          data-testid="filter-query"
        />
      </label>
      {parsed.ok ? null : (
        <p
          role="alert"
          className="rounded border border-rose-200 bg-rose-50 px-2 py-1 text-sm text-rose-800"
          data-testid="filter-error"
        >
          Filter query error, no sample shown — {parsed.error.message}
        </p>
      )}
      <details className="text-xs text-slate-500">
        <summary className="cursor-pointer">Query syntax</summary>
        <p className="mt-1">
          Terms separated by spaces, all of which must hold: <code>field:value</code>, numbers with{" "}
          <code>&lt; &lt;= &gt; &gt;= =</code>, <code>&quot;quoted phrases&quot;</code>, bare words
          (searched in the task id, question, prediction and gold answer), and <code>-</code> before
          a term to negate it. Fields: {FIELD_NAMES.join(", ")}. Hints:{" "}
          {HINTS.map((h) => `${h.id} (${h.label})`).join(", ")}.
        </p>
      </details>
    </div>
  );
}
