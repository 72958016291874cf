import { first, fraction, oneOf, positiveInt, queryString, type RawSearchParams } from "./search-params";

export const VERDICT_FILTERS = ["all", "correct", "incorrect"] as const;
export type VerdictFilter = (typeof VERDICT_FILTERS)[number];
export const TIER_FILTERS = ["all", "easy", "medium", "hard"] as const;
export type TierFilter = (typeof TIER_FILTERS)[number];

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
    minCalls: first(params, "minCalls") === undefined ? null : positiveInt(first(params, "minCalls"), 1),
    cohort: first(params, "cohort") === "1",
    q: (first(params, "q") ?? "").trim().slice(0, MAX_TEXT),
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
    ["page", filters.page, 1],
  ]);
}
