/**
 * The MPW unjudged-count migration (SQLite 0013, PostgreSQL 0010), on the engine the suite
 * runs on: MPW reports stored before unjudged samples were counted gain each split's count
 * from the samples; a report that has its count, and other benchmarks', stay as they were.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "./client";
import { emptyTarget, insertRow, migrationsBefore } from "../test/migrations-before";
import { sqlRows } from "../test/sql";

const TAG = "mpw_unjudged";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-mpw-unjudged-"));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

describe("migrating MPW reports stored before unjudged samples were counted", () => {
  it("counts each split's samples without a judge verdict", async () => {
    const target = emptyTarget(tmp);
    const old = await openDb(target, {
      retryForMs: 0,
      migrationsFolder: migrationsBefore(tmp, TAG),
    });
    try {
      for (const id of ["mpw", "qa"])
        await insertRow(old, "benchmarks", { id, name: id, description: "" });
      await insertRow(old, "tasks", {
        id: 1,
        benchmark_id: "mpw",
        benchmark_version: "v1",
        task_key: "0",
        gold_answer: "gold",
        atomic_facts: "{}",
        fact_count: 0,
      });
      for (const [id, benchmark] of [
        [1, "mpw"],
        [2, "mpw"],
        [3, "qa"],
      ] as const)
        await insertRow(old, "submissions", {
          id,
          benchmark_id: benchmark,
          benchmark_version: "v1",
          model: `m${id}`,
          setting: "C",
          bundle_hash: `hash${id}`,
          uploaded_at: "2026-01-01T00:00:00.000Z",
          status: "approved",
          source: "test",
        });
      for (const [run, tier, category, source] of [
        [0, "hard", "sports", "none"],
        [1, "easy", "sports", "none"],
        [2, "easy", null, "answer"],
      ] as const)
        await insertRow(old, "samples", {
          submission_id: 1,
          task_id: 1,
          task_key: "0",
          run,
          status: "finished",
          verdict_source: source,
          tier,
          category,
        });
      for (const [submission, split, metrics] of [
        [1, "overall", { n: 3 }],
        [1, "tier:hard", { n: 1 }],
        [1, "tier:easy", { n: 2 }],
        [1, "category:sports", { n: 2 }],
        [2, "overall", { n: 4, unjudged: 4 }],
        [3, "overall", { n: 1 }],
      ] as const)
        await insertRow(old, "aggregates", {
          submission_id: submission,
          split,
          n: metrics.n,
          metrics: JSON.stringify(metrics),
        });
    } finally {
      await closeDb(old);
    }

    const db = await openDb(target, { retryForMs: 0 });
    try {
      const rows = await sqlRows(
        db,
        "SELECT submission_id, split, metrics FROM aggregates ORDER BY submission_id, split",
      );
      expect(rows.map((r) => [r.submission_id, r.split, json(r.metrics)])).toEqual([
        [1, "category:sports", { n: 2, unjudged: 2 }],
        [1, "overall", { n: 3, unjudged: 2 }],
        [1, "tier:easy", { n: 2, unjudged: 1 }],
        [1, "tier:hard", { n: 1, unjudged: 1 }],
        [2, "overall", { n: 4, unjudged: 4 }],
        [3, "overall", { n: 1 }],
      ]);
    } finally {
      await closeDb(db);
    }
  });
});
