/**
 * The upload queue: the server receives a file into a spool folder and queues it here;
 * a worker claims the oldest queued job and imports it. A claim is one transaction that
 * locks the job (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: BEGIN IMMEDIATE), so two
 * workers never run the same job; a job whose worker died is queued again (its import was
 * one transaction, so nothing of it was written) until it has been tried MAX_ATTEMPTS times.
 *
 * Several instances on one PostgreSQL database: a job's file is on the disk of the instance
 * that received it (unless SEEKBOARD_SPOOL_DIR is a folder they share), so a worker claims
 * only the jobs whose file it can see. The spool folder's name carries the receiving host
 * (`newSpoolDir`), so that a file gone from its own host's disk fails its job instead of
 * leaving it queued for ever.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { dataRecord } from "../../lib/data-record";
import { UNPACK_PREFIX } from "../../lib/import/bundle";
import {
  jobErrorsSchema,
  jobProgressSchema,
  submissionAnswerSchema,
  type ErrorDetail,
  type JobErrors,
  type JobProgress,
  type SubmissionAnswer,
  type UploadJobAnswer,
} from "../../lib/submit/answer";
import { engineOf, first, forUpdateSkipLocked, withTx, type Db } from "../client";
import { uploadJobs, type UploadJobState } from "../schema";

/** Tries before a job that keeps killing its worker is given up. */
export const MAX_ATTEMPTS = 3;

/** The spool folder's file the server received, and the progress file the worker rewrites. */
export const SPOOLED_FILE = "upload";
const PROGRESS_FILE = "progress.json";

export const uploadLimitsSchema = z.strictObject({
  maxUnpackedBytes: z.number().int().positive(),
  maxFiles: z.number().int().positive(),
  maxUnpackMs: z.number().int().positive(),
  maxImportMs: z.number().int().positive(),
  maxLineBytes: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

const formFieldsSchema = dataRecord(z.string());

/** This host in a spool folder's name: its characters that are safe in a file name. */
function hostTag(host: string = hostname()): string {
  return host.replace(/[^A-Za-z0-9.]/g, "_") || "host";
}

/** mkdtemp's random suffix. */
const TEMP_SUFFIX_LENGTH = 6;

/** A new folder under `root` for an upload being received on this host (named after the host). */
export function newSpoolDir(root: string): string {
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, `upload-${hostTag()}-`));
}

/** Whether a spool folder was made by `newSpoolDir` on this host. */
function receivedHere(spoolDir: string): boolean {
  const name = basename(spoolDir);
  return (
    name.length > TEMP_SUFFIX_LENGTH &&
    name.slice(0, -TEMP_SUFFIX_LENGTH) === `upload-${hostTag()}-`
  );
}

export interface QueuedUpload {
  uploaderTokenId: number;
  spoolDir: string;
  fileName: string;
  fields: Record<string, string>;
  limits: UploadLimits;
}

export async function enqueueUpload(
  db: Db,
  upload: QueuedUpload,
  now: Date = new Date(),
): Promise<number> {
  // withTx: the lock is waited for without blocking the server (an import may hold it).
  const [row] = await withTx(db, (tx) =>
    tx
      .insert(uploadJobs)
      // Spread: form fields arrive as a null-prototype object, which drizzle's JSON column cannot take.
      .values({
        state: "queued",
        ...upload,
        fields: { ...upload.fields },
        createdAt: now.toISOString(),
      })
      .returning({ id: uploadJobs.id }),
  );
  return row.id;
}

export interface ClaimedUpload extends QueuedUpload {
  id: number;
  attempts: number;
}

/** Queued jobs looked at per query of a claim (the first whose file this worker sees is taken). */
const CLAIM_PAGE = 20;

/** A queued job ended as failed by the claim, before any worker ran it. */
async function failQueued(tx: Db, id: number, errors: ErrorDetail[], now: Date): Promise<void> {
  await tx
    .update(uploadJobs)
    .set({ state: "failed", errors, finishedAt: now.toISOString() })
    .where(and(eq(uploadJobs.id, id), eq(uploadJobs.state, "queued")));
}

/**
 * Takes the oldest queued job whose file this worker can see, for `worker` (`host/pid`), or
 * null when there is none. Jobs whose file is elsewhere (another instance's disk) are left
 * for that instance's worker. A job whose file is gone (SQLite: one machine, so it is gone
 * for everyone; PostgreSQL: gone from the host that received it), or that was queued in a
 * form this worker cannot read, is failed on the way.
 */
