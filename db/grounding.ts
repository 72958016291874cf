/**
 * Answer grounding for samples stored without it (`samples.grounding_pending`: a database
 * from before grounding, migrated): the worker reads their steps a batch at a time, stores
 * what ingest would have, and once a submission has none pending recomputes its aggregates,
 * so its board column and report gain their grounding. Also recomputes a task's gold
 * grounding when an admin's gold fix changes its answer.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { BENCHMARKS } from "../lib/benchmarks/registry";
import { sampleGrounding } from "../lib/metrics/grounding";
import { parseStoredStep, type Step } from "../lib/trajectory/steps";
import { refreshAggregates } from "./aggregates";
import { benchmarkIdOf } from "./benchmark-id";
import { first, withTx, type Db } from "./client";
import { samples, steps, submissions, tasks } from "./schema";

/** Samples per transaction: their steps are held in memory together. */
const BATCH = 200;

/** Each sample's steps, in order. */
async function stepsOf(db: Db, sampleIds: readonly number[]): Promise<Map<number, Step[]>> {
  const bySample = new Map<number, Step[]>(sampleIds.map((id) => [id, []]));
  if (!sampleIds.length) return bySample;
  const rows = await db
    .select({ sampleId: steps.sampleId, data: steps.data })
    .from(steps)
    .where(inArray(steps.sampleId, [...sampleIds]))
    .orderBy(asc(steps.sampleId), asc(steps.ordinal));
  for (const row of rows) bySample.get(row.sampleId)!.push(parseStoredStep(row.data));
  return bySample;
}

/** What one backfill step did: null when no sample was pending after the cursor. */
export interface BackfillStep {
  samples: number;
  /** The submissions it finished (none of their samples pending any more): their aggregates are recomputed. */
  refreshed: number[];
  /** Where the next step starts (sample ids are visited in order, once). */
  cursor: number;
}

/** Computes the grounding of the next pending samples after `cursor` (a sample id). */
export async function backfillGroundingStep(db: Db, cursor = 0): Promise<BackfillStep | null> {
  const batch = await db
    .select({
      id: samples.id,
      submissionId: samples.submissionId,
      prediction: samples.prediction,
      goldAnswer: tasks.goldAnswer,
      benchmarkId: submissions.benchmarkId,
    })
    .from(samples)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .innerJoin(submissions, eq(submissions.id, samples.submissionId))
    .where(and(eq(samples.groundingPending, true), gt(samples.id, cursor)))
    .orderBy(asc(samples.id))
    .limit(BATCH);
  if (!batch.length) return null;
  const refreshed = await withTx(db, async (tx) => {
    // Only the benchmarks with an answer to look for read their steps.
    const applicable = batch.filter((row) => BENCHMARKS[benchmarkIdOf(row.benchmarkId)].grounding);
    const stepsBySample = await stepsOf(
      tx,
      applicable.map((row) => row.id),
    );
    for (const row of batch) {
      const rules = BENCHMARKS[benchmarkIdOf(row.benchmarkId)].grounding;
      const found = rules
        ? sampleGrounding(
            stepsBySample.get(row.id) ?? [],
            rules.finalAnswer(row.prediction),
            rules.goldText(row.goldAnswer),
          )
        : { answerSeenAtCall: null, goldSeenAtCall: null };
      await tx
        .update(samples)
        .set({ ...found, groundingPending: false })
        .where(eq(samples.id, row.id));
    }
    const done: number[] = [];
    // Only a benchmark with grounding has anything new in its aggregates.
    const grounded = new Set(applicable.map((row) => row.submissionId));
    for (const submissionId of grounded) {
      const pending = await first(
        tx
          .select({ id: samples.id })
          .from(samples)
          .where(and(eq(samples.submissionId, submissionId), eq(samples.groundingPending, true)))
          .limit(1),
      );
      if (pending) continue;
      await refreshAggregates(tx, submissionId);
      done.push(submissionId);
    }
    return done;
  });
  return { samples: batch.length, refreshed, cursor: batch[batch.length - 1].id };
}

/**
 * A task's gold grounding after its gold answer changed (a gold fix or its undo), in the
 * caller's transaction: each of its samples' `gold_seen_at_call` from its steps. Returns the
 * submissions whose samples it changed, for their aggregates to be recomputed.
 */
export async function regroundGold(db: Db, taskId: number): Promise<number[]> {
  const task = await first(
    db
      .select({ goldAnswer: tasks.goldAnswer, benchmarkId: tasks.benchmarkId })
      .from(tasks)
      .where(eq(tasks.id, taskId))
      .limit(1),
  );
  const rules = task && BENCHMARKS[benchmarkIdOf(task.benchmarkId)].grounding;
  if (!task || !rules) return [];
  const rows = await db
    .select({
      id: samples.id,
      submissionId: samples.submissionId,
      goldSeenAtCall: samples.goldSeenAtCall,
    })
    .from(samples)
    .where(and(eq(samples.taskId, taskId), eq(samples.groundingPending, false)));
  const stepsBySample = await stepsOf(
    db,
    rows.map((row) => row.id),
  );
  const changed = new Set<number>();
  for (const row of rows) {
    const { goldSeenAtCall } = sampleGrounding(
      stepsBySample.get(row.id) ?? [],
      null,
      rules.goldText(task.goldAnswer),
    );
    if (goldSeenAtCall === row.goldSeenAtCall) continue;
    await db.update(samples).set({ goldSeenAtCall }).where(eq(samples.id, row.id));
    changed.add(row.submissionId);
  }
  return [...changed];
}
