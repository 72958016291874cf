/**
 * The upload queue's claim on either engine: several workers claiming at once each get a
 * different job, and each job goes to one worker (PostgreSQL: FOR UPDATE SKIP LOCKED across
 * connections); a worker claims only jobs whose file it can see; where the uploads wait.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, engineOf, openDb, withTx, type Db } from "../../db/client";
import {
  bumpDataVersion,
  dataVersion,
  PUBLIC_DATA,
  PUBLIC_DATA_CHANNEL,
} from "../../db/jobs/data-version";
import {
  claimUploadJob,
  enqueueUpload,
  newSpoolDir,
  recoverUploadJobs,
  SPOOLED_FILE,
  type UploadLimits,
} from "../../db/jobs/upload-jobs";
import { spoolRoot } from "../../db/jobs/worker";
import { uploadJobs } from "../../db/schema";
import { issueUploadToken } from "../../db/upload-tokens";
import { testDatabaseTarget, testEngine } from "../db";

const LIMITS: UploadLimits = {
  maxUnpackedBytes: 1024 ** 2,
  maxFiles: 10,
  maxUnpackMs: 1000,
  maxImportMs: 1000,
  maxLineBytes: 1024,
};

let tmp: string;
let target: string;
/** Each worker's own connection (pool) on PostgreSQL; on SQLite one, as a process has (its transactions take turns). */
let dbs: Db[];
let db: Db;
let tokenId: number;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-claim-"));
  target = testDatabaseTarget(join(tmp, "claim.db"));
  db = await openDb(target, { retryForMs: 0, maxConnections: 4 });
  dbs =
    testEngine() === "postgres"
      ? [
          db,
          ...(await Promise.all(
            [1, 2, 3].map(() => openDb(target, { retryForMs: 0, maxConnections: 2 })),
          )),
        ]
      : [db, db, db, db];
  tokenId = (await issueUploadToken(db, "Team Queue")).id;
});

afterAll(async () => {
  await Promise.all([...new Set(dbs)].map((each) => closeDb(each)));
  rmSync(tmp, { recursive: true, force: true });
});

const root = () => join(tmp, "uploads");

async function enqueue(dir: string, withFile = true): Promise<number> {
  mkdirSync(dir, { recursive: true });
  if (withFile) writeFileSync(join(dir, SPOOLED_FILE), "bundle");
  return enqueueUpload(db, {
    uploaderTokenId: tokenId,
    spoolDir: dir,
    fileName: "run.zip",
    fields: {},
    limits: LIMITS,
  });
}

const stateOf = async (id: number) =>
  (
    await db
      .select({ state: uploadJobs.state, errors: uploadJobs.errors })
      .from(uploadJobs)
      .where(eq(uploadJobs.id, id))
  )[0];

/** Ends every queued job, so that a test starts from an empty queue. */
async function drain(): Promise<void> {
  await db.update(uploadJobs).set({ state: "failed" }).where(eq(uploadJobs.state, "queued"));
}