export async function claimUploadJob(
  db: Db,
  worker: string,
  now: Date = new Date(),
): Promise<ClaimedUpload | null> {
  // A read first: an idle worker asks often, and a read takes no lock.
  if (
    !(await first(
      db
        .select({ id: uploadJobs.id })
        .from(uploadJobs)
        .where(eq(uploadJobs.state, "queued"))
        .limit(1),
    ))
  )
    return null;
  const oneMachine = engineOf(db) === "sqlite";
  const removeAfter: string[] = [];
  const claimed = await withTx(db, async (tx): Promise<ClaimedUpload | null> => {
    for (let after = 0; ;) {
      const page = tx
        .select({
          id: uploadJobs.id,
          uploaderTokenId: uploadJobs.uploaderTokenId,
          spoolDir: uploadJobs.spoolDir,
          fileName: uploadJobs.fileName,
          fields: uploadJobs.fields,
          limits: uploadJobs.limits,
        })
        .from(uploadJobs)
        .where(and(eq(uploadJobs.state, "queued"), gt(uploadJobs.id, after)))
        .orderBy(asc(uploadJobs.id))
        .limit(CLAIM_PAGE);
      // PostgreSQL: the candidates locked, those another worker is claiming skipped.
      const candidates = await forUpdateSkipLocked(tx, page);
      for (const job of candidates) {
        if (!existsSync(join(job.spoolDir, SPOOLED_FILE))) {
          if (oneMachine || receivedHere(job.spoolDir)) {
            await failQueued(
              tx,
              job.id,
              serverError(
                "the received file is gone from the server (its spool folder was removed); upload the bundle again",
              ),
              now,
            );
            removeAfter.push(job.spoolDir);
          }
          // Otherwise on another instance's disk: its worker takes it.
          continue;
        }
        const fields = formFieldsSchema.safeParse(job.fields);
        const limits = uploadLimitsSchema.safeParse(job.limits);
        if (!fields.success || !limits.success) {
          // Queued by a server of another version: failed, not retried forever.
          await failQueued(
            tx,
            job.id,
            serverError(
              "the job was queued in a form this worker cannot read (a server of another version?); upload the bundle again",
            ),
            now,
          );
          removeAfter.push(job.spoolDir);
          continue;
        }
        const [taken] = await tx
          .update(uploadJobs)
          .set({
            state: "running",
            worker,
            attempts: sql`${uploadJobs.attempts} + 1`,
            startedAt: now.toISOString(),
          })
          .where(and(eq(uploadJobs.id, job.id), eq(uploadJobs.state, "queued")))
          .returning({ attempts: uploadJobs.attempts });
        if (!taken) continue;
        return {
          id: job.id,
          uploaderTokenId: job.uploaderTokenId,
          spoolDir: job.spoolDir,
          fileName: job.fileName,
          fields: fields.data,
          limits: limits.data,
          attempts: taken.attempts,
        };
      }
      if (candidates.length < CLAIM_PAGE) return null;
      after = candidates[candidates.length - 1].id;
    }
  });
  for (const dir of removeAfter) rmSync(dir, { recursive: true, force: true });
  return claimed;
}

/** The bundle is unpacked: from here on the job's time is the import's own. */
export async function markImportStarted(db: Db, id: number, now: Date = new Date()): Promise<void> {
  await db
    .update(uploadJobs)
    .set({ importStartedAt: now.toISOString() })
    .where(eq(uploadJobs.id, id));
}

export async function finishUploadJob(
  db: Db,
  id: number,
  answer: SubmissionAnswer,
  progress: JobProgress,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(uploadJobs)
    .set({
      state: "done",
      submissionId: answer.id,
      result: answer,
      progress,
      finishedAt: now.toISOString(),
    })
    .where(and(eq(uploadJobs.id, id), eq(uploadJobs.state, "running")));
}

export async function failUploadJob(
  db: Db,
  id: number,
  errors: ErrorDetail[] | JobErrors,
  progress: JobProgress | null,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(uploadJobs)
    .set({ state: "failed", errors, progress, finishedAt: now.toISOString() })
    .where(and(eq(uploadJobs.id, id), eq(uploadJobs.state, "running")));
}

/** The error of a job given up for a reason of the server's, not the bundle's. */
export function serverError(message: string): ErrorDetail[] {
  return [{ file: "server", line: null, field: null, message }];
}

/**
 * The field of a server error worth retrying later (the server's disk or file handles ran
 * out while it worked on the upload): the upload answers 503 with Retry-After.
 */
export const RETRY_LATER_FIELD = "retry-after";
/** The Retry-After of such an answer: long enough for an operator's sweep or a finished import to free room. */
export const RETRY_LATER_SECONDS = 60;

export function retryLaterError(message: string): ErrorDetail[] {
  return [{ file: "server", line: null, field: RETRY_LATER_FIELD, message }];
}

/** Whether a failed job's errors are the server's, worth the same upload again later. */
export function isRetryLater(errors: readonly ErrorDetail[]): boolean {
  return (
    errors.length > 0 &&
    errors.every((detail) => detail.file === "server" && detail.field === RETRY_LATER_FIELD)
  );
}

/**
 * Where a job's archives unpack: one folder per job in the temporary directory, named by
 * the job's id, so that what a killed worker left there is removed when the job is queued
 * again or given up (the day-old sweep of `seekboard-bundle-*` folders still covers it).
 */
