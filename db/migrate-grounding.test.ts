/**
 * The answer-grounding migration, on the engine the suite runs on: a database written by
 * the schema before it migrates with every sample pending, and the worker's backfill
 * (db/grounding.ts) gives each the grounding ingest would have, then the submission's
 * aggregates their grounding figures. A benchmark without grounding (WideSearch) is
 * cleared without a value and its aggregates are left alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb, openDb } from "./client";
import { backfillGroundingStep } from "./grounding";
import { writeGold } from "./reeval/gold";
import { testEngine } from "../test/db";
import { emptyTarget, insertRow, migrationsBefore, openAsServer } from "../test/migrations-before";
import { sqlRows } from "../test/sql";

const TAG = "answer_grounding";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-grounding-"));

afterAll(async () => {
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});

const bool = (value: boolean) => (testEngine() === "sqlite" ? (value ? 1 : 0) : value);

const step = (kind: string, fields: Record<string, unknown>) =>
  JSON.stringify({
    kind,
    role: kind === "tool_result" ? "tool" : "assistant",
    malformed: null,
    ...fields,
  });

/** A QA run that searched twice: the second result names the answer, which is also the gold. */
const QA_STEPS = [
  step("tool_call", { callIndex: 1, name: "search", arguments: {}, query: "q", raw: "" }),
  step("tool_result", { callIndex: 1, raw: "no luck", serp: null }),
  step("tool_call", { callIndex: 2, name: "search", arguments: {}, query: "q", raw: "" }),
  step("tool_result", { callIndex: 2, raw: "It is in ＰＡＲＩＳ, France", serp: null }),
  step("answer", { text: "Paris" }),
];

async function writeOldDatabase(target: string): Promise<void> {
  const old = await openDb(target, { retryForMs: 0, migrationsFolder: migrationsBefore(tmp, TAG) });
  const insert = (table: string, values: Record<string, unknown>) => insertRow(old, table, values);
  try {
    await insert("benchmarks", { id: "qa", name: "QA", description: "" });
    await insert("benchmarks", { id: "widesearch", name: "WideSearch", description: "" });
    for (const [id, benchmark, version] of [
      [1, "qa", "demo@v1"],
      [2, "widesearch", "v1"],
    ] as const) {
      await insert("submissions", {
        id,
        benchmark_id: benchmark,
        benchmark_version: version,
        model: `model ${id}`,
        setting: "default",
        bundle_hash: `hash ${id}`,
        uploaded_at: "2026-01-01T00:00:00.000Z",
        status: "approved",
        source: "test",
        sample_count: 1,
        task_count: 1,
        runs: 1,
      });
      await insert("tasks", {
        id,
        benchmark_id: benchmark,
        benchmark_version: version,
        task_key: `task-${id}`,
        gold_answer: benchmark === "qa" ? "paris" : null,
        atomic_facts: "{}",
        fact_count: 0,
      });
      await insert("samples", {
        id: 10 * id,
        submission_id: id,
        task_id: id,
        task_key: `task-${id}`,
        run: 0,
        prediction: benchmark === "qa" ? "Paris" : "| a |\n|---|\n| Paris |",
        status: "finished",
        correct: bool(true),
        verdict_source: "test",
        tool_calls: 2,
        source_file: "results.jsonl",
        source_line: 1,
        metrics: JSON.stringify({
          verdict: "correct",
          statedConfidence: null,
          judgeConfidence: null,
          judgeModel: null,
          extractedFinalAnswer: null,
          toolCalls: 2,
        }),
      });
      for (const [ordinal, data] of QA_STEPS.entries())
        await insert("steps", {
          sample_id: 10 * id,
          ordinal,
          kind: JSON.parse(data).kind,
          data,
        });
    }
  } finally {
    await closeDb(old);
  }
}

describe("migrating a database written before answer grounding", () => {
  it("leaves every sample pending, then the backfill computes it and the submission's grounding", async () => {
    const target = emptyTarget(tmp);
    await writeOldDatabase(target);
    const db = await openAsServer(target);
    const read = () =>
      sqlRows(
        db,
        "SELECT id, answer_seen_at_call, gold_seen_at_call, grounding_pending FROM samples ORDER BY id",
      );
    expect((await read()).map((row) => Boolean(row.grounding_pending))).toEqual([true, true]);

    const step = await backfillGroundingStep(db);
    expect(step).toMatchObject({ samples: 2, refreshed: [1], cursor: 20 });
    expect(await backfillGroundingStep(db, step!.cursor)).toBeNull();
    expect(
      (await read()).map((row) => ({ ...row, grounding_pending: Boolean(row.grounding_pending) })),
    ).toEqual([
      { id: 10, answer_seen_at_call: 2, gold_seen_at_call: 2, grounding_pending: false },
      { id: 20, answer_seen_at_call: null, gold_seen_at_call: null, grounding_pending: false },
    ]);

    const [overall] = await sqlRows(
      db,
      "SELECT metrics FROM aggregates WHERE submission_id = 1 AND split = 'overall'",
    );
    const metrics =
      typeof overall.metrics === "string" ? JSON.parse(overall.metrics) : overall.metrics;
    expect(metrics.grounding).toMatchObject({
      correct: 1,
      groundedCorrect: 1,
      ungroundedCorrect: 0,
      goldRetrievedButWrong: 0,
      grounded: 1,
    });
    // WideSearch's aggregates were not recomputed: it has no grounding.
    expect(await sqlRows(db, "SELECT 1 FROM aggregates WHERE submission_id = 2")).toEqual([]);

    // A gold fix moves where the gold was retrieved; the final answer's call stays.
    await writeGold(db, 1, { goldAnswer: "No luck" });
    expect((await read())[0]).toMatchObject({ answer_seen_at_call: 2, gold_seen_at_call: 1 });
    await writeGold(db, 1, { goldAnswer: "Berlin" });
    expect((await read())[0]).toMatchObject({ answer_seen_at_call: 2, gold_seen_at_call: null });
  });
});
