import Link from "next/link";
import { FilterQueryInput } from "@/components/tags/FilterQueryInput";
import { TIER_FILTERS, VERDICT_FILTERS, type SampleFilters } from "@/lib/url/samples";

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/** A plain GET form: submitting it puts the filters in the URL, so every view can be shared. */
export function SampleFilterForm({ action, filters, statuses, categories }: { action: string; filters: SampleFilters; statuses: string[]; categories: string[] }) {
  return (
    <form action={`${action}#samples`} method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="sample-filters">
      <label className="flex flex-col text-xs text-slate-500">
        Verdict
        <select name="verdict" defaultValue={filters.verdict} className={field}>
          {VERDICT_FILTERS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-500">
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={field}>
          <option value="">any</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-500">
        Tier
        <select name="tier" defaultValue={filters.tier} className={field}>
          {TIER_FILTERS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-500">
        Category
        <select name="category" defaultValue={filters.category ?? ""} className={field}>
          <option value="">any</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-500">
        FCR from
        <input name="fcrMin" type="number" min={0} max={1} step={0.05} defaultValue={filters.fcrMin ?? ""} className={`${field} w-20`} />
      </label>
      <label className="flex flex-col text-xs text-slate-500">
        FCR to
        <input name="fcrMax" type="number" min={0} max={1} step={0.05} defaultValue={filters.fcrMax ?? ""} className={`${field} w-20`} />
      </label>
      <label className="flex flex-col text-xs text-slate-500">
        Min calls
        <input name="minCalls" type="number" min={1} step={1} defaultValue={filters.minCalls ?? ""} className={`${field} w-20`} />
      </label>
      <label className="flex items-center gap-1 self-center text-xs text-slate-600" title="finished or max_turns_reached, at least one tool call, a task with facts: the cohort of the tool-call plots">
        <input name="cohort" type="checkbox" value="1" defaultChecked={filters.cohort} />
        plot cohort only
      </label>
      <label className="flex flex-1 flex-col text-xs text-slate-500">
        Text (task id, question, prediction, gold)
        <input name="q" type="search" defaultValue={filters.q} className={`${field} min-w-48`} />
      </label>
      <FilterQueryInput value={filters.f} />
      <button type="submit" className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
        Filter
      </button>
      <Link href={`${action}#samples`} className="py-1.5 text-sm text-slate-600 hover:underline">
        Clear
      </Link>
    </form>
  );
}
