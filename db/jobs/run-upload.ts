/** One upload job run by the worker: the spooled file imported, the answer or the errors recorded, the spool folder removed. */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BundleError, serverResourceCode } from "../../lib/import/errors";
import type { JobProgress, SubmissionAnswer } from "../../lib/submit/answer";
import { benchmarkIdOf } from "../benchmark-id";
import type { Db } from "../client";
import type { IngestProgress, IngestResult } from "../ingest";
import { displayName, ingestUpload } from "../ingest-upload";
import { getSubmissionPreview } from "../queries/moderation";
import { submissionChecks } from "../queries/standing";
import { touchUploadToken } from "../upload-tokens";
import { uploadedByTeamOf } from "../queries/upload-tokens";
import {
  failUploadJob,
  finishUploadJob,
  jobTempDir,
  markImportStarted,
  progressPath,
  removeJobTempDir,
  retryLaterError,
  serverError,
  SPOOLED_FILE,
  type ClaimedUpload,
} from "./upload-jobs";

/** How often the progress file is rewritten at most: often enough for a progress bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 250;

/** The 201/200 answer for an imported bundle (a duplicate: of the same team's). The team and moderation notes stay out. */
export async function submissionAnswer(db: Db, result: IngestResult): Promise<SubmissionAnswer> {
  const preview = await getSubmissionPreview(db, result.submissionId);
  if (!preview) throw new Error(`submission ${result.submissionId} vanished after its import`);
  const { id, status, benchmark, model, agent, setting, samples, tasks, metrics, figures } =
    preview;
  return {
    id,
    status,
    duplicate: result.duplicate,
    benchmark,
    model,
    agent,
    setting,
    samples,
    tasks,
    metrics,
    figures,
    url: `/s/${id}`,
    ...(await submissionChecks(db, benchmarkIdOf(benchmark), id)),
  };
}

/**
 * Writes the progress file by replacing it whole, so a reader never sees half of it; and,
 * as the import reports in after every chunk read and every sample, stops an import past
 * its deadline (the error rolls its transaction back).
 */
function progressWriter(
  spoolDir: string,
  deadline: { at: number; error: () => BundleError },
): { write: (progress: IngestProgress) => void; last: () => JobProgress | null } {
  const path = progressPath(spoolDir);
  const next = join(spoolDir, "progress.next.json");
  let last: JobProgress | null = null;
  let writtenAt = 0;
  return {
    write(progress) {
      last = progress;
      const now = Date.now();
      if (now > deadline.at) throw deadline.error();
      if (now - writtenAt < PROGRESS_EVERY_MS) return;
      writtenAt = now;
      writeFileSync(next, JSON.stringify(progress));
      renameSync(next, path);
    },
    last: () => last,
  };
}

/**
 * Imports a claimed job's file, unpacking into the job's own temporary folder (emptied
 * first: an earlier attempt may have been killed mid-way). A bundle's problems fail the job
 * with its errors (what a 400 says); the server running out of disk or file handles fails it
 * as worth retrying later (a 503); anything else fails it with a message naming no server
 * path. Both of the server's go to the log.
 */
export async function runUploadJob(db: Db, job: ClaimedUpload): Promise<void> {
  const received = join(job.spoolDir, SPOOLED_FILE);
  const { maxLineBytes, maxImportMs, ...limits } = job.limits;
  const progress = progressWriter(job.spoolDir, {
    at: Date.now() + maxImportMs,
    error: () =>
      BundleError.at(
        displayName(job.fileName),
        null,
        null,
        `the import took longer than ${maxImportMs} ms (SEEKBOARD_MAX_IMPORT_MS); nothing was imported`,
      ),
  });
  const unpackInto = jobTempDir(job.id);
  try {
    removeJobTempDir(job.id);
    mkdirSync(unpackInto, { recursive: true });
    if (!existsSync(received)) {
      await failUploadJob(
        db,
        job.id,
        serverError(
          "the received file is gone from the server (its spool folder was removed); upload the bundle again",
        ),
        null,
      );
      return;
    }
    const result = await ingestUpload(
      db,
      { dir: job.spoolDir, path: received, fileName: job.fileName, fields: job.fields },
      {
        uploaderTokenId: job.uploaderTokenId,
        limits: { ...limits, unpackInto },
        maxLineBytes,
        onProgress: progress.write,
        // A job is claimed again only when its worker died.
        afterDeadImport: job.attempts > 1,
        onUnpacked: () =>
          markImportStarted(db, job.id).catch((error: unknown) =>
            console.error(
              `seekboard worker: upload job ${job.id}: could not record the import's start:`,
              error,
            ),
          ),
      },
    );
    await touchUploadToken(db, job.uploaderTokenId);
    // Another team's submission (or one the site loaded itself): its id, status and figures are theirs to see.
    if (result.duplicate && !(await uploadedByTeamOf(db, result.submissionId, job.uploaderTokenId)))
      throw BundleError.at(
        displayName(job.fileName),
        null,
        null,
        "this bundle's content was already submitted by another team: a copy is not a new run, and nothing of that submission is shown",
      );
    const final = progress.last();
    await finishUploadJob(
      db,
      job.id,
      await submissionAnswer(db, result),
      final
        ? { ...final, done: final.total ?? final.done }
        : { done: 0, total: null, samples: result.samples },
    );
  } catch (error) {
    const resource = serverResourceCode(error);
    if (error instanceof BundleError) {
      await failUploadJob(
        db,
        job.id,
        { errors: error.details, moreErrors: error.moreErrors },
        progress.last(),
      );
    } else if (resource) {
      console.error(`seekboard worker: upload job ${job.id} ran out of room (${resource}):`, error);
      await failUploadJob(
        db,
        job.id,
        retryLaterError(
          `the server ran out of room while importing (${resource}); nothing was imported: the bundle is not at fault, upload it again later`,
        ),
        progress.last(),
      );
    } else {
      console.error(`seekboard worker: upload job ${job.id} failed:`, error);
      await failUploadJob(
        db,
        job.id,
        serverError(
          "the import failed on the server; its operator can find why in the worker's log (nothing was imported)",
        ),
        progress.last(),
      );
    }
  } finally {
    rmSync(job.spoolDir, { recursive: true, force: true });
    removeJobTempDir(job.id);
  }
}