describe("claimUploadJob", () => {
  it("four workers claiming at once: every job once, none twice", async () => {
    await drain();
    const ids = new Set<number>();
    for (let i = 0; i < 24; i++) ids.add(await enqueue(newSpoolDir(root())));
    const claimedBy = await Promise.all(
      dbs.map(async (each, worker) => {
        const mine: number[] = [];
        for (
          let job = await claimUploadJob(each, `${hostname()}/${900_000 + worker}`);
          job;
          job = await claimUploadJob(each, `${hostname()}/${900_000 + worker}`)
        )
          mine.push(job.id);
        return mine;
      }),
    );
    const all = claimedBy.flat();
    expect(all.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const rows = await db
      .select({ id: uploadJobs.id, state: uploadJobs.state, attempts: uploadJobs.attempts })
      .from(uploadJobs)
      .where(eq(uploadJobs.state, "running"));
    expect(rows.filter((row) => ids.has(row.id)).every((row) => row.attempts === 1)).toBe(true);
  });

  it("a job whose file is on another instance's disk is left for it; one whose file is gone from this host is failed", async () => {
    await drain();
    const elsewhere = await enqueue(join(root(), "upload-another.host-abc123"), false);
    const gone = await enqueue(newSpoolDir(root()), false);
    const here = await enqueue(newSpoolDir(root()));
    const claimed = await claimUploadJob(db, `${hostname()}/900100`);
    expect(claimed?.id).toBe(here);
    expect(await claimUploadJob(db, `${hostname()}/900100`)).toBeNull();
    expect(await stateOf(gone)).toMatchObject({
      state: "failed",
      errors: [{ file: "server", message: expect.stringContaining("gone from the server") }],
    });
    // SQLite is one machine's: a file missing there is missing for every worker.
    expect((await stateOf(elsewhere)).state).toBe(
      engineOf(db) === "postgres" ? "queued" : "failed",
    );
  });

  it("recovery never requeues a job another worker has meanwhile claimed again", async () => {
    await drain();
    const id = await enqueue(newSpoolDir(root()));
    expect((await claimUploadJob(db, `${hostname()}/900200`))?.id).toBe(id);
    // A second recoverer saw the job held by 900200, which died; the first requeued it and 900201 took it.
    await db
      .update(uploadJobs)
      .set({ worker: `${hostname()}/900201` })
      .where(eq(uploadJobs.id, id));
    expect(await recoverUploadJobs(db, (worker) => worker !== `${hostname()}/900200`)).toEqual({
      requeued: 0,
      failed: 0,
    });
    expect((await stateOf(id)).state).toBe("running");
  });
});

describe("spoolRoot", () => {
  it("SEEKBOARD_SPOOL_DIR; else beside the SQLite file; on PostgreSQL data/uploads under the working directory", () => {
    expect(
      spoolRoot({ SEEKBOARD_SPOOL_DIR: "/srv/spool", SEEKBOARD_DATABASE_URL: "postgres://x/y" }),
    ).toBe("/srv/spool");
    expect(spoolRoot({ SEEKBOARD_DB: "/srv/data/site.db" })).toBe("/srv/data/site.db-uploads");
    expect(spoolRoot({}, "/srv/other.db")).toBe("/srv/other.db-uploads");
    expect(
      spoolRoot({
        SEEKBOARD_DATABASE_URL: "postgres://u:p@db/seekboard",
        SEEKBOARD_DB: "/srv/data/site.db",
      }),
    ).toBe(resolve("data", "uploads"));
    expect(spoolRoot({}, "postgresql://db/seekboard")).toBe(resolve("data", "uploads"));
  });
});

describe("the public data version", () => {
  it("counts bumps, on either engine", async () => {
    const before = await dataVersion(db, PUBLIC_DATA);
    await bumpDataVersion(db, PUBLIC_DATA);
    await withTx(db, (tx) => bumpDataVersion(tx, PUBLIC_DATA));
    expect(await dataVersion(db, PUBLIC_DATA)).toBe(before + 2);
  });

  it.runIf(testEngine() === "postgres")(
    "PostgreSQL: a bump notifies the channel, once its transaction commits",
    async () => {
      const listener = new pg.Client({ connectionString: target });
      await listener.connect();
      try {
        const heard: string[] = [];
        listener.on("notification", (message) => heard.push(message.channel));
        await listener.query(`LISTEN ${PUBLIC_DATA_CHANNEL}`);
        await withTx(db, async (tx) => {
          await bumpDataVersion(tx, PUBLIC_DATA);
          await new Promise((done) => setTimeout(done, 100));
          expect(heard).toEqual([]);
        });
        for (let i = 0; i < 100 && heard.length === 0; i++)
          await new Promise((done) => setTimeout(done, 10));
        expect(heard).toEqual([PUBLIC_DATA_CHANNEL]);
      } finally {
        await listener.end();
      }
    },
  );
});
