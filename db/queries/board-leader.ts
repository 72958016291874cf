import "server-only";
import { assertNever } from "../../lib/assert-never";
import { parseBoardState } from "../../lib/benchmarks/board-state";
import { BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
import { DEFAULT_WIDESEARCH_LEADERBOARD } from "../../lib/benchmarks/widesearch/url";
import { DEFAULT_LEADERBOARD } from "../../lib/url/leaderboard";
import type { Db } from "../client";
import type { Standing } from "./standing";
import { getMpwLeaderboard } from "./leaderboard";
import { getReportBoard } from "./seekboard";
import { getWideSearchLeaderboard } from "./widesearch";

const tiedWith = (rows: readonly { standing: Standing }[], top: { standing: Standing }) =>
  rows.filter((row) => row !== top && row.standing.rank === 1).length;

const LANGUAGE_VIEWS = { all: "all languages", en: "English tasks", zh: "Chinese tasks" } as const;

/** The first row of a board's default view, and that view in words. */
export interface BoardLeader {
  model: string;
  setting: string;
  /** The primary metric's value. */
  value: number | null;
  /** Other ranked rows sharing rank 1 with it (no row is significantly better than any of them). */
  tiedAtTop: number;
  /** The view the leader leads, as its board opens: "setting C · overall", "version 2026-01". */
  view: string;
}

/**
 * The leader of the view a board opens on (its default setting, version, split and sort),
 * so a card linking to the board shows the row the board shows first; null when that view
 * has no ranked row (a partial row leads nothing).
 */
export async function defaultViewLeader(db: Db, id: BenchmarkId): Promise<BoardLeader | null> {
  const board = BENCHMARKS[id].board;
  switch (board.format) {
    case "report": {
      const state = parseBoardState(id, {});
      const { version, rows } = await getReportBoard(db, id, board, state);
      const top = rows.find((row) => row.standing.ranked);
      if (!top) return null;
      const tiedAtTop = tiedWith(rows, top);
      const view = [
        board.versionParam && version !== null
          ? `${board.versionParam} ${board.versionLabel(version)}`
          : null,
        board.settingFilter ? "all settings" : null,
      ];
      return {
        model: top.model,
        setting: top.setting,
        value: top.values[board.primary] ?? null,
        tiedAtTop,
        view: view.filter((part) => part !== null).join(" · ") || "all submissions",
      };
    }
    case "mpw": {
      const rows = await getMpwLeaderboard(db, DEFAULT_LEADERBOARD);
      const top = rows.find((row) => row.standing.ranked);
      return top
        ? {
            model: top.model,
            setting: top.setting,
            value: top.pass1,
            tiedAtTop: tiedWith(rows, top),
            view: `setting ${DEFAULT_LEADERBOARD.setting} · ${DEFAULT_LEADERBOARD.tier}`,
          }
        : null;
    }
    case "widesearch": {
      const rows = await getWideSearchLeaderboard(db, DEFAULT_WIDESEARCH_LEADERBOARD);
      const top = rows.find((row) => row.standing.ranked);
      return top
        ? {
            model: top.model,
            setting: top.setting,
            value: top.aggregate.successAvg,
            tiedAtTop: tiedWith(rows, top),
            view: LANGUAGE_VIEWS[DEFAULT_WIDESEARCH_LEADERBOARD.lang],
          }
        : null;
    }
    default:
      return assertNever(board);
  }
}
