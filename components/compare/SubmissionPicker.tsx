import type { CompareSubmission } from "@/db/queries/compare";
import { percent } from "@/lib/format";

/**
 * Choose a benchmark, then two or more of its submissions. Plain GET forms: the choice
 * becomes the URL (`/compare?b=mpw`, then `/compare?s=3&s=7`), so it works without script.
 */
export function SubmissionPicker({
  benchmarks,
  benchmark,
  submissions,
  checked,
  metric,
}: {
  benchmarks: { id: string; name: string }[];
  benchmark: string;
  submissions: CompareSubmission[];
  checked: readonly number[];
  metric: string;
}) {
  const versions = [...new Set(submissions.map((s) => s.benchmarkVersion))];
  return (
    <div className="space-y-3" data-testid="compare-picker">
      <form action="/compare" method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">
            Benchmark
          </span>
          <select
            name="b"
            defaultValue={benchmark}
            className="mt-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm"
            data-testid="picker-benchmark"
          >
            {benchmarks.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded bg-white px-3 py-1 text-sm ring-1 ring-slate-300 hover:bg-slate-100"
        >
          List its submissions
        </button>
      </form>
      {submissions.length === 0 ? (
        <p className="text-sm text-slate-600">No submissions of this benchmark that you may see.</p>
      ) : (
        <form action="/compare" method="get" className="space-y-3">
          {versions.map((version) => (
            <fieldset key={version} className="rounded border border-slate-200 p-3">
              <legend className="px-1 text-xs font-medium uppercase tracking-wide text-slate-500">
                version {version}
              </legend>
              <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
                {submissions
                  .filter((s) => s.benchmarkVersion === version)
                  .map((s) => (
                    <li key={s.id}>
                      <label className="flex items-baseline gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="s"
                          value={s.id}
                          defaultChecked={checked.includes(s.id)}
                          data-testid="picker-submission"
                          data-id={s.id}
                        />
                        <span className="min-w-0">
                          <span className="font-medium">{s.model}</span>{" "}
                          <span className="text-slate-500">· {s.setting}</span>
                          {s.status !== "approved" ? (
                            <span className="text-amber-700"> · {s.status}</span>
                          ) : null}
                          <span className="text-xs text-slate-500">
                            {" "}
                            #{s.id} · {metric} {percent(s.primary)}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
              </ul>
            </fieldset>
          ))}
          <button
            type="submit"
            className="rounded bg-indigo-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-700"
            data-testid="picker-compare"
          >
            Compare the checked submissions
          </button>
          <p className="text-xs text-slate-500">
            Check two or more; the first one checked (in list order) is the baseline, which you can
            change afterwards.
          </p>
        </form>
      )}
    </div>
  );
}
