/**
 * The job queue across a crash, with real processes: a worker (`cli worker`) is killed with
 * SIGKILL in the middle of importing a 1,608-sample upload. What its batches wrote is an
 * `importing` submission no one sees; a second worker takes the job up again, removes that
 * at once (not after its heartbeat goes stale), and the submission appears exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, expect, it } from "vitest";
import { count as countRows, eq, ne } from "drizzle-orm";
import { closeDb, first, openDb, type Db } from "../../db/client";
import { samples, steps, submissions, tasks, uploadJobs } from "../../db/schema";
import { testDatabaseTarget } from "../db";
import { enqueueUpload, getUploadJob, SPOOLED_FILE } from "../../db/jobs/upload-jobs";
import { spoolRoot } from "../../db/jobs/worker";
import { issueUploadToken } from "../../db/upload-tokens";
import { benchTasks, ingestSubmission, writeBenchBundle } from "../../scripts/bench/generate";

const ROOT = join(__dirname, "..", "..");
const TASKS = 1608;

let tmp: string;
/** The database: a SQLite file, or a PostgreSQL URL (given to the workers as --db, as an operator may). */
let target: string;
let db: Db;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "cli/main.ts", "worker", "--db", target],
    {
      cwd: ROOT,
      env: { ...process.env, SEEKBOARD_NO_DEMO: "1", SEEKBOARD_SPOOL_DIR: spoolDir() },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  workers.push(child);
  return child;
}

async function until<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The workers' spool root: in the test's folder (on PostgreSQL the default is under the working directory). */
const spoolDir = () => join(tmp, "uploads");

const TABLES = { submissions, samples, steps, tasks };
const count = async (table: keyof typeof TABLES) =>
  (await first(db.select({ n: countRows() }).from(TABLES[table]).limit(1)))!.n;
/** Submissions anyone can see: an `importing` one is no one's. */
const settled = async () =>
  (await first(
    db
      .select({ n: countRows() })
      .from(submissions)
      .where(ne(submissions.status, "importing"))
      .limit(1),
  ))!.n;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-crash-"));
  target = testDatabaseTarget(join(tmp, "crash.db"));
  db = await openDb(target, { retryForMs: 0 });
});

afterAll(async () => {
  for (const child of workers) child.kill("SIGKILL");
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

it(
  "a worker killed mid-import leaves nothing behind; the next worker imports the upload once",
  { timeout: 180_000 },
  async () => {
    const bundle = writeBenchBundle(join(tmp, "bundle"), benchTasks(TASKS), ingestSubmission());
    const spool = join(spoolRoot({ SEEKBOARD_SPOOL_DIR: spoolDir() }, target), "upload-crash");
    mkdirSync(spool, { recursive: true });
    await tar.c({ gzip: true, file: join(spool, SPOOLED_FILE), cwd: bundle.dir, portable: true }, [
      "manifest.json",
      "tasks.jsonl",
      "results.jsonl",
    ]);
    const team = await issueUploadToken(db, "Team Crash");
    const jobId = await enqueueUpload(db, {
      uploaderTokenId: team.id,
      spoolDir: spool,
      fileName: "run.tar.gz",
      fields: {},
      limits: {
        maxUnpackedBytes: 1024 ** 3,
        maxFiles: 100,
        maxUnpackMs: 60_000,
        maxImportMs: 600_000,
        maxLineBytes: 64 * 1024 ** 2,
      },
    });
    const submissionsBefore = await count("submissions");

    // Killed once the import has committed a batch, before it publishes.
    const first = startWorker();
    await until(
      "the first batch",
      async () =>
        (
          await db
            .select({ id: samples.id })
            .from(samples)
            .innerJoin(submissions, eq(submissions.id, samples.submissionId))
            .where(eq(submissions.status, "importing"))
            .limit(1)
        ).length > 0,
    );
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    expect((await getUploadJob(db, jobId))?.state).toBe("running");
    expect(await settled()).toBe(submissionsBefore);
    expect(await count("samples")).toBeGreaterThan(0);

    // The next worker sees the job's worker is gone, queues it again and imports it.
    startWorker();
    const done = await until("the job to end", async () => {
      const job = await getUploadJob(db, jobId);
      return job && (job.state === "done" || job.state === "failed") ? job : null;
    });
    expect(done).toMatchObject({
      state: "done",
      errors: null,
      result: { samples: TASKS, duplicate: false, status: "pending" },
    });
    expect(
      await db
        .select({ attempts: uploadJobs.attempts })
        .from(uploadJobs)
        .where(eq(uploadJobs.id, jobId)),
    ).toEqual([{ attempts: 2 }]);
    expect(await count("submissions")).toBe(submissionsBefore + 1);
    expect(await settled()).toBe(submissionsBefore + 1);
    expect(await count("samples")).toBe(TASKS);
    // The spool folder goes with the job.
    expect(existsSync(spool)).toBe(false);
  },
);
