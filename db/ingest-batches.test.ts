/**
 * Imports write in batches (issue 28 #7, #8): another process's write never waits for a
 * whole import, and while it runs the submission is seen by no one; a failure takes back
 * everything, a dead import is cleared, and a SQLite transaction waits for another
 * connection's lock without blocking the event loop.
 */
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { testDatabase, testEngine } from "../test/db";
import { sqlCount, sqlRows } from "../test/sql";
import { canViewSubmission } from "../lib/auth/visibility";
import { closeDb, deferToWaitingWriters, openDb, rawRun } from "./client";
import { sql } from "drizzle-orm";
import { ingestBundle } from "./ingest";
import { IMPORT_STALE_MS, removeDeadImports } from "./ingest-shared";
import { attemptWithinLimit } from "./limits";

const ROOT = join(__dirname, "..");
const RECORD = JSON.parse(
  readFileSync(join(ROOT, "test", "fixtures", "mpw", "result-record.json"), "utf8"),
);
const { db: testDb, tmp } = testDatabase("batches");
const sqliteOnly = testEngine() === "sqlite";

/** An MPW bundle of `count` tasks, one run each (task `index` first + i), then `tail` lines as they are. */
function bundle(
  name: string,
  model: string,
  count: number,
  tail: string[] = [],
  first = 10_000,
): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ ...RECORD, index: first + i }),
  );
  writeFileSync(join(dir, "results.jsonl"), [...lines, ...tail].join("\n") + "\n");
  writeFileSync(
    join(dir, "manifest.json"),
    JSON.stringify({ benchmark: "mpw", model, setting: "C", results: ["results.jsonl"] }),
  );
  return dir;
}

describe("an import in batches", () => {
  it.runIf(sqliteOnly)(
    "leaves the write lock free between batches: another connection writes mid-import, and sees the submission importing, visible to no one",
    async () => {
      const path = join(tmp, "test.db");
      const other = new Database(path);
      other.pragma("busy_timeout = 0");
      let seen: { status: string; uploader_token_id: number | null } | undefined;
      let wroteMidImport = false;
      const result = await ingestBundle(testDb(), bundle("mid", "mid-model", 700), {
        source: "cli",
        status: "approved",
        onProgress: ({ samples }) => {
          if (samples !== 600 || seen) return;
          // Synchronous, no busy timeout: this fails with SQLITE_BUSY if the import holds the lock.
          other
            .prepare("INSERT INTO limit_events (scope, key, at) VALUES (?, ?, ?)")
            .run("upload", "mid-import", new Date().toISOString());
          wroteMidImport = true;
          seen = other
            .prepare("SELECT status, uploader_token_id FROM submissions WHERE model = ?")
            .get("mid-model") as typeof seen;
        },
      });
      other.close();
      expect(wroteMidImport).toBe(true);
      expect(seen?.status).toBe("importing");
      const asAdmin = { admin: true, uploaderTokenId: null };
      expect(canViewSubmission({ status: "importing", uploaderTokenId: null }, asAdmin)).toBe(
        false,
      );
      expect(result.samples).toBe(700);
      const [row] = await sqlRows(
        testDb(),
        "SELECT status, import_heartbeat_at, sample_count FROM submissions WHERE id = ?",
        result.submissionId,
      );
      expect(row).toEqual({ status: "approved", import_heartbeat_at: null, sample_count: 700 });
    },
  );

  it("a bundle refused after its first batches leaves nothing: no submission, samples or tasks it created, no fill-in of a shared task", async () => {
    const db = testDb();
    // A task another submission already stored, without a category: the failed bundle would fill it in.
    await ingestBundle(db, bundle("first", "first-model", 1, []), {
      source: "cli",
      status: "approved",
    });
    await rawRun(db, sql`UPDATE tasks SET category = NULL WHERE task_key = '10000'`);
    const tasksBefore = await sqlCount(db, "SELECT count(*) AS c FROM tasks");
    const samplesBefore = await sqlCount(db, "SELECT count(*) AS c FROM samples");
    const dir = bundle("refused", "refused-model", 600, ["{ not json"]);
    await expect(ingestBundle(db, dir, { source: "cli", status: "approved" })).rejects.toThrow(
      /results\.jsonl/,
    );
    expect(
      await sqlCount(db, "SELECT count(*) AS c FROM submissions WHERE model = ?", "refused-model"),
    ).toBe(0);
    expect(await sqlCount(db, "SELECT count(*) AS c FROM samples")).toBe(samplesBefore);
    expect(await sqlCount(db, "SELECT count(*) AS c FROM tasks")).toBe(tasksBefore);
    const [shared] = await sqlRows(db, "SELECT category FROM tasks WHERE task_key = ?", "10000");
    expect(shared.category).toBeNull();
  });

  it("an import that died (no batch for a minute) is cleared, and the bundle imports again; a live one is waited for", async () => {
    const db = testDb();
    const dir = bundle("dead", "dead-model", 300);
    const first = await ingestBundle(db, dir, { source: "cli", status: "approved" });
    // As a worker killed mid-import leaves it.
    const beat = new Date(Date.now() - IMPORT_STALE_MS - 1000).toISOString();
    await rawRun(
      db,
      sql`UPDATE submissions SET status = 'importing', import_heartbeat_at = ${beat} WHERE id = ${first.submissionId}`,
    );
    const again = await ingestBundle(db, dir, { source: "cli", status: "approved" });
    expect(again.duplicate).toBe(false);
    expect(again.submissionId).not.toBe(first.submissionId);
    expect(
      await sqlCount(
        db,
        "SELECT count(*) AS c FROM samples WHERE submission_id = ?",
        first.submissionId,
      ),
    ).toBe(0);
    // Two at once: one imports, the other waits for it and answers as its duplicate.
    const both = await Promise.all(
      [1, 2].map(() =>
        ingestBundle(db, bundle(`live-${Math.random()}`.replace(".", ""), "live", 300), {
          source: "cli",
          status: "approved",
        }),
      ),
    );
    expect(both.filter((r) => r.duplicate)).toHaveLength(1);
    expect(new Set(both.map((r) => r.submissionId)).size).toBe(1);
  });
});

