import { MPW_SETTINGS, type MpwSetting } from "../benchmarks/mpw/manifest";
import { first, oneOf, queryString, verifiedOnly, type RawSearchParams } from "./search-params";

export const LEADERBOARD_TIERS = ["overall", "easy", "medium", "hard"] as const;
export type LeaderboardTier = (typeof LEADERBOARD_TIERS)[number];

export const LEADERBOARD_SORTS = ["pass1", "fcr", "hitRate", "toolCalls", "n", "model"] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export type SortDirection = "asc" | "desc";

export interface LeaderboardState {
  setting: MpwSetting;
  tier: LeaderboardTier;
  sort: LeaderboardSort;
  dir: SortDirection;
  /** Only the rows that pass every submission rule (`verified=1`). */
  verified: boolean;
}

/** Setting C (end to end) is the paper's default configuration. */
export const DEFAULT_LEADERBOARD: LeaderboardState = {
  setting: "C",
  tier: "overall",
  sort: "pass1",
  dir: "desc",
  verified: false,
};

export function parseLeaderboardState(params: RawSearchParams): LeaderboardState {
  const sort = oneOf(first(params, "sort"), LEADERBOARD_SORTS, DEFAULT_LEADERBOARD.sort);
  const defaultDir: SortDirection = sort === "model" ? "asc" : "desc";
  return {
    setting: oneOf(first(params, "setting"), MPW_SETTINGS, DEFAULT_LEADERBOARD.setting),
    tier: oneOf(first(params, "tier"), LEADERBOARD_TIERS, DEFAULT_LEADERBOARD.tier),
    sort,
    dir: oneOf(first(params, "dir"), ["asc", "desc"] as const, defaultDir),
    verified: verifiedOnly(params),
  };
}

export function leaderboardQuery(state: LeaderboardState): string {
  const defaultDir = state.sort === "model" ? "asc" : "desc";
  return queryString([
    ["setting", state.setting, DEFAULT_LEADERBOARD.setting],
    ["tier", state.tier, DEFAULT_LEADERBOARD.tier],
    ["sort", state.sort, DEFAULT_LEADERBOARD.sort],
    ["dir", state.dir, defaultDir],
    ["verified", state.verified ? "1" : null, null],
  ]);
}

/** The split key aggregates are stored under for a tier choice. */
export function splitOfTier(tier: LeaderboardTier): string {
  return tier === "overall" ? "overall" : `tier:${tier}`;
}
