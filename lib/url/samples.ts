import {
  first,
  fraction,
  oneOf,
  positiveInt,
  queryString,
  type RawSearchParams,
} from "./search-params";

export const VERDICT_FILTERS = ["all", "correct", "incorrect"] as const;
export type VerdictFilter = (typeof VERDICT_FILTERS)[number];
export const TIER_FILTERS = ["all", "easy", "medium", "hard"] as const;
type TierFilter = (typeof TIER_FILTERS)[number];

export const SAMPLE_PAGE_SIZE = 50;

/**
 * What a sample table can be ordered by (`sort=<key>`, `sort=-<key>` for descending):
 * a sample's own field, its flags (hints and tags, counted), or `metric.<name>`, a figure
 * of the benchmark's stored per-sample metrics (WideSearch's `metric.rowF1`). Without
 * `sort` the samples come in sample order (as the bundle listed them).
 */
export const SAMPLE_SORT_KEYS = [
  "task",
  "question",
  "prediction",
  "verdict",
  "status",
  "tier",
  "category",
  "fcr",
  "calls",
  "hitrate",
  "facts",
  "flags",
] as const;
export type SampleFieldSortKey = (typeof SAMPLE_SORT_KEYS)[number];
export type SampleSortKey = SampleFieldSortKey | `metric.${string}`;
const METRIC_SORT = /^metric\.[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function isSampleSortKey(key: string): key is SampleSortKey {
  return (SAMPLE_SORT_KEYS as readonly string[]).includes(key) || METRIC_SORT.test(key);
}
export interface SampleSort {
  key: SampleSortKey;
  descending: boolean;
}

/** `fcr` → ascending FCR, `-fcr` → descending; anything else is no sort (sample order). */
export function parseSampleSort(raw: string | undefined): SampleSort | null {
  if (!raw) return null;
  const descending = raw.startsWith("-");
  const key = descending ? raw.slice(1) : raw;
  return isSampleSortKey(key) ? { key, descending } : null;
}

export function sampleSortParam(sort: SampleSort | null): string | null {
  return sort ? `${sort.descending ? "-" : ""}${sort.key}` : null;
}

/** A header's next sort: ascending first, then descending, then ascending again. */
export function nextSampleSort(current: SampleSort | null, key: SampleSortKey): SampleSort {
  return { key, descending: current?.key === key && !current.descending };
}

export interface SampleFilters {
  verdict: VerdictFilter;
  /** A termination status, verbatim, or null for any. */
  status: string | null;
  tier: TierFilter;
  category: string | null;
  fcrMin: number | null;
  fcrMax: number | null;
  /** Only samples with at least this many tool calls. */
  minCalls: number | null;
  /** Only samples eligible for the tool-call cohort plots (see `isCohortEligible`). */
  cohort: boolean;
  /** Text searched in the task id, question, prediction and gold answer. */
  q: string;
  /** A query in the filter language (lib/filter/parse.ts), ANDed with the fields above; kept verbatim. */
  f: string;
  sort: SampleSort | null;
  page: number;
}

export const DEFAULT_SAMPLE_FILTERS: SampleFilters = {
  verdict: "all",
  status: null,
  tier: "all",
  category: null,
  fcrMin: null,
  fcrMax: null,
  minCalls: null,
  cohort: false,
  q: "",
  f: "",
  sort: null,
  page: 1,
};

const MAX_TEXT = 200;

export function parseSampleFilters(params: RawSearchParams): SampleFilters {
  const status = first(params, "status")?.trim();
  const category = first(params, "category")?.trim();
  return {
    verdict: oneOf(first(params, "verdict"), VERDICT_FILTERS, "all"),
    status: status ? status.slice(0, MAX_TEXT) : null,
    tier: oneOf(first(params, "tier"), TIER_FILTERS, "all"),
    category: category ? category.slice(0, MAX_TEXT) : null,
    fcrMin: fraction(first(params, "fcrMin")),
    fcrMax: fraction(first(params, "fcrMax")),
    // The form submits an empty field as `minCalls=`: that is no minimum, not a minimum of 1.
    minCalls:
      (first(params, "minCalls") ?? "").trim() === ""
        ? null
        : positiveInt(first(params, "minCalls"), 1),
    cohort: first(params, "cohort") === "1",
    q: (first(params, "q") ?? "").trim().slice(0, MAX_TEXT),
    // Not cut to a length: a query over the limit is reported as an error, not silently changed.
    f: (first(params, "f") ?? "").trim(),
    sort: parseSampleSort(first(params, "sort")),
    page: positiveInt(first(params, "page"), 1),
  };
}

export function sampleFiltersQuery(filters: SampleFilters): string {
  return queryString(sampleFilterEntries(filters));
}

function sampleFilterEntries(
  filters: SampleFilters,
): [string, string | number | null, string | number | null][] {
  return [
    ["verdict", filters.verdict, "all"],
    ["status", filters.status, null],
    ["tier", filters.tier, "all"],
    ["category", filters.category, null],
    ["fcrMin", filters.fcrMin, null],
    ["fcrMax", filters.fcrMax, null],
    ["minCalls", filters.minCalls, null],
    ["cohort", filters.cohort ? 1 : null, null],
    ["q", filters.q, ""],
    ["f", filters.f, ""],
    ["sort", sampleSortParam(filters.sort), null],
    ["page", filters.page, 1],
  ];
}

/** The submission page's samples filtered by a filter-language query alone. */
export function sampleQueryHref(submissionId: number, query: string): string {
  return `/s/${submissionId}${sampleFiltersQuery({ ...DEFAULT_SAMPLE_FILTERS, f: query })}#samples`;
}

/**
 * The list a sample page was opened from travels in its address: `list=1` and the list's
 * own parameters (the ones above, without `page`), so previous/next walk that list and a
 * link leads back to it. A sample address without `list=1` has no list context.
 */
export const LIST_CONTEXT_PARAM = "list";

/** The sample-list state a sample page carries, or null when it was not opened from a list. */
export function parseListContext(params: RawSearchParams): SampleFilters | null {
  if (first(params, LIST_CONTEXT_PARAM) !== "1") return null;
  return { ...parseSampleFilters(params), page: 1 };
}

/** One sample's page; run 0 (the only run of most tasks) needs no parameter. With `list`, the list it is opened from comes along. */
export function sampleHref(
  submissionId: number,
  taskKey: string,
  run: number,
  list: SampleFilters | null = null,
): string {
  const entries: [string, string | number | null, string | number | null][] = [["run", run, 0]];
  if (list)
    entries.push([LIST_CONTEXT_PARAM, 1, null], ...sampleFilterEntries({ ...list, page: 1 }));
  return `/s/${submissionId}/t/${encodeURIComponent(taskKey)}${queryString(entries)}`;
}

/** The list page holding the `index`-th (1-based) sample of a list, scrolled to the samples. */
export function sampleListHref(
  submissionId: number,
  list: SampleFilters,
  index: number | null = null,
): string {
  const page = index === null ? 1 : Math.max(1, Math.ceil(index / SAMPLE_PAGE_SIZE));
  return `/s/${submissionId}${sampleFiltersQuery({ ...list, page })}#samples`;
}
