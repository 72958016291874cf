import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  wideSearchStoredAggregateSchema,
  type WideSearchStoredAggregate,
} from "../../lib/benchmarks/widesearch/stored";
import {
  splitOfLanguage,
  type WideSearchLeaderboardState,
} from "../../lib/benchmarks/widesearch/url";
import type { Db } from "../client";
import { aggregates, submissions } from "../schema";
import { rankedFirst } from "../../lib/standing/standing";
import { getViewStandings, type Standing } from "./standing";

export interface WideSearchLeaderboardRow {
  submissionId: number;
  model: string;
  agent: string | null;
  setting: string;
  /** Samples (tasks × runs) the submission holds. */
  samples: number;
  hasTrajectories: boolean;
  aggregate: WideSearchStoredAggregate;
  standing: Standing;
}

/** Approved WideSearch submissions with their aggregate and standing for one language split, the ranked rows first, each group sorted. */
export async function getWideSearchLeaderboard(
  db: Db,
  state: WideSearchLeaderboardState,
): Promise<WideSearchLeaderboardRow[]> {
  const found = await db
    .select({
      submissionId: submissions.id,
      model: submissions.model,
      agent: submissions.agent,
      setting: submissions.setting,
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
      and(
        eq(aggregates.submissionId, submissions.id),
        eq(aggregates.split, splitOfLanguage(state.lang)),
      ),
    )
    .where(and(eq(submissions.benchmarkId, "widesearch"), eq(submissions.status, "approved")))
    .orderBy(asc(submissions.model), asc(submissions.id));
  const rows = found.map((r) => ({
    submissionId: r.submissionId,
    model: r.model,
    agent: r.agent,
    setting: r.setting,
    samples: r.samples,
    hasTrajectories: r.hasTrajectories,
    aggregate: wideSearchStoredAggregateSchema.parse(r.metrics),
  }));
  const sign = state.dir === "asc" ? 1 : -1;
  // At most a few hundred submissions: sorting the parsed rows is cheaper than JSON paths in SQL.
  rows.sort((a, b) => {
    if (state.sort === "model") return sign * a.model.localeCompare(b.model);
    const x = a.aggregate[state.sort];
    const y = b.aggregate[state.sort];
    if (x === null || y === null)
      return x === y ? a.model.localeCompare(b.model) : x === null ? 1 : -1;
    return sign * (x - y) || a.model.localeCompare(b.model);
  });
  const split = state.lang === "all" ? null : { field: "language" as const, value: state.lang };
  const standings = await getViewStandings(
    db,
    { benchmarkId: "widesearch", split },
    rows.map((row) => row.submissionId),
  );
  return rankedFirst(rows, standings, state.verified);
}
