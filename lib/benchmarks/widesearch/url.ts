import { first, oneOf, queryString, type RawSearchParams } from "../../url/search-params";

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
}

export const DEFAULT_WIDESEARCH_LEADERBOARD: WideSearchLeaderboardState = { lang: "all", sort: "successAvg", dir: "desc" };

export function parseWideSearchLeaderboardState(params: RawSearchParams): WideSearchLeaderboardState {
  const sort = oneOf(first(params, "sort"), WIDESEARCH_SORTS, DEFAULT_WIDESEARCH_LEADERBOARD.sort);
  return {
    lang: oneOf(first(params, "lang"), WIDESEARCH_LANGUAGES, "all"),
    sort,
    dir: oneOf(first(params, "dir"), ["asc", "desc"] as const, sort === "model" ? "asc" : "desc"),
  };
}

export function wideSearchLeaderboardQuery(state: WideSearchLeaderboardState): string {
  return queryString([
    ["lang", state.lang, "all"],
    ["sort", state.sort, DEFAULT_WIDESEARCH_LEADERBOARD.sort],
    ["dir", state.dir, state.sort === "model" ? "asc" : "desc"],
  ]);
}

export function splitOfLanguage(lang: WideSearchLanguageFilter): string {
  return lang === "all" ? "overall" : `lang:${lang}`;
}
