import "server-only";
import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { LeaderboardState } from "../../lib/url/leaderboard";
import { splitOfTier } from "../../lib/url/leaderboard";
import { first, type Db } from "../client";
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

const sortColumn = (db: Db, sort: LeaderboardState["sort"]): SQLWrapper =>
  ({
    pass1: aggregates.pass1,
    fcr: aggregates.fcr,
    hitRate: aggregates.hitRate,
    toolCalls: aggregates.toolCalls,
    n: aggregates.n,
    // Case-insensitive, so "GPT-5" sorts among the "G…"s rather than before every lower-case letter.
    model: caseInsensitive(db, submissions.model),
  })[sort];

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
      pass1: aggregates.pass1,
      pass1Lo: aggregates.pass1Lo,
      pass1Hi: aggregates.pass1Hi,
      fcr: aggregates.fcr,
      fcrLo: aggregates.fcrLo,
      fcrHi: aggregates.fcrHi,
      hitRate: aggregates.hitRate,
      hitRateLo: aggregates.hitRateLo,
      hitRateHi: aggregates.hitRateHi,
      toolCalls: aggregates.toolCalls,
      zeroCallSamples: aggregates.zeroCallSamples,
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
    rows.map((row) => ({ ...row, adjudicated: adjudicated.get(row.submissionId) ?? 0 })),
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
