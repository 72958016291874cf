import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { LeaderboardState } from "../../lib/url/leaderboard";
import { splitOfTier } from "../../lib/url/leaderboard";
import type { Db } from "../client";
import { aggregates, submissions } from "../schema";
import { adjudicatedCounts } from "./audit";

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
}

const SORT_COLUMNS = {
  pass1: aggregates.pass1,
  fcr: aggregates.fcr,
  hitRate: aggregates.hitRate,
  toolCalls: aggregates.toolCalls,
  n: aggregates.n,
  // Case-insensitive, so "GPT-5" sorts among the "G…"s rather than before every lower-case letter.
  model: sql`${submissions.model} COLLATE NOCASE`,
} as const;

/** Approved submissions of a benchmark under one setting, read from precomputed aggregates. */
export function getMpwLeaderboard(db: Db, state: LeaderboardState): LeaderboardRow[] {
  const column = SORT_COLUMNS[state.sort];
  const order: SQL[] = [state.dir === "asc" ? sql`${column} IS NULL, ${column} ASC` : sql`${column} IS NULL, ${column} DESC`, asc(submissions.model)];
  const rows = db
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
    .innerJoin(aggregates, and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, splitOfTier(state.tier))))
    .where(and(eq(submissions.benchmarkId, "mpw"), eq(submissions.status, "approved"), eq(submissions.setting, state.setting)))
    .orderBy(...order)
    .all();
  const adjudicated = adjudicatedCounts(db, rows.map((row) => row.submissionId));
  return rows.map((row) => ({ ...row, adjudicated: adjudicated.get(row.submissionId) ?? 0 }));
}

export interface BenchmarkSummary {
  id: string;
  name: string;
  description: string;
  submissions: number;
  samples: number;
  leader: { model: string; setting: string; pass1: number | null } | null;
}

/** The overview: each benchmark with its approved submissions and current leader. */
export function listBenchmarkSummaries(db: Db): BenchmarkSummary[] {
  const rows = db.$client
    .prepare(
      `SELECT b.id, b.name, b.description,
              count(s.id) AS submissions, coalesce(sum(s.sample_count), 0) AS samples
         FROM benchmarks b LEFT JOIN submissions s ON s.benchmark_id = b.id AND s.status = 'approved'
        GROUP BY b.id ORDER BY b.name`,
    )
    .all() as Omit<BenchmarkSummary, "leader">[];
  const leader = db.$client.prepare(
    `SELECT s.model, s.setting, a.pass1 FROM submissions s JOIN aggregates a ON a.submission_id = s.id AND a.split = 'overall'
      WHERE s.benchmark_id = ? AND s.status = 'approved' AND s.setting <> 'A'
      ORDER BY a.pass1 DESC LIMIT 1`,
  );
  return rows.map((row) => ({ ...row, leader: (leader.get(row.id) as BenchmarkSummary["leader"]) ?? null }));
}

export function benchmarkExists(db: Db, id: string): boolean {
  return Boolean(db.$client.prepare("SELECT 1 FROM benchmarks WHERE id = ?").get(id));
}
