import { first, fraction, oneOf, positiveInt, queryString, type RawSearchParams } from "./search-params";

export const VERDICT_FILTERS = ["all", "correct", "incorrect"] as const;
export type VerdictFilter = (typeof VERDICT_FILTERS)[number];
export const TIER_FILTERS = ["all", "easy", "medium", "hard"] as const;
type TierFilter = (typeof TIER_FILTERS)[number];

export const SAMPLE_PAGE_SIZE = 50;

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
    minCalls: (first(params, "minCalls") ?? "").trim() === "" ? null : positiveInt(first(params, "minCalls"), 1),
    cohort: first(params, "cohort") === "1",
    q: (first(params, "q") ?? "").trim().slice(0, MAX_TEXT),
    // Not cut to a length: a query over the limit is reported as an error, not silently changed.
    f: (first(params, "f") ?? "").trim(),
    page: positiveInt(first(params, "page"), 1),
  };
}

export function sampleFiltersQuery(filters: SampleFilters): string {
  return queryString([
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
    ["page", filters.page, 1],
  ]);
}

/** The submission page's samples filtered by a filter-language query alone. */
export function sampleQueryHref(submissionId: number, query: string): string {
  return `/s/${submissionId}${sampleFiltersQuery({ ...DEFAULT_SAMPLE_FILTERS, f: query })}#samples`;
}

/** One sample's page; run 0 (the only run of most tasks) needs no parameter. */
export function sampleHref(submissionId: number, taskKey: string, run: number): string {
  return `/s/${submissionId}/t/${encodeURIComponent(taskKey)}${run > 0 ? `?run=${run}` : ""}`;
}
