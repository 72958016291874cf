/**
 * The per-submission task text migration (SQLite 0007, PostgreSQL 0004), on the engine the
 * suite runs on: a database written by the schema before it, whose shared task row holds a
 * question and a gold answer, migrates in place. Each submission keeps the text its pages
 * showed (that task row's), the shared row loses its question, and nothing else changes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "./client";
import { getTrajectory } from "./queries/trajectory";
import { testEngine } from "../test/db";
import { emptyTarget, insertRow, migrationsBefore } from "../test/migrations-before";
import { sqlRows } from "../test/sql";

const TAG = "per_submission_task_text";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-task-text-"));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("migrating a database written before per-submission task text", () => {
  it("gives each submission the text it showed, drops the shared question, keeps every row", async () => {
    const target = emptyTarget(tmp);
    const old = await openDb(target, {
      retryForMs: 0,
      migrationsFolder: migrationsBefore(tmp, TAG),
    });
    try {
      await insertRow(old, "benchmarks", { id: "widesearch", name: "WideSearch", description: "" });
      await insertRow(old, "tasks", {
        id: 1,
        benchmark_id: "widesearch",
        benchmark_version: "v1",
        task_key: "ws_en_001",
        question: "The question the first bundle gave",
        gold_answer: "gold",
        atomic_facts: "{}",
        fact_count: 0,
      });
      for (const id of [1, 2]) {
        await insertRow(old, "submissions", {
          id,
          benchmark_id: "widesearch",
          benchmark_version: "v1",
          model: `model ${id}`,
          setting: "single-agent",
          bundle_hash: `hash ${id}`,
          uploaded_at: "2026-01-01T00:00:00.000Z",
          status: "approved",
          source: "test",
        });
        for (const run of [0, 1])
          await insertRow(old, "samples", {
            submission_id: id,
            task_id: 1,
            task_key: "ws_en_001",
            run,
            status: "scored",
            verdict_source: "none",
          });
      }
    } finally {
      await closeDb(old);
    }

    const db = await openDb(target, { retryForMs: 0 });
    try {
      expect(
        await sqlRows(
          db,
          "SELECT submission_id, task_id, question, gold_answer FROM submission_tasks ORDER BY submission_id",
        ),
      ).toEqual(
        [1, 2].map((id) => ({
          submission_id: id,
          task_id: 1,
          question: "The question the first bundle gave",
          gold_answer: "gold",
        })),
      );
      const columns =
        testEngine() === "sqlite"
          ? await sqlRows(db, "SELECT name FROM pragma_table_info('tasks')")
          : await sqlRows(
              db,
              "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'tasks'",
            );
      expect(columns.map((c) => c.name)).not.toContain("question");
      expect(columns.map((c) => c.name)).toContain("gold_answer");
      expect(await sqlRows(db, "SELECT count(*) AS c FROM samples")).toEqual([{ c: 4 }]);
      const trajectory = await getTrajectory(db, 2, "ws_en_001", 1);
      expect(trajectory?.text).toEqual({
        question: "The question the first bundle gave",
        goldAnswer: "gold",
        canonicalQuestion: null,
      });
      expect(trajectory?.task.goldAnswer).toBe("gold");
    } finally {
      await closeDb(db);
    }
  });
});
