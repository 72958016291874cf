import "server-only";
import { and, asc, eq, gt, lt, desc } from "drizzle-orm";
import type { Db } from "../client";
import { hitLogs, samples, steps, submissions, tasks } from "../schema";
import { parseStoredStep } from "../../lib/trajectory/steps";
import { getSubmission } from "./submissions";

export type SampleRow = typeof samples.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type HitLogRow = typeof hitLogs.$inferSelect;

export interface Trajectory {
  submission: typeof submissions.$inferSelect;
  sample: SampleRow;
  task: TaskRow;
  steps: (typeof steps.$inferSelect)[];
  hitLog: HitLogRow[];
  /** Runs of the same task in this submission, for the run selector. */
  runs: number[];
}

/** One sample's whole trajectory; steps are loaded only here, one sample at a time. */
export function getTrajectory(db: Db, submissionId: number, taskKey: string, run: number): Trajectory | null {
  const submission = getSubmission(db, submissionId);
  if (!submission) return null;
  const sample = db
    .select()
    .from(samples)
    .where(and(eq(samples.submissionId, submissionId), eq(samples.taskKey, taskKey), eq(samples.run, run)))
    .get();
  if (!sample) return null;
  const task = db.select().from(tasks).where(eq(tasks.id, sample.taskId)).get();
  if (!task) throw new Error(`sample ${sample.id} refers to missing task ${sample.taskId}`);
  const stepRows = db
    .select()
    .from(steps)
    .where(eq(steps.sampleId, sample.id))
    .orderBy(asc(steps.ordinal))
    .all()
    .map((row) => ({ ...row, data: parseStoredStep(row.data) }));
  const hitLog = db.select().from(hitLogs).where(eq(hitLogs.sampleId, sample.id)).orderBy(asc(hitLogs.callIndex)).all();
  const runs = db
    .select({ run: samples.run })
    .from(samples)
    .where(and(eq(samples.submissionId, submissionId), eq(samples.taskKey, taskKey)))
    .orderBy(asc(samples.run))
    .all()
    .map((r) => r.run);
  return { submission, sample, task, steps: stepRows, hitLog, runs };
}

/** Whether a submission has this sample, without loading its steps (the page title names it). */
export function hasSample(db: Db, submissionId: number, taskKey: string, run: number): boolean {
  return (
    db
      .select({ id: samples.id })
      .from(samples)
      .where(and(eq(samples.submissionId, submissionId), eq(samples.taskKey, taskKey), eq(samples.run, run)))
      .get() !== undefined
  );
}

export interface SampleRef {
  taskKey: string;
  run: number;
}

/** The next (or previous) incorrect sample of the submission, in sample order. */
export function neighbourFailedSample(db: Db, submissionId: number, sampleId: number, direction: "next" | "previous"): SampleRef | null {
  const row = db
    .select({ taskKey: samples.taskKey, run: samples.run })
    .from(samples)
    .where(
      and(
        eq(samples.submissionId, submissionId),
        eq(samples.correct, false),
        direction === "next" ? gt(samples.id, sampleId) : lt(samples.id, sampleId),
      ),
    )
    .orderBy(direction === "next" ? asc(samples.id) : desc(samples.id))
    .limit(1)
    .get();
  return row ?? null;
}
