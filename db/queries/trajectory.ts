import "server-only";
import { and, asc, eq, getTableColumns, gt, lt, desc, sql } from "drizzle-orm";
import { z } from "zod";
import { engineOf, first, type Db } from "../client";
import {
  canonicalTasks,
  hitLogs,
  sampleFacts,
  samples,
  steps,
  submissions,
  submissionTasks,
  tasks,
} from "../schema";
import { parseStoredStep, type Step } from "../../lib/trajectory/steps";
import { getSubmission } from "./submissions";
import { factFigureSql, factSeriesColumns, factsOfSample, withFactSeries } from "../sample-facts";
import type { SampleFactFigures } from "../../lib/benchmarks/atomic-facts";

/** A stored sample with its fact figures (a sample without atomic facts: none covered). */
export type SampleRow = typeof samples.$inferSelect & SampleFactFigures;
export type TaskRow = typeof tasks.$inferSelect;
export type HitLogRow = typeof hitLogs.$inferSelect;

/**
 * A task's text as one submission's pages show it: the submission's own question and gold
 * answer (null: its bundle did not include them), and the official question when a
 * registered task set has one, so a question that differs from it can be flagged.
 */
export interface TaskText {
  question: string | null;
  goldAnswer: string | null;
  canonicalQuestion: string | null;
}

export interface Trajectory {
  submission: typeof submissions.$inferSelect;
  sample: SampleRow;
  /** The task shared by every submission (its gold answer is the one re-judging uses). */
  task: TaskRow;
  text: TaskText;
  steps: (typeof steps.$inferSelect)[];
  hitLog: HitLogRow[];
  /** Runs of the same task in this submission, for the run selector. */
  runs: number[];
  /** The ATIF trajectories this one references (subagents, its continuation), with the sample holding each when it is in the submission. */
  atifLinks: AtifLink[];
}

export interface AtifLink {
  kind: "subagent" | "continued";
  ref: string;
  target: { taskKey: string; run: number } | null;
}

const atifLinksSchema = z.object({
  metadata: z
    .object({
      atif: z
        .object({
          links: z.array(
            z.object({
              kind: z.enum(["subagent", "continued"]),
              ref: z.string(),
              file: z.string().nullable(),
            }),
          ),
        })
        .nullish(),
    })
    .nullish(),
});

/** The sample's ATIF references (lib/bundle-format/atif-line.ts), each resolved to the sample whose trajectory file it names. */
async function atifLinksOf(db: Db, sample: SampleRow): Promise<AtifLink[]> {
  const links = atifLinksSchema.safeParse(sample.detail).data?.metadata?.atif?.links ?? [];
  // The trajectory file a sample came from, in its JSON `detail`: json_extract on SQLite, `#>>` on PostgreSQL.
  const fileOf =
    engineOf(db) === "postgres"
      ? sql`(${samples.detail} #>> '{metadata,atif,file}')`
      : sql`json_extract(${samples.detail}, '$.metadata.atif.file')`;
  const resolved: AtifLink[] = [];
  for (const link of links) {
    const target = link.file
      ? ((await first(
          db
            .select({ taskKey: samples.taskKey, run: samples.run })
            .from(samples)
            .where(
              and(eq(samples.submissionId, sample.submissionId), sql`${fileOf} = ${link.file}`),
            )
            .orderBy(asc(samples.id))
            .limit(1),
        )) ?? null)
      : null;
    resolved.push({ kind: link.kind, ref: link.ref, target });
  }
  return resolved;
}

/** The task's text for this submission: its own, never another submission's, beside the official question. */
export async function taskText(
  db: Db,
  submissionId: number,
  task: Pick<TaskRow, "id" | "benchmarkId" | "benchmarkVersion" | "taskKey">,
): Promise<TaskText> {
  // Independent reads: at once.
  const [own, canonical] = await Promise.all([
    first(
      db
        .select({ question: submissionTasks.question, goldAnswer: submissionTasks.goldAnswer })
        .from(submissionTasks)
        .where(
          and(eq(submissionTasks.submissionId, submissionId), eq(submissionTasks.taskId, task.id)),
        )
        .limit(1),
    ),
    first(
      db
        .select({ question: canonicalTasks.question })
        .from(canonicalTasks)
        .where(
          and(
            eq(canonicalTasks.benchmarkId, task.benchmarkId),
            eq(canonicalTasks.benchmarkVersion, task.benchmarkVersion),
            eq(canonicalTasks.taskKey, task.taskKey),
          ),
        )
        .limit(1),
    ),
  ]);
  return {
    question: own?.question ?? null,
    goldAnswer: own?.goldAnswer ?? null,
    canonicalQuestion: canonical?.question ?? null,
  };
}

