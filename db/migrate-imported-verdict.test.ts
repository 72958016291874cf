/**
 * The imported-verdict migration (SQLite 0012, PostgreSQL 0009), on the engine the suite
 * runs on: a database written by the schema before it migrates in place. SQLite rebuilds
 * `reeval_jobs` (its task becomes optional, a submission's job has none): every job is
 * copied as it was, with no submission; samples gain an empty `imported_verdict`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "./client";
import { columnNames, emptyTarget, insertRow, migrationsBefore } from "../test/migrations-before";
import { sqlRows } from "../test/sql";

const TAG = "imported_verdict";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-imported-verdict-"));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("migrating a database written before imported verdicts and submission jobs", () => {
  it("keeps every re-evaluation job as it was and every sample, the new columns empty", async () => {
    const target = emptyTarget(tmp);
    const old = await openDb(target, {
      retryForMs: 0,
      migrationsFolder: migrationsBefore(tmp, TAG),
    });
    try {
      await insertRow(old, "benchmarks", { id: "mpw", name: "MPW", description: "" });
      await insertRow(old, "tasks", {
        id: 1,
        benchmark_id: "mpw",
        benchmark_version: "v1",
        task_key: "0",
        gold_answer: "gold",
        atomic_facts: "{}",
        fact_count: 0,
      });
      await insertRow(old, "submissions", {
        id: 1,
        benchmark_id: "mpw",
        benchmark_version: "v1",
        model: "m",
        setting: "C",
        bundle_hash: "hash",
        uploaded_at: "2026-01-01T00:00:00.000Z",
        status: "approved",
        source: "test",
      });
      await insertRow(old, "samples", {
        submission_id: 1,
        task_id: 1,
        task_key: "0",
        run: 0,
        status: "finished",
        verdict_source: "answer",
      });
      await insertRow(old, "reeval_jobs", {
        id: 7,
        task_id: 1,
        audit_entry_id: null,
        status: "done",
        judge: "exact",
        total: 1,
        done: 1,
        changed: 0,
        actor: "admin",
        created_at: "2026-01-02T00:00:00.000Z",
        worker: "host/1",
      });
    } finally {
      await closeDb(old);
    }

    const db = await openDb(target, { retryForMs: 0 });
    try {
      expect(
        await sqlRows(
          db,
          "SELECT id, task_id, submission_id, status, judge, total, done, actor, worker FROM reeval_jobs",
        ),
      ).toEqual([
        {
          id: 7,
          task_id: 1,
          submission_id: null,
          status: "done",
          judge: "exact",
          total: 1,
          done: 1,
          actor: "admin",
          worker: "host/1",
        },
      ]);
      expect(await columnNames(db, "samples")).toContain("imported_verdict");
      expect(await sqlRows(db, "SELECT imported_verdict FROM samples")).toEqual([
        { imported_verdict: null },
      ]);
    } finally {
      await closeDb(db);
    }
  });
});
