import "server-only";
import { and, asc, eq, ne } from "drizzle-orm";
import { first, type Db } from "../client";
import { aggregates, sampleFacts, samples, submissions } from "../schema";
import { factFigureSql, factsOfSample } from "../sample-facts";
import { benchmarkIdOf } from "../benchmark-id";

export type SubmissionRow = typeof submissions.$inferSelect;
export type AggregateRow = typeof aggregates.$inferSelect;

/** A submission, its benchmark id checked against the registry (a column typed BenchmarkId is not a checked one). */
/** A submission by id; one still importing is not there yet (undefined), for every caller. */
export async function getSubmission(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const row = await first(
    db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id), ne(submissions.status, "importing")))
      .limit(1),
  );
  return row && { ...row, benchmarkId: benchmarkIdOf(row.benchmarkId) };
}

export async function getAggregates(db: Db, submissionId: number): Promise<AggregateRow[]> {
  return db
    .select()
    .from(aggregates)
    .where(eq(aggregates.submissionId, submissionId))
    .orderBy(asc(aggregates.split));
}

/** Every sample's stored metrics, in task then run order (for exports and the CLI). */
export async function listSampleMetrics(db: Db, submissionId: number) {
  return db
    .select({
      taskKey: samples.taskKey,
      run: samples.run,
      correct: samples.correct,
      fcr: factFigureSql.fcr,
      hitRate: factFigureSql.hitRate,
      toolCalls: samples.toolCalls,
      hitLogCalls: factFigureSql.hitLogCalls,
      hits: factFigureSql.hits,
      factCount: factFigureSql.factCount,
      factsCovered: factFigureSql.factsCovered,
      compoundRate: factFigureSql.compoundRate,
      status: samples.status,
      tier: samples.tier,
      category: samples.category,
      verdictSource: samples.verdictSource,
    })
    .from(samples)
    .leftJoin(sampleFacts, factsOfSample)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id));
}

/** Each sample's tokens, dollars and time as stored (null: not reported), for `metrics --json`. */
export async function listSampleUsage(db: Db, submissionId: number) {
  return db
    .select({
      taskKey: samples.taskKey,
      run: samples.run,
      promptTokens: samples.promptTokens,
      completionTokens: samples.completionTokens,
      costUsd: samples.costUsd,
      seconds: samples.seconds,
      answerSeenAtCall: samples.answerSeenAtCall,
      goldSeenAtCall: samples.goldSeenAtCall,
      groundingPending: samples.groundingPending,
    })
    .from(samples)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id));
}

/** WideSearch samples' stored figures, in import order. */
export async function listWideSearchSampleMetrics(db: Db, submissionId: number) {
  return db
    .select({
      taskKey: samples.taskKey,
      run: samples.run,
      status: samples.status,
      metrics: samples.metrics,
    })
    .from(samples)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id));
}