/** One sample's whole trajectory; steps are loaded only here, one sample at a time. */
export async function getTrajectory(
  db: Db,
  submissionId: number,
  taskKey: string,
  run: number,
): Promise<Trajectory | null> {
  const submission = await getSubmission(db, submissionId);
  if (!submission) return null;
  const found = await first(
    db
      .select({ ...getTableColumns(samples), ...factFigureSql, ...factSeriesColumns })
      .from(samples)
      .leftJoin(sampleFacts, factsOfSample)
      .where(
        and(
          eq(samples.submissionId, submissionId),
          eq(samples.taskKey, taskKey),
          eq(samples.run, run),
        ),
      )
      .limit(1),
  );
  if (!found) return null;
  const sample = withFactSeries(found);
  const task = await first(db.select().from(tasks).where(eq(tasks.id, sample.taskId)).limit(1));
  if (!task) throw new Error(`sample ${sample.id} refers to missing task ${sample.taskId}`);
  const stepRows = (
    await db.select().from(steps).where(eq(steps.sampleId, sample.id)).orderBy(asc(steps.ordinal))
  ).map((row) => ({ ...row, data: parseStoredStep(row.data) }));
  const hitLog = await db
    .select()
    .from(hitLogs)
    .where(eq(hitLogs.sampleId, sample.id))
    .orderBy(asc(hitLogs.callIndex));
  const runs = (
    await db
      .select({ run: samples.run })
      .from(samples)
      .where(and(eq(samples.submissionId, submissionId), eq(samples.taskKey, taskKey)))
      .orderBy(asc(samples.run))
  ).map((r) => r.run);
  return {
    submission,
    sample,
    task,
    text: await taskText(db, submissionId, task),
    steps: stepRows,
    hitLog,
    runs,
    atifLinks: await atifLinksOf(db, sample),
  };
}

/** A sample's row id and its submission, without its steps: what the step and find APIs check before reading any. */
export async function sampleOfSubmission(
  db: Db,
  submissionId: number,
  taskKey: string,
  run: number,
): Promise<{ submission: typeof submissions.$inferSelect; sampleId: number } | null> {
  const submission = await getSubmission(db, submissionId);
  if (!submission) return null;
  const sample = await first(
    db
      .select({ id: samples.id })
      .from(samples)
      .where(
        and(
          eq(samples.submissionId, submissionId),
          eq(samples.taskKey, taskKey),
          eq(samples.run, run),
        ),
      )
      .limit(1),
  );
  return sample ? { submission, sampleId: sample.id } : null;
}

/** One step of a sample by its ordinal, or null: a step's body, opened in the viewer. */
export async function sampleStep(db: Db, sampleId: number, ordinal: number): Promise<Step | null> {
  const row = await first(
    db
      .select({ data: steps.data })
      .from(steps)
      .where(and(eq(steps.sampleId, sampleId), eq(steps.ordinal, ordinal)))
      .limit(1),
  );
  return row ? parseStoredStep(row.data) : null;
}

/** Every step of a sample with its ordinal, in order: what the transcript search reads. */
export async function sampleSteps(
  db: Db,
  sampleId: number,
): Promise<{ ordinal: number; step: Step }[]> {
  const rows = await db
    .select({ ordinal: steps.ordinal, step: steps.data })
    .from(steps)
    .where(eq(steps.sampleId, sampleId))
    .orderBy(asc(steps.ordinal));
  return rows.map((row) => ({ ordinal: row.ordinal, step: parseStoredStep(row.step) }));
}

/** Whether a submission has this sample, without loading its steps (the page title names it). */
export async function hasSample(
  db: Db,
  submissionId: number,
  taskKey: string,
  run: number,
): Promise<boolean> {
  const row = await first(
    db
      .select({ id: samples.id })
      .from(samples)
      .where(
        and(
          eq(samples.submissionId, submissionId),
          eq(samples.taskKey, taskKey),
          eq(samples.run, run),
        ),
      )
      .limit(1),
  );
  return row !== undefined;
}

export interface SampleRef {
  taskKey: string;
  run: number;
}

/** The next (or previous) incorrect sample of the submission, in sample order. */
export async function neighbourFailedSample(
  db: Db,
  submissionId: number,
  sampleId: number,
  direction: "next" | "previous",
): Promise<SampleRef | null> {
  const row = await first(
    db
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
      .limit(1),
  );
  return row ?? null;
}
