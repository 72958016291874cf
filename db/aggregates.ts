/**
 * A submission's stored aggregates, recomputed from its samples by its benchmark's module
 * (`aggregate.rows`): one row per split, written in the caller's transaction.
 */
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AggregateRow } from "../lib/benchmarks/stored";
import { BENCHMARKS } from "../lib/benchmarks/registry";
import { first, type Db } from "./client";
import { aggregates, sampleFacts, samples, submissions, tasks } from "./schema";
import { factFigureSql, factsOfSample } from "./sample-facts";
import { benchmarkIdOf } from "./benchmark-id";

const reportSchema = z.record(z.string(), z.unknown());

function aggregateValues(submissionId: number, row: AggregateRow): typeof aggregates.$inferInsert {
  return {
    submissionId,
    split: row.split,
    n: row.n,
    primary: row.primary.value,
    primaryLo: row.primary.lo,
    primaryHi: row.primary.hi,
    // A plain copy: drizzle inspects a value's prototype, and the counts have none.
    statusCounts: { ...row.statusCounts },
    // Every board reads its figures from here: a module that wrote none fails the write, not the pages.
    metrics: reportSchema.parse(row.report),
  };
}

/** Recomputes a submission's stored aggregates from its samples (run inside the writer's transaction). */
export async function refreshAggregates(db: Db, submissionId: number): Promise<void> {
  await writeAggregates(db, submissionId, await computeAggregates(db, submissionId));
}

/** A submission's aggregates as its samples give them now (a read: an import computes them before its last transaction). */
export async function computeAggregates(
  db: Db,
  submissionId: number,
): Promise<(typeof aggregates.$inferInsert)[]> {
  const submission = await first(
    db
      .select({ benchmarkId: submissions.benchmarkId })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .limit(1),
  );
  if (!submission) throw new Error(`no submission ${submissionId}`);
  const rules = BENCHMARKS[benchmarkIdOf(submission.benchmarkId)].aggregate;
  const rows = await db
    .select({
      taskKey: samples.taskKey,
      run: samples.run,
      status: samples.status,
      correct: samples.correct,
      verdictSource: samples.verdictSource,
      fcr: factFigureSql.fcr,
      hitRate: factFigureSql.hitRate,
      toolCalls: samples.toolCalls,
      hitLogCalls: factFigureSql.hitLogCalls,
      compoundRate: factFigureSql.compoundRate,
      tier: samples.tier,
      category: samples.category,
      language: tasks.language,
      version: submissions.benchmarkVersion,
      metrics: samples.metrics,
      answerSeenAtCall: samples.answerSeenAtCall,
      goldSeenAtCall: samples.goldSeenAtCall,
      // The detail is large: read only by the benchmarks that need it.
      detail: rules.readsDetail ? samples.detail : sql<null>`NULL`,
    })
    .from(samples)
    .leftJoin(sampleFacts, factsOfSample)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .innerJoin(submissions, eq(submissions.id, samples.submissionId))
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id));
  return rules.rows(rows).map((row) => aggregateValues(submissionId, row));
}

/** Replaces a submission's stored aggregates, in the caller's transaction. */
export async function writeAggregates(
  db: Db,
  submissionId: number,
  values: (typeof aggregates.$inferInsert)[],
): Promise<void> {
  await db.delete(aggregates).where(eq(aggregates.submissionId, submissionId));
  // What is derived from the samples outside the aggregates (the boards' standings) is keyed by this.
  await db
    .update(submissions)
    .set({ revision: sql`${submissions.revision} + 1` })
    .where(eq(submissions.id, submissionId));
  if (values.length) await db.insert(aggregates).values(values);
}
