import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { assertNever } from "../../lib/assert-never";
import {
  resolveVersion,
  sortVersions,
  versionView,
  type Board,
  type BoardFigures,
} from "../../lib/benchmarks/board";
import { defaultDir, type BoardState } from "../../lib/benchmarks/board-state";
import { BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
import { first, type Db } from "../client";
import { aggregates, submissions, uploadTokens } from "../schema";
import { latestPerEntry, rankedFirst } from "../../lib/standing/standing";
import { getViewStandings, type Standing, type ViewSplit } from "./standing";

/** A submission of a board with its figures: a row, or an earlier submission of a row's entry. */
export interface ReportBoardSubmission<Report> extends BoardFigures {
  submissionId: number;
  model: string;
  agent: string | null;
  setting: string;
  /** The team whose upload token submitted it; null: imported from the command line (the maintainers). */
  team: string | null;
  benchmarkVersion: string;
  uploadedAt: string;
  samples: number;
  hasTrajectories: boolean;
  /** The stored report of the view's split, parsed with the board's schema. */
  report: Report;
}

/** A board row: the latest submission of its team × model × agent × setting, ranked. */
export interface ReportBoardRow<Report> extends ReportBoardSubmission<Report> {
  standing: Standing;
  /** The entry's earlier submissions, newest first: not ranked, listed under the row. */
  history: ReportBoardSubmission<Report>[];
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

/**
 * The versions (EvoBrowseComp) or datasets (QA, `<dataset>@<version>` keys) with approved
 * submissions, in the order the board offers them (its version view's `order`): the first is
 * the default.
 */
export async function boardVersions(db: Db, id: BenchmarkId): Promise<string[]> {
  const rows = await db
    .select({
      version: submissions.benchmarkVersion,
      latest: sql<string>`max(${submissions.uploadedAt})`,
    })
    .from(submissions)
    .where(approvedOf(id))
    .groupBy(submissions.benchmarkVersion);
  const newest = sortVersions(rows.map((r) => r.version));
  if (versionView(BENCHMARKS[id].board)?.order !== "latest-submission") return newest;
  const latest = new Map(rows.map((r) => [r.version, r.latest]));
  // Array.prototype.sort is stable: datasets uploaded at the same moment stay newest version first.
  return newest.sort((a, b) => (latest.get(b) ?? "").localeCompare(latest.get(a) ?? ""));
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
 * Approved submissions of a board with their figures and standings, one row per team ×
 * model × agent × setting (the latest; the earlier ones are its history), the ranked rows
 * first, each group sorted by the state's sort (nulls last, ties by model); in the default
 * order the ranked rows go by rank, then by the primary metric. The board's views pick
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
        version =
          (value === null ? null : resolveVersion(board, versions, value)) ?? versions[0] ?? null;
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
      uploadedAt: submissions.uploadedAt,
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
  const entries = latestPerEntry(rows);
  const standings = await getViewStandings(
    db,
    { benchmarkId: id, split: split.standing },
    entries.map((row) => row.submissionId),
  );
  return {
    version,
    versions,
    rows: rankedFirst(entries, standings, {
      verifiedOnly: state.verified,
      byRank: state.sort === board.primary && state.dir === defaultDir(board.primary),
    }),
  };
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
