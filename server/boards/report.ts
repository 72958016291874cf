import "server-only";
import { getDb } from "@/db/client";
import { adjudicatedCounts } from "@/db/queries/audit";
import { boardSettings, getReportBoard, type ReportBoardData } from "@/db/queries/seekboard";
import type { ReportBoard } from "@/lib/benchmarks/board";
import { parseBoardState, type BoardState } from "@/lib/benchmarks/board-state";
import type { BenchmarkId } from "@/lib/benchmarks/info";
import type { RawSearchParams } from "@/lib/url/search-params";
import type { BoardLoaders } from "./types";

/** What both pages of a stored-report board show: the rows, the URL's state and the pickers' values. */
export interface ReportBoardLoaded<Report> extends ReportBoardData<Report> {
  state: BoardState;
  /** The state with the version as shown (an unknown version falls back to the newest). */
  resolved: BoardState;
  settings: string[];
}

/** The leaderboard also marks each row's adjudicated verdicts. */
export interface ReportLeaderboardData<Report> extends ReportBoardLoaded<Report> {
  adjudicated: Map<number, number>;
}

async function load<Report>(
  id: BenchmarkId,
  board: ReportBoard<Report>,
  searchParams: RawSearchParams,
): Promise<ReportBoardLoaded<Report>> {
  const db = await getDb();
  const state = parseBoardState(id, searchParams);
  const [data, settings] = await Promise.all([
    getReportBoard(db, id, board, state),
    board.settingFilter ? boardSettings(db, id) : Promise.resolve([]),
  ]);
  return {
    ...data,
    state,
    resolved: { ...state, version: state.version === null ? null : data.version },
    settings,
  };
}

/** The loaders of a stored-report board's two pages, for one module. */
export function reportBoardLoaders<Report>({
  id,
  board,
}: {
  id: BenchmarkId;
  board: ReportBoard<Report>;
}): BoardLoaders<ReportLeaderboardData<Report>, ReportBoardLoaded<Report>> {
  return {
    async leaderboard(searchParams) {
      const loaded = await load(id, board, searchParams);
      const adjudicated = await adjudicatedCounts(
        await getDb(),
        loaded.rows.map((row) => row.submissionId),
      );
      return { ...loaded, adjudicated };
    },
    diagnostics: (searchParams) => load(id, board, searchParams),
  };
}
