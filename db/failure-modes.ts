/**
 * The stored failure modes of failed samples (`sample_failure_modes`): computed from an
 * imported row at ingest, from the stored run after a re-evaluation changed its verdict, and
 * for every failed sample a database written before the table existed holds (`backfill`).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { failureModesOf, type ClassifiedSample } from "../lib/benchmarks/failure-modes";
import { BENCHMARK_INFO, type BenchmarkId } from "../lib/benchmarks/info";
import type { SampleRow } from "../lib/import/importer";
import { parseStoredStep, type Step } from "../lib/trajectory/steps";
import { benchmarkIdOf } from "./benchmark-id";
import { factsOfSample } from "./sample-facts";
import { isUniqueViolation, rawRows, withTx, type Db } from "./client";
import {
  hitLogs,
  sampleFacts,
  sampleFailureModes,
  samples,
  submissions,
  submissionTasks,
  tasks,
  steps,
} from "./schema";
import { z } from "zod";

/** An imported sample's failure modes, as `failureModesOf` gives them (none when correct). */
export function failureModesOfRow(benchmark: BenchmarkId, row: SampleRow): string[] {
  return failureModesOf(BENCHMARK_INFO[benchmark].failureModes, {
    correct: row.correct,
    status: row.status,
    prediction: row.prediction,
    metrics: row.metrics,
    detail: row.detail,
    firstCoveredAt: row.facts?.firstCoveredAt ?? {},
    steps: row.steps,
    hitLog: row.hitLog.map((h) => ({
      callIndex: h.callIndex,
      hit: h.hit,
      matchedFactKeys: h.matchedFactKeys,
      compound: h.isCompoundQuery,
    })),
    task: { atomicFacts: row.task.atomicFacts, extra: row.task.extra ?? null },
    goldAnswer: row.task.goldAnswer,
  });
}

/** Stored samples as their benchmark's classifier reads them, each with its benchmark and submission. */
async function classifiedSamples(
  db: Db,
  ids: readonly number[],
): Promise<
  { id: number; submissionId: number; benchmark: BenchmarkId; sample: ClassifiedSample }[]
> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: samples.id,
      submissionId: samples.submissionId,
      benchmark: submissions.benchmarkId,
      correct: samples.correct,
      status: samples.status,
      prediction: samples.prediction,
      metrics: samples.metrics,
      detail: samples.detail,
      firstCoveredAt: sampleFacts.firstCoveredAt,
      atomicFacts: tasks.atomicFacts,
      extra: tasks.extra,
      // The gold this submission's run was judged against, as its page shows it.
      ownGold: submissionTasks.goldAnswer,
      taskGold: tasks.goldAnswer,
    })
    .from(samples)
    .innerJoin(submissions, eq(submissions.id, samples.submissionId))
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .leftJoin(sampleFacts, factsOfSample)
    .leftJoin(
      submissionTasks,
      and(
        eq(submissionTasks.submissionId, samples.submissionId),
        eq(submissionTasks.taskId, samples.taskId),
      ),
    )
    .where(inArray(samples.id, [...ids]));
  const stepsOf = new Map<number, Step[]>();
  for (const row of await db
    .select({ sampleId: steps.sampleId, data: steps.data })
    .from(steps)
    .where(inArray(steps.sampleId, [...ids]))
    .orderBy(asc(steps.sampleId), asc(steps.ordinal))) {
    const list = stepsOf.get(row.sampleId) ?? [];
    list.push(parseStoredStep(row.data));
    stepsOf.set(row.sampleId, list);
  }
  const hitsOf = new Map<number, ClassifiedSample["hitLog"][number][]>();
  for (const row of await db
    .select({
      sampleId: hitLogs.sampleId,
      callIndex: hitLogs.callIndex,
      hit: hitLogs.hit,
      matchedFactKeys: hitLogs.matchedFactKeys,
      compound: hitLogs.compound,
    })
    .from(hitLogs)
    .where(inArray(hitLogs.sampleId, [...ids]))
    .orderBy(asc(hitLogs.sampleId), asc(hitLogs.callIndex))) {
    const list = hitsOf.get(row.sampleId) ?? [];
    list.push(row);
    hitsOf.set(row.sampleId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    submissionId: row.submissionId,
    benchmark: benchmarkIdOf(row.benchmark),
    sample: {
      correct: row.correct,
      status: row.status,
      prediction: row.prediction,
      metrics: row.metrics,
      detail: row.detail,
      firstCoveredAt: row.firstCoveredAt ?? {},
      steps: stepsOf.get(row.id) ?? [],
      hitLog: hitsOf.get(row.id) ?? [],
      task: { atomicFacts: row.atomicFacts, extra: row.extra },
      goldAnswer: row.ownGold ?? row.taskGold,
    },
  }));
}

/** Recomputes the stored modes of these samples from their stored runs (after a verdict changed). */
export async function recomputeFailureModes(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(sampleFailureModes).where(inArray(sampleFailureModes.sampleId, [...ids]));
  const rows = (await classifiedSamples(db, ids)).flatMap(
    ({ id, submissionId, benchmark, sample }) =>
      failureModesOf(BENCHMARK_INFO[benchmark].failureModes, sample).map((mode) => ({
        sampleId: id,
        submissionId,
        mode,
      })),
  );
  if (rows.length) await db.insert(sampleFailureModes).values(rows);
}

/** Failed samples read and written per transaction by the backfill. */
const BACKFILL_BATCH = 200;

const idRow = z.object({ id: z.number() });

/**
 * Gives every failed sample without stored modes its modes: a database written before the
 * table existed, once (a failed sample always has one, so the next open finds none). Runs
 * when the database is opened; returns the samples it classified.
 */
export async function backfillFailureModes(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = (
      await rawRows(
        db,
        sql`SELECT s.id AS id FROM samples s WHERE NOT s.correct AND NOT EXISTS (SELECT 1 FROM sample_failure_modes m WHERE m.sample_id = s.id) ORDER BY s.id LIMIT ${BACKFILL_BATCH}`,
      )
    ).map((row) => idRow.parse(row).id);
    if (!ids.length) return done;
    try {
      await withTx(db, (tx) => recomputeFailureModes(tx, ids));
    } catch (error) {
      // Another instance opening the same PostgreSQL database classified them first.
      if (!isUniqueViolation(error)) throw error;
    }
    done += ids.length;
  }
}
