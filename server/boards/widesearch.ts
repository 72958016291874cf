import "server-only";
import { getDb } from "@/db/client";
import { adjudicatedCounts } from "@/db/queries/audit";
import { getWideSearchLeaderboard, type WideSearchLeaderboardRow } from "@/db/queries/widesearch";
import {
  parseWideSearchLeaderboardState,
  type WideSearchLeaderboardState,
} from "@/lib/benchmarks/widesearch/url";
import type { BoardLoaders } from "./types";

export interface WideSearchDiagnosticsData {
  state: WideSearchLeaderboardState;
  rows: WideSearchLeaderboardRow[];
}

export interface WideSearchLeaderboardData extends WideSearchDiagnosticsData {
  /** Each row's adjudicated verdicts, by submission id. */
  adjudicated: Map<number, number>;
}

async function load(searchParams: Parameters<typeof parseWideSearchLeaderboardState>[0]) {
  const state = parseWideSearchLeaderboardState(searchParams);
  return { state, rows: await getWideSearchLeaderboard(await getDb(), state) };
}

export const wideSearchBoardLoaders: BoardLoaders<
  WideSearchLeaderboardData,
  WideSearchDiagnosticsData
> = {
  async leaderboard(searchParams) {
    const loaded = await load(searchParams);
    const adjudicated = await adjudicatedCounts(
      await getDb(),
      loaded.rows.map((row) => row.submissionId),
    );
    return { ...loaded, adjudicated };
  },
  diagnostics: load,
};
