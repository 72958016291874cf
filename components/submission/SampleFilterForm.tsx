import Link from "next/link";
import { FilterQueryInput } from "@/components/tags/FilterQueryInput";
import { assertNever } from "@/lib/assert-never";
import {
  TIER_FILTERS,
  VERDICT_FILTERS,
  type SampleFilters,
  type VerdictFilter,
} from "@/lib/url/samples";

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";
const labelClass = "flex flex-col text-xs text-slate-500";

/** One control of the filter form; each benchmark lists the ones its samples support, in order. */
export type SampleFilterField =
  | { kind: "verdict"; label: string; optionLabels?: Partial<Record<VerdictFilter, string>> }
  | { kind: "status" }
  | { kind: "tier" }
  | { kind: "category"; label: string }
  | { kind: "fcr" }
  | { kind: "minCalls" }
  | { kind: "cohort" }
  | { kind: "text"; label: string };

export interface SampleFacets {
  statuses: string[];
  categories: string[];
}

function AnySelect({
  name,
  value,
  options,
}: {
  name: string;
  value: string | null;
  options: string[];
}) {
  return (
    <select name={name} defaultValue={value ?? ""} className={field}>
      <option value="">any</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

function FilterField({
  spec,
  filters,
  facets,
}: {
  spec: SampleFilterField;
  filters: SampleFilters;
  facets: SampleFacets;
}) {
  switch (spec.kind) {
    case "verdict":
      return (
        <label className={labelClass}>
          {spec.label}
          <select name="verdict" defaultValue={filters.verdict} className={field}>
            {VERDICT_FILTERS.map((v) => (
              <option key={v} value={v}>
                {spec.optionLabels?.[v] ?? v}
              </option>
            ))}
          </select>
        </label>
      );
    case "status":
      return (
        <label className={labelClass}>
          Status
          <AnySelect name="status" value={filters.status} options={facets.statuses} />
        </label>
      );
    case "tier":
      return (
        <label className={labelClass}>
          Tier
          <select name="tier" defaultValue={filters.tier} className={field}>
            {TIER_FILTERS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      );
    case "category":
      return (
        <label className={labelClass}>
          {spec.label}
          <AnySelect name="category" value={filters.category} options={facets.categories} />
        </label>
      );
    case "fcr":
      return (
        <>
          <label className={labelClass}>
            FCR from
            <input
              name="fcrMin"
              type="number"
              min={0}
              max={1}
              step={0.05}
              defaultValue={filters.fcrMin ?? ""}
              className={`${field} w-20`}
            />
          </label>
          <label className={labelClass}>
            FCR to
            <input
              name="fcrMax"
              type="number"
              min={0}
              max={1}
              step={0.05}
              defaultValue={filters.fcrMax ?? ""}
              className={`${field} w-20`}
            />
          </label>
        </>
      );
    case "minCalls":
      return (
        <label className={labelClass}>
          Min calls
          <input
            name="minCalls"
            type="number"
            min={1}
            step={1}
            defaultValue={filters.minCalls ?? ""}
            className={`${field} w-20`}
          />
        </label>
      );
    case "cohort":
      return (
        <label
          className="flex items-center gap-1 self-center text-xs text-slate-600"
          title="finished or max_turns_reached, at least one tool call, a task with facts: the cohort of the tool-call plots"
        >
          <input name="cohort" type="checkbox" value="1" defaultChecked={filters.cohort} />
          plot cohort only
        </label>
      );
    case "text":
      return (
        <label className="flex flex-1 flex-col text-xs text-slate-500">
          {spec.label}
          <input name="q" type="search" defaultValue={filters.q} className={`${field} min-w-48`} />
        </label>
      );
    default:
      return assertNever(spec);
  }
}

/** A plain GET form: submitting it puts the filters in the URL, so every view can be shared. */
export function SampleFilterForm({
  action,
  filters,
  facets,
  fields,
  filterExample,
}: {
  action: string;
  filters: SampleFilters;
  facets: SampleFacets;
  fields: SampleFilterField[];
  filterExample: string;
}) {
  return (
    <form
      action={`${action}#samples`}
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="sample-filters"
    >
      {fields.map((spec) => (
        <FilterField key={spec.kind} spec={spec} filters={filters} facets={facets} />
      ))}
      <FilterQueryInput value={filters.f} example={filterExample} />
      <button
        type="submit"
        className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700"
      >
        Filter
      </button>
      <Link href={`${action}#samples`} className="py-1.5 text-sm text-slate-600 hover:underline">
        Clear
      </Link>
    </form>
  );
}
