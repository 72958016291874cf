/**
 * The sample-facts migration (SQLite 0009, PostgreSQL 0006), on the engine the suite runs
 * on: a database written by the schema before it, whose MPW fact figures are columns of
 * `samples`, migrates in place. MPW's samples get a `sample_facts` row holding the very
 * same figures (what the readers answer is unchanged), the other benchmarks' samples get
 * none and still read as covering nothing, and `samples` keeps no fact column.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb, openDb } from "./client";
import { listSampleMetrics } from "./queries/submissions";
import { getTrajectory } from "./queries/trajectory";
import { testEngine } from "../test/db";
import {
  columnNames,
  emptyTarget,
  insertRow,
  migrationsBefore,
  openAsServer,
} from "../test/migrations-before";
import { sqlRows } from "../test/sql";

const TAG = "sample_facts";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-sample-facts-"));

afterAll(async () => {
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});

/** An MPW sample's fact figures as the old columns held them: doubles that need all 17 digits. */
const MPW_FACTS = {
  hit_log_calls: 3,
  hits: 2,
  fact_count: 3,
  facts_covered: 1,
  fcr: 1 / 3,
  hit_rate: 2 / 3,
  compound_rate: 0.1 + 0.2,
  first_covered_at: JSON.stringify({ "Fact B": 2, "Fact A": null, "Fact C": null }),
  new_facts_by_call: JSON.stringify([0, 1, 0]),
  hits_by_call: JSON.stringify([0, 1, 1]),
};

/** What a benchmark without atomic facts wrote there. */
const NEUTRAL = {
  hit_log_calls: 0,
  hits: 0,
  fact_count: 0,
  facts_covered: 0,
  fcr: null,
  hit_rate: 0,
  compound_rate: null,
  first_covered_at: "{}",
  new_facts_by_call: "[]",
  hits_by_call: "[]",
};

async function writeOldDatabase(target: string): Promise<void> {
  const old = await openDb(target, { retryForMs: 0, migrationsFolder: migrationsBefore(tmp, TAG) });
  const insert = (table: string, values: Record<string, unknown>) => insertRow(old, table, values);
  try {
    await insert("benchmarks", { id: "mpw", name: "MPW-Bench", description: "" });
    await insert("benchmarks", { id: "widesearch", name: "WideSearch", description: "" });
    for (const [id, benchmark, setting, facts, status] of [
      [1, "mpw", "C", MPW_FACTS, "max_turns_reached"],
      [2, "widesearch", "single-agent", NEUTRAL, "finished"],
    ] as const) {
      await insert("submissions", {
        id,
        benchmark_id: benchmark,
        benchmark_version: "v1",
        model: `model ${id}`,
        setting,
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
        benchmark_version: "v1",
        task_key: `task-${id}`,
        atomic_facts:
          benchmark === "mpw"
            ? JSON.stringify({ "Fact A": "a", "Fact B": "b", "Fact C": "c" })
            : "{}",
        fact_count: benchmark === "mpw" ? 3 : 0,
      });
      await insert("samples", {
        id: 10 * id,
        submission_id: id,
        task_id: id,
        task_key: `task-${id}`,
        run: 0,
        status,
        correct: testEngine() === "sqlite" ? 1 : true,
        verdict_source: "test",
        tool_calls: 4,
        ...facts,
        source_file: "results.jsonl",
        source_line: 1,
      });
    }
  } finally {
    await closeDb(old);
  }
}

describe("migrating a database written before sample_facts", () => {
  it("moves MPW's fact figures into their own table, unchanged for every reader; leaves the others without", async () => {
    const target = emptyTarget(tmp);
    await writeOldDatabase(target);
    const db = await openAsServer(target);

    const names = await columnNames(db, "samples");
    for (const column of Object.keys(MPW_FACTS)) expect(names).not.toContain(column);

    const stored = await sqlRows(db, "SELECT * FROM sample_facts ORDER BY sample_id");
    expect(stored).toHaveLength(1);
    const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
    expect({
      ...stored[0],
      correct: Boolean(stored[0].correct),
      first_covered_at: json(stored[0].first_covered_at),
      new_facts_by_call: json(stored[0].new_facts_by_call),
      hits_by_call: json(stored[0].hits_by_call),
    }).toEqual({
      sample_id: 10,
      submission_id: 1,
      correct: true,
      status: "max_turns_reached",
      tool_calls: 4,
      ...MPW_FACTS,
      first_covered_at: JSON.parse(MPW_FACTS.first_covered_at),
      new_facts_by_call: [0, 1, 0],
      hits_by_call: [0, 1, 1],
    });
    // Fact keys keep their order.
    expect(Object.keys(json(stored[0].first_covered_at))).toEqual(["Fact B", "Fact A", "Fact C"]);

    const [mpw] = await listSampleMetrics(db, 1);
    expect(mpw).toMatchObject({
      fcr: 1 / 3,
      hitRate: 2 / 3,
      hitLogCalls: 3,
      hits: 2,
      factCount: 3,
      factsCovered: 1,
      compoundRate: 0.1 + 0.2,
    });
    const [other] = await listSampleMetrics(db, 2);
    expect(other).toMatchObject({
      fcr: null,
      hitRate: 0,
      hitLogCalls: 0,
      hits: 0,
      factCount: 0,
      factsCovered: 0,
      compoundRate: null,
    });
    const trajectory = await getTrajectory(db, 1, "task-1", 0);
    expect(trajectory?.sample).toMatchObject({
      firstCoveredAt: { "Fact B": 2, "Fact A": null, "Fact C": null },
      newFactsByCall: [0, 1, 0],
      hitsByCall: [0, 1, 1],
    });
    expect((await getTrajectory(db, 2, "task-2", 0))?.sample).toMatchObject({
      firstCoveredAt: {},
      newFactsByCall: [],
      hitsByCall: [],
    });
  });
});
