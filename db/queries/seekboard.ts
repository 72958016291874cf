import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { boardFigures, sortVersions, type BoardFigures, type BoardState, type SeekboardBoard } from "../../lib/seekboard/board";
import { qaDatasetOf } from "../../lib/benchmarks/qa/stored";
import type { Db } from "../client";
import { aggregates, submissions } from "../schema";

export interface SeekboardLeaderboardRow extends BoardFigures {
  submissionId: number;
  model: string;
  agent: string | null;
  setting: string;
  benchmarkVersion: string;
  samples: number;
  hasTrajectories: boolean;
  /** The stored overall report, as the pure module returned it. */
  report: Record<string, unknown>;
}

/** The versions (EvoBrowseComp) or datasets (QA, `<dataset>@<version>` keys) with approved submissions, newest first. */
export function boardVersions(db: Db, board: SeekboardBoard): string[] {
  const rows = db
    .selectDistinct({ version: submissions.benchmarkVersion })
    .from(submissions)
    .where(and(eq(submissions.benchmarkId, board), eq(submissions.status, "approved")))
    .all();
  return sortVersions(rows.map((r) => r.version));
}

/** Display name of a stored version key: QA shows the dataset (and version when not v1). */
export function versionLabel(board: SeekboardBoard, key: string): string {
  if (board !== "qa") return key;
  const { dataset, version } = qaDatasetOf(key);
  return version === "v1" ? dataset : `${dataset} (${version})`;
}

/**
 * Approved submissions of one board with their figures, sorted. EvoBrowseComp and QA
 * boards hold one version (dataset) only: `version` picks it, else the newest.
 */
export function getSeekboardLeaderboard(db: Db, board: SeekboardBoard, state: BoardState): { version: string | null; versions: string[]; rows: SeekboardLeaderboardRow[] } {
  const versions = board === "evobrowsecomp" || board === "qa" ? boardVersions(db, board) : [];
  const version = versions.length ? (state.version && versions.includes(state.version) ? state.version : versions[0]) : null;
  const conditions = [eq(submissions.benchmarkId, board), eq(submissions.status, "approved")];
  if (version !== null) conditions.push(eq(submissions.benchmarkVersion, version));
  if (board === "infomosaic" && state.setting !== "all") conditions.push(eq(submissions.setting, state.setting));
  const rows = db
    .select({
      submissionId: submissions.id,
      model: submissions.model,
      agent: submissions.agent,
      setting: submissions.setting,
      benchmarkVersion: submissions.benchmarkVersion,
      samples: submissions.sampleCount,
      hasTrajectories: sql<number>`exists(SELECT 1 FROM samples WHERE samples.submission_id = ${submissions.id} AND samples.step_count > 0)`,
      metrics: aggregates.metrics,
    })
    .from(submissions)
    .innerJoin(aggregates, and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, "overall")))
    .where(and(...conditions))
    .orderBy(asc(submissions.model))
    .all()
    .map((r) => ({
      submissionId: r.submissionId,
      model: r.model,
      agent: r.agent,
      setting: r.setting,
      benchmarkVersion: r.benchmarkVersion,
      samples: r.samples,
      hasTrajectories: r.hasTrajectories === 1,
      report: r.metrics ?? {},
      ...boardFigures(board, r.metrics ?? {}),
    }));
  const sign = state.dir === "asc" ? 1 : -1;
  rows.sort((a, b) => {
    if (state.sort === "model") return sign * a.model.localeCompare(b.model, "en", { sensitivity: "base" }) || a.setting.localeCompare(b.setting);
    const x = a.values[state.sort] ?? null;
    const y = b.values[state.sort] ?? null;
    if (x === null || y === null) return x === y ? a.model.localeCompare(b.model) : x === null ? 1 : -1;
    return sign * (x - y) || a.model.localeCompare(b.model);
  });
  return { version, versions, rows };
}

/** The settings of approved InfoMosaic submissions. */
export function boardSettings(db: Db, board: SeekboardBoard): string[] {
  return db
    .selectDistinct({ setting: submissions.setting })
    .from(submissions)
    .where(and(eq(submissions.benchmarkId, board), eq(submissions.status, "approved")))
    .all()
    .map((r) => r.setting)
    .sort();
}
