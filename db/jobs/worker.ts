/**
 * The worker: imports uploads and runs re-evaluation jobs, one at a time, in its own
 * process with its own connection, so the server's event loop never waits for them
 * (SQLite in WAL mode lets the server read while the worker writes). The server forks one
 * at start (server/worker-process.ts); `cli worker` runs one by hand.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { LlmJudgeSetting } from "../../lib/judges/chat";
import { DEFAULT_DB_PATH, isPostgresUrl, type Db } from "../client";
import { failInterruptedJobs, nextQueuedReevalJob, runReevalJob } from "../reeval/jobs";
import { nextRubricJob, requeueInterruptedRubricJobs, runRubricChunk } from "../rubric/jobs";
import { bumpDataVersion, PUBLIC_DATA } from "./data-version";
import { removeDeadImports } from "../ingest-shared";
import { backfillGroundingStep } from "../grounding";
import { runUploadJob } from "./run-upload";
import { claimUploadJob, liveSpoolDirs, recoverUploadJobs, SPOOLED_FILE } from "./upload-jobs";

/**
 * Where uploads wait for the worker, one folder per upload: SEEKBOARD_SPOOL_DIR if set (a
 * folder several instances share, if they do); else beside the SQLite file; on PostgreSQL
 * `data/uploads` under the working directory. `target` is the database (by default the
 * one `env` names, as db/client.ts's dbTargetFromEnv reads it).
 */
export function spoolRoot(
  env: Record<string, string | undefined> = process.env,
  target?: string,
): string {
  const configured = env.SEEKBOARD_SPOOL_DIR?.trim();
  if (configured) return resolve(configured);
  const database =
    target ?? (env.SEEKBOARD_DATABASE_URL?.trim() || resolve(env.SEEKBOARD_DB || DEFAULT_DB_PATH));
  if (isPostgresUrl(database)) return resolve("data", "uploads");
  return join(dirname(database), `${basename(database)}-uploads`);
}

/** This process as a job's `worker`: enough to tell, on this machine, whether it still runs. */
export function workerId(pid: number = process.pid): string {
  return `${hostname()}/${pid}`;
}

/**
 * Whether the worker that claimed a job still runs. Only its own host can tell, so one on
 * another host (several instances on one PostgreSQL database) is assumed alive: its job is
 * recovered by the next worker started on that host (the server forks a new one when its
 * worker dies, and a restarted host starts one), which finds no process with that pid. An
 * instance removed for good leaves its running jobs to the operator; without a shared
 * SEEKBOARD_SPOOL_DIR their files were on its disk only, so no other worker could run them
 * anyway. None at all ran before workers existed.
 */
export function workerAlive(worker: string | null, self: number = process.pid): boolean {
  if (worker === null) return false;
  const at = worker.lastIndexOf("/");
  if (worker.slice(0, at) !== hostname()) return true;
  const pid = Number(worker.slice(at + 1));
  // This process claims nothing before it recovers, so a job in its name is an earlier life's.
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === self) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A received upload no job names is left over from a crash once it is this old (receiving a large file takes a while). */
const ORPHAN_SPOOL_MS = 60 * 60 * 1000;

/** Removes spool folders no queued or running job names and nothing wrote to for an hour. */
export async function sweepOrphanSpoolDirs(
  db: Db,
  root: string,
  now: number = Date.now(),
): Promise<number> {
  if (!existsSync(root)) return 0;
  const live = await liveSpoolDirs(db);
  let swept = 0;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const dir = join(root, entry.name);
    if (!entry.isDirectory() || live.has(dir)) continue;
    try {
      const file = join(dir, SPOOLED_FILE);
      const touched = Math.max(
        statSync(dir).mtimeMs,
        existsSync(file) ? statSync(file).mtimeMs : 0,
      );
      if (now - touched < ORPHAN_SPOOL_MS) continue;
      rmSync(dir, { recursive: true, force: true });
      swept += 1;
    } catch {
      // Removed meanwhile by whoever owned it.
    }
  }
  return swept;
}

export interface WorkerOptions {
  db: Db;
  spoolRoot: string;
  llm: LlmJudgeSetting;
  /** Ends the loop once the job in hand (if any) is finished. */
  signal: AbortSignal;
  /** Pause between looks at an empty queue. */
  idleMs?: number;
  log?: (message: string) => void;
}

/** How often the worker looks for jobs whose worker died (another worker's, on this machine). */
const RECOVER_EVERY_MS = 10_000;

async function recover(db: Db, log: (message: string) => void, self: string): Promise<void> {
  const uploads = await recoverUploadJobs(db, (worker) => workerAlive(worker));
  if (uploads.requeued)
    log(`${uploads.requeued} upload job(s) interrupted by a stopped worker queued again`);
  if (uploads.failed) log(`${uploads.failed} upload job(s) given up after repeated interruptions`);
  const reevals = await failInterruptedJobs(db, (worker) => workerAlive(worker));
  if (reevals) log(`${reevals} re-evaluation job(s) interrupted by a stopped worker marked failed`);
  const rubrics = await requeueInterruptedRubricJobs(db, (worker) => workerAlive(worker), self);
  if (rubrics) log(`${rubrics} rubric search(es) interrupted by a stopped worker queued again`);
  const imports = await removeDeadImports(db);
  if (imports) log(`${imports} import(s) whose process died removed`);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener("abort", finish);
      done();
    }
    signal.addEventListener("abort", finish, { once: true });
  });
}

/**
 * Runs jobs until `signal` aborts: uploads first (someone may be waiting on the answer), then
 * re-evaluations, then rubric searches a few runs at a time (so an upload waits for a few
 * judge calls at most, never for a whole search).
 */
export async function runWorker(options: WorkerOptions): Promise<void> {
  const { db, signal } = options;
  const log = options.log ?? ((message: string) => console.log(`seekboard worker: ${message}`));
  const self = workerId();
  mkdirSync(options.spoolRoot, { recursive: true });
  await recover(db, log, self);
  const swept = await sweepOrphanSpoolDirs(db, options.spoolRoot);
  if (swept) log(`removed ${swept} left-over upload folder(s)`);
  let recoveredAt = Date.now();
  // The samples a migration left without grounding, visited once in id order (null: none left).
  let groundingCursor: number | null = 0;
  while (!signal.aborted) {
    if (Date.now() - recoveredAt > RECOVER_EVERY_MS) {
      await recover(db, log, self);
      recoveredAt = Date.now();
    }
    const upload = await claimUploadJob(db, self);
    if (upload) {
      await runUploadJob(db, upload);
      continue;
    }
    const reeval = await nextQueuedReevalJob(db);
    if (reeval !== null) {
      await runReevalJob(db, reeval, {
        llm: options.llm,
        worker: self,
        onChunkWritten: () => bumpDataVersion(db, PUBLIC_DATA),
      });
      continue;
    }
    const rubric = await nextRubricJob(db, self);
    if (rubric !== null) {
      await runRubricChunk(db, rubric, { llm: options.llm, worker: self });
      continue;
    }
    // Between jobs, a batch at a time, so an upload never waits for the whole backfill.
    if (groundingCursor !== null) {
      const step = await backfillGroundingStep(db, groundingCursor);
      groundingCursor = step?.cursor ?? null;
      if (step?.refreshed.length) {
        log(`answer grounding computed for submission(s) ${step.refreshed.join(", ")}`);
        await bumpDataVersion(db, PUBLIC_DATA);
      }
      continue;
    }
    await pause(options.idleMs ?? 100, signal);
  }
}