export function jobTempDir(id: number, root: string = tmpdir()): string {
  return join(root, `${UNPACK_PREFIX}job-${id}`);
}

export function removeJobTempDir(id: number): void {
  rmSync(jobTempDir(id), { recursive: true, force: true });
}

/**
 * Running jobs whose worker is gone (`isAlive` says which are): queued again, or failed
 * once tried MAX_ATTEMPTS times. Returns how many of each. Each change names the dead
 * worker, so that two workers recovering at once never requeue a job one of them has
 * meanwhile claimed again.
 */
export async function recoverUploadJobs(
  db: Db,
  isAlive: (worker: string | null) => boolean,
  now: Date = new Date(),
): Promise<{ requeued: number; failed: number }> {
  const running = await db
    .select({
      id: uploadJobs.id,
      worker: uploadJobs.worker,
      attempts: uploadJobs.attempts,
      spoolDir: uploadJobs.spoolDir,
    })
    .from(uploadJobs)
    .where(eq(uploadJobs.state, "running"))
    .orderBy(asc(uploadJobs.id));
  const dead = running.filter((job) => !isAlive(job.worker));
  if (dead.length === 0) return { requeued: 0, failed: 0 };
  // A dead worker is on this host (another host's is taken as alive): its unpack folders are here.
  for (const job of dead) removeJobTempDir(job.id);
  const givenUp: string[] = [];
  const counts = await withTx(db, async (tx) => {
    let requeued = 0;
    let failed = 0;
    for (const job of dead) {
      const same = and(
        eq(uploadJobs.id, job.id),
        eq(uploadJobs.state, "running"),
        job.worker === null ? isNull(uploadJobs.worker) : eq(uploadJobs.worker, job.worker),
      );
      if (job.attempts < MAX_ATTEMPTS) {
        requeued += (
          await tx
            .update(uploadJobs)
            .set({ state: "queued", worker: null })
            .where(same)
            .returning({ id: uploadJobs.id })
        ).length;
      } else {
        const changed = await tx
          .update(uploadJobs)
          .set({
            state: "failed",
            errors: serverError(
              `the import stopped ${MAX_ATTEMPTS} times before it finished (the worker died); nothing was imported`,
            ),
            finishedAt: now.toISOString(),
          })
          .where(same)
          .returning({ id: uploadJobs.id });
        failed += changed.length;
        if (changed.length) givenUp.push(job.spoolDir);
      }
    }
    return { requeued, failed };
  });
  for (const dir of givenUp) rmSync(dir, { recursive: true, force: true });
  return counts;
}

/** Spool folders of jobs still to run: everything else in the spool root is left over. */
export async function liveSpoolDirs(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ spoolDir: uploadJobs.spoolDir })
    .from(uploadJobs)
    .where(inArray(uploadJobs.state, ["queued", "running"] satisfies UploadJobState[]));
  return new Set(rows.map((row) => row.spoolDir));
}

/** Written by the worker as it imports (the import is one transaction: the database cannot show it until the end). */
export function progressPath(spoolDir: string): string {
  return join(spoolDir, PROGRESS_FILE);
}

function readProgress(spoolDir: string): JobProgress | null {
  const path = progressPath(spoolDir);
  if (!existsSync(path)) return null;
  try {
    return jobProgressSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    // Replaced while being read (the worker writes a new file and renames it over): the next poll reads it.
    return null;
  }
}

const NO_PROGRESS: JobProgress = { done: 0, total: null, samples: 0 };

export interface UploadJobView extends UploadJobAnswer {
  uploaderTokenId: number;
}

/** A job as `GET /api/jobs/{id}` shows it, with who may see it; undefined when there is no such job. */
export async function getUploadJob(db: Db, id: number): Promise<UploadJobView | undefined> {
  const row = await first(
    db
      .select({
        id: uploadJobs.id,
        state: uploadJobs.state,
        uploaderTokenId: uploadJobs.uploaderTokenId,
        spoolDir: uploadJobs.spoolDir,
        result: uploadJobs.result,
        errors: uploadJobs.errors,
        progress: uploadJobs.progress,
      })
      .from(uploadJobs)
      .where(eq(uploadJobs.id, id))
      .limit(1),
  );
  if (!row) return undefined;
  const result = row.result === null ? null : submissionAnswerSchema.parse(row.result);
  const failure = row.errors === null ? null : jobErrorsSchema.parse(row.errors);
  // A running job's progress is in its spool folder; an ended job's final figures are in its row.
  const progress =
    (row.state === "running"
      ? readProgress(row.spoolDir)
      : row.progress === null
        ? null
        : jobProgressSchema.parse(row.progress)) ?? NO_PROGRESS;
  return {
    id: row.id,
    state: row.state,
    uploaderTokenId: row.uploaderTokenId,
    progress,
    result,
    errors: failure?.errors ?? null,
    moreErrors: failure?.moreErrors ?? 0,
  };
}