describe("the worker's sweep of dead imports", () => {
  it("removes an import whose heartbeat is a minute old, and leaves a live one", async () => {
    const db = testDb();
    const dead = await ingestBundle(db, bundle("sweep-dead", "sweep-dead", 3, [], 50_000), {
      source: "cli",
      status: "approved",
    });
    const live = await ingestBundle(db, bundle("sweep-live", "sweep-live", 3), {
      source: "cli",
      status: "approved",
    });
    const old = new Date(Date.now() - IMPORT_STALE_MS - 1000).toISOString();
    const fresh = new Date().toISOString();
    for (const [id, beat] of [
      [dead.submissionId, old],
      [live.submissionId, fresh],
    ] as const)
      await rawRun(
        db,
        sql`UPDATE submissions SET status = 'importing', import_heartbeat_at = ${beat} WHERE id = ${id}`,
      );
    expect(await removeDeadImports(db)).toBe(1);
    const left = await sqlRows(
      db,
      "SELECT model FROM submissions WHERE model IN ('sweep-dead', 'sweep-live') ORDER BY model",
    );
    expect(left.map((row) => row.model)).toEqual(["sweep-live"]);
    expect(
      await sqlCount(
        db,
        "SELECT count(*) AS c FROM samples WHERE submission_id = ?",
        dead.submissionId,
      ),
    ).toBe(0);
    // The tasks only it stated go with it: a later bundle cannot inherit their gold or facts.
    expect(
      await sqlCount(
        db,
        "SELECT count(*) AS c FROM tasks WHERE task_key IN ('50000', '50001', '50002')",
      ),
    ).toBe(0);
  });
});

describe("a SQLite transaction while another connection holds the write lock", () => {
  it.runIf(sqliteOnly)(
    "waits without blocking the event loop, and runs once the lock is released",
    async () => {
      const path = join(tmp, "lock.db");
      const db = await openDb(path);
      const holder = new Database(path);
      holder.exec("BEGIN IMMEDIATE");
      // Released by a timer: a transaction that busy-waited synchronously would never let it run.
      setTimeout(() => holder.exec("COMMIT"), 200);
      const verdict = await attemptWithinLimit(db, "upload", "waiting", 5, 60_000);
      expect(verdict).toEqual({ allowed: true });
      holder.close();
      await closeDb(db);
    },
  );

  it.runIf(sqliteOnly)(
    "says it waits, and a batch job defers its next batch until the wait is over",
    async () => {
      const path = join(tmp, "intent.db");
      const wanted = `${path}-write-wanted`;
      const db = await openDb(path);
      const job = await openDb(path);
      const holder = new Database(path);
      holder.exec("BEGIN IMMEDIATE");
      const waiting = attemptWithinLimit(db, "upload", "intent", 5, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(existsSync(wanted)).toBe(true);
      // The batch job, between two batches: it waits for the request, not the other way round.
      let deferred = false;
      const deferring = deferToWaitingWriters(job).then(() => (deferred = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(deferred).toBe(false);
      holder.exec("COMMIT");
      expect(await waiting).toEqual({ allowed: true });
      await deferring;
      expect(existsSync(wanted)).toBe(false);
      // A leftover of a process that died waiting is ignored once it is no longer refreshed.
      writeFileSync(wanted, "");
      const old = new Date(Date.now() - 5000);
      utimesSync(wanted, old, old);
      await deferToWaitingWriters(job);
      holder.close();
      await closeDb(job);
      await closeDb(db);
    },
  );
});
