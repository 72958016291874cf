import "server-only";
import { getDb } from "@/db/client";
import { adjudicatedCounts } from "@/db/queries/audit";
import { boardSettings, getReportBoard, type ReportBoardData } from "@/db/queries/seekboard";
import { versionView, type Board } from "@/lib/benchmarks/board";
import { parseBoardState, withView, type BoardState } from "@/lib/benchmarks/board-state";
import type { BenchmarkId } from "@/lib/benchmarks/info";
import type { RawSearchParams } from "@/lib/url/search-params";

/** How a benchmark's two board pages read their data for the URL's state; the views only show it. */
export interface BoardLoaders<Leaderboard, Diagnostics> {
  leaderboard(searchParams: RawSearchParams): Promise<Leaderboard>;
  diagnostics(searchParams: RawSearchParams): Promise<Diagnostics>;
}

/** What both pages of a board show: the rows, the URL's state and the pickers' values. */
export interface ReportBoardLoaded<Report> extends ReportBoardData<Report> {
  state: BoardState;
  /** The state with the version as shown (an unknown version falls back to the newest). */
  resolved: BoardState;
  /** The stored settings, when the board filters by them (else empty). */
  settings: string[];
}

/** The leaderboard also marks each row's adjudicated verdicts. */
export interface ReportLeaderboardData<Report> extends ReportBoardLoaded<Report> {
  adjudicated: Map<number, number>;
}

async function load<Report>(
  id: BenchmarkId,
  board: Board<Report>,
  searchParams: RawSearchParams,
): Promise<ReportBoardLoaded<Report>> {
  const db = await getDb();
  const state = parseBoardState(id, searchParams);
  const storedSettings = board.views.some((v) => v.picks === "setting" && v.values === null);
  const [data, settings] = await Promise.all([
    getReportBoard(db, id, board, state),
    storedSettings ? boardSettings(db, id) : Promise.resolve([]),
  ]);
  const version = versionView(board);
  return {
    ...data,
    state,
    resolved:
      version === null || state.view[version.param] === null
        ? state
        : withView(state, version.param, data.version),
    settings,
  };
}

/** The loaders of a board's two pages, for one module. */
export function boardLoaders<Report>({
  id,
  board,
}: {
  id: BenchmarkId;
  board: Board<Report>;
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
