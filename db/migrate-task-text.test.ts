/**
 * The per-submission task text migration (SQLite 0007, PostgreSQL 0004), on the engine the
 * suite runs on: a database written by the schema before it, whose shared task row holds a
 * question and a gold answer, migrates in place. Each submission keeps the text its pages
 * showed (that task row's), the shared row loses its question, and nothing else changes.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, openDb, type Db } from "./client";
import { getTrajectory } from "./queries/trajectory";
import { databaseUrl, testEngine } from "../test/db";
import { sqlRows } from "../test/sql";

const TAG = "per_submission_task_text";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-task-text-"));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The engine's migrations up to the one under test, without it. */
function migrationsBefore(): string {
  const source = join(__dirname, testEngine() === "sqlite" ? "migrations" : "migrations-pg");
  const dir = join(tmp, "migrations");
  cpSync(source, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(TAG));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** A new, empty database on the engine under test. */
function emptyTarget(): string {
  if (testEngine() === "sqlite") return join(tmp, "old.db");
  const server = process.env.SEEKBOARD_TEST_POSTGRES_URL!;
  const name = `t_${randomBytes(6).toString("hex")}`;
  execFileSync("psql", [server, "-v", "ON_ERROR_STOP=1", "-qc", `CREATE DATABASE ${name}`], {
    stdio: "pipe",
  });
  return databaseUrl(server, name);
}

/** The table's columns that need a value: NOT NULL without a default (the id columns have one). */
async function requiredColumns(db: Db, table: string): Promise<{ name: string; type: string }[]> {
  const rows =
    testEngine() === "sqlite"
      ? await sqlRows(
          db,
          `SELECT name, type FROM pragma_table_info('${table}') WHERE "notnull" = 1 AND dflt_value IS NULL AND pk = 0`,
        )
      : await sqlRows(
          db,
          "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = ? AND is_nullable = 'NO' AND column_default IS NULL AND is_identity = 'NO'",
          table,
        );
  return rows.map((row) => ({ name: String(row.name), type: String(row.type).toLowerCase() }));
}

/** Inserts a row with `values`, every other required column a neutral value of its type. */
async function insertRow(db: Db, table: string, values: Record<string, unknown>): Promise<void> {
  const row: Record<string, unknown> = {};
  for (const { name, type } of await requiredColumns(db, table))
    // Text as "{}": SQLite types its JSON columns as text, and "{}" reads back as JSON.
    row[name] = /bool/.test(type) ? false : /int|real|double|numeric/.test(type) ? 0 : "{}";
  Object.assign(row, values);
  const names = Object.keys(row);
  await sqlRows(
    db,
    `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")}) RETURNING 1 AS inserted`,
    ...names.map((n) => row[n]),
  );
}

describe("migrating a database written before per-submission task text", () => {
  it("gives each submission the text it showed, drops the shared question, keeps every row", async () => {
    const target = emptyTarget();
    const old = await openDb(target, { retryForMs: 0, migrationsFolder: migrationsBefore() });
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
