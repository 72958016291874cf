import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { assertNever } from "../../lib/assert-never";
import { sortVersions, type Board, type BoardFigures } from "../../lib/benchmarks/board";
import type { BoardState } from "../../lib/benchmarks/board-state";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import { first, type Db } from "../client";
import { aggregates, submissions, uploadTokens } from "../schema";
import { rankedFirst } from "../../lib/standing/standing";
import { getViewStandings, type Standing, type ViewSplit } from "./standing";

export interface ReportBoardRow<Report> extends BoardFigures {
  submissionId: number;
  model: string;
  agent: string | null;
  setting: string;
  /** The team whose upload token submitted it; null: imported from the command line (the maintainers). */
  team: string | null;
  benchmarkVersion: string;
  samples: number;
  hasTrajectories: boolean;
  /** The stored report of the view's split, parsed with the board's schema. */
  report: Report;
  standing: Standing;
}

export interface ReportBoardData<Report> {
  /** The version (or dataset) shown; null when the board has none. */
  version: string | null;
  versions: string[];
  rows: ReportBoardRow<Report>[];
}

function approvedOf(id: BenchmarkId) {
  return and(eq(submissions.benchmarkId, id), eq(submissions.status, "approved"));
}

/** The versions (EvoBrowseComp) or datasets (QA, `<dataset>@<version>` keys) with approved submissions, newest first. */
export async function boardVersions(db: Db, id: BenchmarkId): Promise<string[]> {
  const rows = await db
    .selectDistinct({ version: submissions.benchmarkVersion })
    .from(submissions)
    .where(approvedOf(id));
  return sortVersions(rows.map((r) => r.version));
}

/** The settings of a benchmark's approved submissions. */
export async function boardSettings(db: Db, id: BenchmarkId): Promise<string[]> {
  const rows = await db
    .selectDistinct({ setting: submissions.setting })
    .from(submissions)
    .where(approvedOf(id));
  return rows.map((r) => r.setting).sort();
}

/**
 * Approved submissions of a board with their figures and standings, the ranked rows first,
 * each group sorted by the state's sort (nulls last, ties by model). The board's views pick
 * the rows: one version (dataset; `version`, else the newest), a setting ("all": every one)
 * and the stored split whose report is read ("overall" when the board has no split).
 */
export async function getReportBoard<Report>(
  db: Db,
  id: BenchmarkId,
  board: Board<Report>,
  state: BoardState,
): Promise<ReportBoardData<Report>> {
  const conditions = [approvedOf(id)];
  let versions: string[] = [];
  let version: string | null = null;
  let split: { key: string; standing: ViewSplit | null } = { key: "overall", standing: null };
  for (const view of board.views) {
    const value = state.view[view.param] ?? null;
    switch (view.picks) {
      case "version":
        versions = await boardVersions(db, id);
        version = value !== null && versions.includes(value) ? value : (versions[0] ?? null);
        if (version !== null) conditions.push(eq(submissions.benchmarkVersion, version));
        break;
      case "setting":
        if (value !== null && value !== "all") conditions.push(eq(submissions.setting, value));
        break;
      case "split":
        split = view.split(value ?? view.default);
        break;
      default:
        assertNever(view);
    }
  }
  const found = await db
    .select({
      submissionId: submissions.id,
      model: submissions.model,
      agent: submissions.agent,
      setting: submissions.setting,
      team: uploadTokens.team,
      benchmarkVersion: submissions.benchmarkVersion,
      samples: submissions.sampleCount,
      // 0/1 on SQLite, a boolean on PostgreSQL.
      hasTrajectories:
        sql<boolean>`exists(SELECT 1 FROM samples WHERE samples.submission_id = ${submissions.id} AND samples.step_count > 0)`.mapWith(
          Boolean,
        ),
      metrics: aggregates.metrics,
    })
    .from(submissions)
    .innerJoin(
      aggregates,
      and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, split.key)),
    )
    .leftJoin(uploadTokens, eq(uploadTokens.id, submissions.uploaderTokenId))
    .where(and(...conditions))
    .orderBy(asc(submissions.model), asc(submissions.id));
  const rows = found.map(({ metrics, ...row }) => {
    const report = board.reportSchema.parse(metrics);
    return { ...row, report, ...board.figures(report) };
  });
  const sign = state.dir === "asc" ? 1 : -1;
  // At most a few hundred submissions: sorting the parsed rows is cheaper than JSON paths in SQL.
  rows.sort((a, b) => {
    if (state.sort === "model")
      return (
        sign * a.model.localeCompare(b.model, "en", { sensitivity: "base" }) ||
        a.setting.localeCompare(b.setting)
      );
    const x = a.values[state.sort] ?? null;
    const y = b.values[state.sort] ?? null;
    if (x === null || y === null)
      return x === y ? a.model.localeCompare(b.model) : x === null ? 1 : -1;
    return sign * (x - y) || a.model.localeCompare(b.model);
  });
  const standings = await getViewStandings(
    db,
    { benchmarkId: id, split: split.standing },
    rows.map((row) => row.submissionId),
  );
  return { version, versions, rows: rankedFirst(rows, standings, state.verified) };
}

export interface BenchmarkSummary {
  submissions: number;
  samples: number;
}

/** The overview's figures of one benchmark: approved submissions and their samples. */
export async function benchmarkSummary(db: Db, id: BenchmarkId): Promise<BenchmarkSummary> {
  const totals = await first(
    db
      .select({
        submissions: sql<number>`count(*)`,
        samples: sql<number>`coalesce(sum(${submissions.sampleCount}), 0)`,
      })
      .from(submissions)
      .where(and(eq(submissions.benchmarkId, id), eq(submissions.status, "approved"))),
  );
  return { submissions: totals?.submissions ?? 0, samples: totals?.samples ?? 0 };
}
