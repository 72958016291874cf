import "server-only";
import { assertNever } from "../../lib/assert-never";
import { parseBoardState } from "../../lib/benchmarks/board-state";
import { BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
import type { Db } from "../client";
import { getReportBoard } from "./seekboard";

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
  const state = parseBoardState(id, {});
  const { version, rows } = await getReportBoard(db, id, board, state);
  const top = rows.find((row) => row.standing.ranked);
  if (!top) return null;
  const view = board.views.map((v) => {
    const value = state.view[v.param] ?? null;
    switch (v.picks) {
      case "version":
        return version === null ? null : `${v.param} ${board.versionLabel(version)}`;
      case "setting":
        return value === null || value === "all" ? "all settings" : `setting ${value}`;
      case "split":
        return v.split(value ?? v.default).label;
      default:
        return assertNever(v);
    }
  });
  return {
    model: top.model,
    setting: top.setting,
    value: top.values[board.primary] ?? null,
    tiedAtTop: rows.filter((row) => row !== top && row.standing.rank === 1).length,
    view: view.filter((part) => part !== null).join(" · ") || "all submissions",
  };
}
