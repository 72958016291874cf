/**
 * The step-search migration (SQLite 0013, PostgreSQL 0010), on the engine the suite runs on:
 * a database written by the schema before it migrates in place, and the index is filled for
 * the steps already stored, each in its part (a call's argument strings, a result, the answer,
 * a thought), so the step fields find them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, engineOf, openDb, rawRows } from "./client";
import { stepsMatching } from "./step-index";
import { emptyTarget, insertRow, migrationsBefore } from "../test/migrations-before";

const TAG = "step_search";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-step-search-"));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const STEPS = [
  { kind: "thought", role: "assistant", malformed: null, text: "先查温布尔登" },
  {
    kind: "tool_call",
    role: "assistant",
    malformed: null,
    callIndex: 1,
    name: "search",
    arguments: { query: "Wimbledon champion", options: ["温布尔登冠军"] },
    query: "Wimbledon champion",
    raw: "{}",
  },
  {
    kind: "tool_result",
    role: "tool",
    malformed: null,
    callIndex: 1,
    raw: "Rate limit",
    serp: null,
  },
  { kind: "answer", role: "assistant", malformed: null, text: "诺瓦克" },
];

describe("migrating a database written before the step-search index", () => {
  it("indexes every step already stored", async () => {
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
      for (const [ordinal, step] of STEPS.entries())
        await insertRow(old, "steps", {
          id: ordinal + 1,
          sample_id: 1,
          ordinal,
          kind: step.kind,
          data: JSON.stringify(step),
        });
    } finally {
      await closeDb(old);
    }

    const db = await openDb(target, { retryForMs: 0 });
    try {
      const found = async (part: "any" | "query" | "result" | "answer", term: string) =>
        (await rawRows(db, stepsMatching(engineOf(db), part, term)))
          .map((row) => Number(Object.values(row as Record<string, unknown>)[0]))
          .sort((a, b) => a - b);
      expect(await found("any", "温布尔登")).toEqual([1, 2]);
      expect(await found("query", "温布尔登")).toEqual([2]);
      expect(await found("query", "wimbledon CHAMPION")).toEqual([2]);
      expect(await found("result", "rate limit")).toEqual([3]);
      expect(await found("answer", "诺瓦克")).toEqual([4]);
      expect(await found("answer", "rate limit")).toEqual([]);
    } finally {
      await closeDb(db);
    }
  });
});
