/**
 * The MPW-Bench leaderboard: its figures live in the aggregates table's own columns (one
 * row per setting × tier), read by its own query; the columns here are its sort keys.
 */
import { MPW_SETTINGS } from "./manifest";
import { count, number, rate, type BoardColumn, type OwnBoard } from "../board";
import { LEADERBOARD_TIERS, type LeaderboardSort } from "../../url/leaderboard";

export const mpwBoard = {
  format: "mpw",
  columns: [
    rate("pass1", "Pass@1", "Share of samples the judge marked correct"),
    rate("fcr", "FCR", "Fact Coverage Rate: unique atomic facts hit / facts of the task"),
    rate("hitRate", "HitRate", "Tool calls that hit an atomic fact / tool calls"),
    number("toolCalls", "ToolCalls", "Mean web_search calls per sample"),
    count("n", "n", "Samples in this split"),
  ] satisfies readonly BoardColumn<Exclude<LeaderboardSort, "model">>[],
  primary: "pass1",
  ciOver: "samples",
  params: { setting: MPW_SETTINGS, tier: LEADERBOARD_TIERS },
  // The analysis page's own state (lib/url/analysis.ts), not the leaderboard's setting and tier.
  diagnosticsParams: {
    cohortSetting: { values: MPW_SETTINGS },
    pool: { values: MPW_SETTINGS, list: true },
  },
} as const satisfies OwnBoard<"mpw">;
