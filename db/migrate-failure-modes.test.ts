/**
 * The failure-modes migration (SQLite 0013, PostgreSQL 0010), on the engine the suite runs
 * on: a database written by the schema before it gains `sample_failure_modes`, and opening
 * it classifies every failed sample from its stored steps (the backfill); correct samples
 * get none, and a second open finds nothing left to do.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "./client";
import { backfillFailureModes } from "./failure-modes";
import { emptyTarget, insertRow, migrationsBefore } from "../test/migrations-before";
import { sqlRows } from "../test/sql";
import { testEngine } from "../test/db";

const TAG = "failure_modes";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-failure-modes-"));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const step = (data: object) => JSON.stringify({ role: "tool", malformed: null, ...data });

describe("migrating a database written before failure modes", () => {
  it("classifies each failed sample from its stored steps, and no correct one", async () => {
    const target = emptyTarget(tmp);
    const old = await openDb(target, {
      retryForMs: 0,
      migrationsFolder: migrationsBefore(tmp, TAG),
    });
    try {
      await insertRow(old, "benchmarks", { id: "qa", name: "QA", description: "" });
      await insertRow(old, "tasks", {
        id: 1,
        benchmark_id: "qa",
        benchmark_version: "v1",
        task_key: "t1",
        gold_answer: "北京大学",
        atomic_facts: "{}",
        fact_count: 0,
      });
      await insertRow(old, "submissions", {
        id: 1,
        benchmark_id: "qa",
        benchmark_version: "v1",
        model: "m",
        setting: "default",
        bundle_hash: "hash",
        uploaded_at: "2026-01-01T00:00:00.000Z",
        status: "approved",
        source: "test",
      });
      // Run 0: wrong, the gold in a result, its own answer in none, cut by the limit.
      // Run 1: no answer, no steps. Run 2: correct.
      for (const [id, prediction, status, correct] of [
        [1, "清华大学", "max_turns_reached", false],
        [2, null, "finished", false],
        [3, "北京大学", "finished", true],
      ] as const)
        await insertRow(old, "samples", {
          id,
          submission_id: 1,
          task_id: 1,
          task_key: "t1",
          run: id - 1,
          prediction,
          status,
          correct: testEngine() === "sqlite" ? Number(correct) : correct,
          verdict_source: "judge",
          metrics: null,
          detail: null,
        });
      await insertRow(old, "steps", {
        sample_id: 1,
        ordinal: 0,
        kind: "tool_call",
        call_index: 1,
        data: step({
          kind: "tool_call",
          role: "assistant",
          callIndex: 1,
          name: "search",
          arguments: { query: "大学" },
          query: "大学",
          raw: "{}",
        }),
      });
      await insertRow(old, "steps", {
        sample_id: 1,
        ordinal: 1,
        kind: "tool_result",
        call_index: 1,
        data: step({ kind: "tool_result", callIndex: 1, raw: "答案是北京大学", serp: null }),
      });
    } finally {
      await closeDb(old);
    }

    const db = await openDb(target, { retryForMs: 0 });
    try {
      expect(
        await sqlRows(
          db,
          "SELECT sample_id, submission_id, mode FROM sample_failure_modes ORDER BY sample_id, mode",
        ),
      ).toEqual([
        { sample_id: 1, submission_id: 1, mode: "gold-unused" },
        { sample_id: 1, submission_id: 1, mode: "limit" },
        { sample_id: 1, submission_id: 1, mode: "ungrounded-answer" },
        { sample_id: 2, submission_id: 1, mode: "no-answer" },
      ]);
      expect(await backfillFailureModes(db)).toBe(0);
    } finally {
      await closeDb(db);
    }
  });
});
