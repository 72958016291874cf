import "server-only";
import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { LeaderboardState } from "../../lib/url/leaderboard";
import { splitOfTier } from "../../lib/url/leaderboard";
import { mpwAggregateReportSchema, type MpwAggregateReport } from "../../lib/benchmarks/mpw/stored";
import { engineOf, first, type Db } from "../client";
import { aggregates, submissions } from "../schema";
import { adjudicatedCounts } from "./audit";
import { caseInsensitive } from "./order";
import { rankedFirst } from "../../lib/standing/standing";
import { getViewStandings, type Standing } from "./standing";

export interface LeaderboardRow {
  submissionId: number;
  model: string;
  agent: string | null;
  setting: string;
  benchmarkVersion: string;
  n: number;
  pass1: number | null;
  pass1Lo: number | null;
  pass1Hi: number | null;
  fcr: number | null;
  fcrLo: number | null;
  fcrHi: number | null;
  hitRate: number | null;
  hitRateLo: number | null;
  hitRateHi: number | null;
  toolCalls: number | null;
  zeroCallSamples: number;
  /** Samples whose verdict a maintainer set (re-evaluation). */
  adjudicated: number;
  standing: Standing;
}

/** A figure of the stored MPW report (`aggregates.metrics`) as a number, to order by. */
function reportFigure(db: Db, key: "fcr" | "hitRate" | "toolCalls"): SQL {
  return engineOf(db) === "postgres"
    ? sql`(${aggregates.metrics} #>> ${sql.raw(`'{${key},value}'`)})::double precision`
    : sql`json_extract(${aggregates.metrics}, ${sql.raw(`'$.${key}.value'`)})`;
}

const sortColumn = (db: Db, sort: LeaderboardState["sort"]): SQLWrapper =>
  ({
    pass1: aggregates.primary,
    fcr: reportFigure(db, "fcr"),
    hitRate: reportFigure(db, "hitRate"),
    toolCalls: reportFigure(db, "toolCalls"),
    n: aggregates.n,
    // Case-insensitive, so "GPT-5" sorts among the "G…"s rather than before every lower-case letter.
    model: caseInsensitive(db, submissions.model),
  })[sort];

function leaderboardFigures(r: MpwAggregateReport) {
  return {
    pass1: r.pass1.value,
    pass1Lo: r.pass1.ci?.lo ?? null,
    pass1Hi: r.pass1.ci?.hi ?? null,
    fcr: r.fcr.value,
    fcrLo: r.fcr.ci?.lo ?? null,
    fcrHi: r.fcr.ci?.hi ?? null,
    hitRate: r.hitRate.value,
    hitRateLo: r.hitRate.ci?.lo ?? null,
    hitRateHi: r.hitRate.ci?.hi ?? null,
    toolCalls: r.toolCalls.value,
    zeroCallSamples: r.zeroCallSamples,
  };
}

/** Approved submissions of a benchmark under one setting, read from precomputed aggregates, with their standings: the ranked rows first, each group sorted. */
export async function getMpwLeaderboard(
  db: Db,
  state: LeaderboardState,
): Promise<LeaderboardRow[]> {
  const column = sortColumn(db, state.sort);
  const order: SQL[] = [
    state.dir === "asc"
      ? sql`${column} IS NULL, ${column} ASC`
      : sql`${column} IS NULL, ${column} DESC`,
    asc(submissions.model),
  ];
  const rows = await db
    .select({
      submissionId: submissions.id,
      model: submissions.model,
      agent: submissions.agent,
      setting: submissions.setting,
      benchmarkVersion: submissions.benchmarkVersion,
      n: aggregates.n,
      metrics: aggregates.metrics,
    })
    .from(submissions)
    .innerJoin(
      aggregates,
      and(
        eq(aggregates.submissionId, submissions.id),
        eq(aggregates.split, splitOfTier(state.tier)),
      ),
    )
    .where(
      and(
        eq(submissions.benchmarkId, "mpw"),
        eq(submissions.status, "approved"),
        eq(submissions.setting, state.setting),
      ),
    )
    .orderBy(...order);
  const adjudicated = await adjudicatedCounts(
    db,
    rows.map((row) => row.submissionId),
  );
  const split = state.tier === "overall" ? null : { field: "tier" as const, value: state.tier };
  const standings = await getViewStandings(
    db,
    { benchmarkId: "mpw", split },
    rows.map((row) => row.submissionId),
  );
  return rankedFirst(
    rows.map(({ metrics, ...row }) => ({
      ...row,
      ...leaderboardFigures(mpwAggregateReportSchema.parse(metrics)),
      adjudicated: adjudicated.get(row.submissionId) ?? 0,
    })),
    standings,
    state.verified,
  );
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
