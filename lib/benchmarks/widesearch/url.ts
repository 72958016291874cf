import {
  first,
  oneOf,
  queryString,
  verifiedOnly,
  type RawSearchParams,
} from "../../url/search-params";

export const WIDESEARCH_LANGUAGES = ["all", "en", "zh"] as const;
export type WideSearchLanguageFilter = (typeof WIDESEARCH_LANGUAGES)[number];

/** Sortable leaderboard columns: the keys of the stored aggregate. */
export const WIDESEARCH_SORTS = [
  "successAvg",
  "successPass",
  "rowF1Avg",
  "rowF1Max",
  "itemF1Avg",
  "itemF1Max",
  "rowPrecisionAvg",
  "rowRecallAvg",
  "itemPrecisionAvg",
  "itemRecallAvg",
  "searchCalls",
  "browseCalls",
  "runs",
  "model",
] as const;
export type WideSearchSort = (typeof WIDESEARCH_SORTS)[number];

export interface WideSearchLeaderboardState {
  lang: WideSearchLanguageFilter;
  sort: WideSearchSort;
  dir: "asc" | "desc";
  /** Only the rows that pass every submission rule (`verified=1`). */
  verified: boolean;
}

/**
 * English by default: every published run covers the 100 English tasks only, and a view
 * ranks only the submissions that cover its whole task set (all languages: 200 tasks).
 */
export const DEFAULT_WIDESEARCH_LEADERBOARD: WideSearchLeaderboardState = {
  lang: "en",
  sort: "successAvg",
  dir: "desc",
  verified: false,
};

export function parseWideSearchLeaderboardState(
  params: RawSearchParams,
): WideSearchLeaderboardState {
  const sort = oneOf(first(params, "sort"), WIDESEARCH_SORTS, DEFAULT_WIDESEARCH_LEADERBOARD.sort);
  return {
    lang: oneOf(first(params, "lang"), WIDESEARCH_LANGUAGES, DEFAULT_WIDESEARCH_LEADERBOARD.lang),
    sort,
    dir: oneOf(first(params, "dir"), ["asc", "desc"] as const, sort === "model" ? "asc" : "desc"),
    verified: verifiedOnly(params),
  };
}

export function wideSearchLeaderboardQuery(state: WideSearchLeaderboardState): string {
  return queryString([
    ["lang", state.lang, DEFAULT_WIDESEARCH_LEADERBOARD.lang],
    ["sort", state.sort, DEFAULT_WIDESEARCH_LEADERBOARD.sort],
    ["dir", state.dir, state.sort === "model" ? "asc" : "desc"],
    ["verified", state.verified ? "1" : null, null],
  ]);
}

export function splitOfLanguage(lang: WideSearchLanguageFilter): string {
  return lang === "all" ? "overall" : `lang:${lang}`;
}
