/**
 * Canonical task sets against a real database file: registering replaces a version's set
 * whole (and nothing of another version or benchmark), reading back gives the parsed
 * rows, removing empties it, and the admin's overview joins them with approved submissions.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "../test/db";
import { BENCHMARK_IDS } from "../lib/benchmarks/registry";
import {
  canonicalTaskSet,
  canonicalTaskSets,
  registerCanonicalTasks,
  removeCanonicalTasks,
} from "./canonical-tasks";
import { closeDb, isUniqueViolation, type Db } from "./client";
import { taskSetOverview } from "./queries/task-sets";
import { submissions } from "./schema";
import { seedDemo } from "./seed-demo";

let tmp: string;
let db: Db;
const NOW = new Date("2026-11-22T08:00:00Z");
const LATER = new Date("2026-11-23T09:30:00Z");

const ids = (n: number, prefix = "t") =>
  Array.from({ length: n }, (_, i) => ({ taskKey: `${prefix}${i}`, tier: null, language: null }));

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-canonical-tasks-"));
  db = await openTestDb(join(tmp, "test.db"));
});
afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("canonical task sets", () => {
  it("registers a set, even for a benchmark nothing was ingested for yet, and reads it back ordered by key", async () => {
    const tasks = [
      { taskKey: "ws_zh_001", tier: null, language: "zh" },
      { taskKey: "ws_en_001", tier: null, language: "en" },
    ];
    expect(
      await registerCanonicalTasks(db, "widesearch", "v1", tasks, "widesearch.jsonl", NOW),
    ).toEqual({ tasks: 2, replaced: 0 });
    expect(await canonicalTaskSet(db, "widesearch", "v1")).toEqual({
      source: "widesearch.jsonl",
      registeredAt: NOW.toISOString(),
      tasks: [tasks[1], tasks[0]],
    });
    expect(await canonicalTaskSet(db, "widesearch", "v2")).toBeNull();
    expect(await canonicalTaskSet(db, "mpw", "v1")).toBeNull();
  });

  it("replaces a version's whole set, leaving other versions and benchmarks alone", async () => {
    await registerCanonicalTasks(
      db,
      "mpw",
      "v1",
      [{ taskKey: "0", tier: "easy", language: "zh" }],
      "old.jsonl",
      NOW,
    );
    await registerCanonicalTasks(db, "mpw", "v2", ids(3), "v2.json", NOW);
    // More than one insert batch, so the batching is exercised too.
    expect(
      await registerCanonicalTasks(db, "mpw", "v1", ids(2500), "mpw_bench.jsonl", LATER),
    ).toEqual({ tasks: 2500, replaced: 1 });
    const v1 = (await canonicalTaskSet(db, "mpw", "v1"))!;
    expect(v1.tasks).toHaveLength(2500);
    expect(v1.tasks.some((t) => t.taskKey === "0")).toBe(false);
    expect(v1).toMatchObject({ source: "mpw_bench.jsonl", registeredAt: LATER.toISOString() });
    expect((await canonicalTaskSet(db, "mpw", "v2"))!.tasks).toEqual(ids(3));
    expect((await canonicalTaskSet(db, "widesearch", "v1"))!.tasks).toHaveLength(2);
    expect(await canonicalTaskSets(db)).toEqual([
      {
        benchmarkId: "mpw",
        benchmarkVersion: "v1",
        tasks: 2500,
        source: "mpw_bench.jsonl",
        registeredAt: LATER.toISOString(),
      },
      {
        benchmarkId: "mpw",
        benchmarkVersion: "v2",
        tasks: 3,
        source: "v2.json",
        registeredAt: NOW.toISOString(),
      },
      {
        benchmarkId: "widesearch",
        benchmarkVersion: "v1",
        tasks: 2,
        source: "widesearch.jsonl",
        registeredAt: NOW.toISOString(),
      },
    ]);
  });

  it("refuses an empty set, and a set that repeats a key, leaving the registered one as it was", async () => {
    await expect(registerCanonicalTasks(db, "mpw", "v2", [], "empty.json", LATER)).rejects.toThrow(
      /at least one task/,
    );
    const twice = await registerCanonicalTasks(
      db,
      "mpw",
      "v2",
      [...ids(2), ...ids(1)],
      "twice.json",
      LATER,
    ).catch((error: unknown) => error);
    // drizzle wraps PostgreSQL's error (DrizzleQueryError, the driver's error as its cause).
    expect(isUniqueViolation(twice)).toBe(true);
    expect(await canonicalTaskSet(db, "mpw", "v2")).toEqual({
      source: "v2.json",
      registeredAt: NOW.toISOString(),
      tasks: ids(3),
    });
  });

  it("removes a version's set, and says when there was none", async () => {
    expect(await removeCanonicalTasks(db, "mpw", "v2")).toBe(3);
    expect(await canonicalTaskSet(db, "mpw", "v2")).toBeNull();
    expect(await removeCanonicalTasks(db, "mpw", "v2")).toBe(0);
    expect((await canonicalTaskSet(db, "mpw", "v1"))!.tasks).toHaveLength(2500);
  });

  it("lists every version with approved submissions or a registered set for the admin", async () => {
    await seedDemo(db, 6);
    const overview = await taskSetOverview(db);
    const approved = await db
      .select({
        benchmarkId: submissions.benchmarkId,
        benchmarkVersion: submissions.benchmarkVersion,
        n: count(),
        largest: max(submissions.taskCount),
      })
      .from(submissions)
      .where(eq(submissions.status, "approved"))
      .groupBy(submissions.benchmarkId, submissions.benchmarkVersion);
    expect(approved.length).toBeGreaterThan(3);
    for (const row of approved) {
      expect(overview).toContainEqual(
        expect.objectContaining({
          benchmarkId: row.benchmarkId,
          benchmarkVersion: row.benchmarkVersion,
          approvedSubmissions: row.n,
          largestApprovedTasks: row.largest,
        }),
      );
    }
    // The registered sets appear on their version's row; a set for a version nothing was submitted to still has one.
    expect(
      overview.find((r) => r.benchmarkId === "mpw" && r.benchmarkVersion === "v1")?.registered,
    ).toMatchObject({ tasks: 2500 });
    const widesearch = overview.find(
      (r) => r.benchmarkId === "widesearch" && r.benchmarkVersion === "v1",
    );
    expect(widesearch?.registered).toMatchObject({ tasks: 2, source: "widesearch.jsonl" });
    // WideSearch v1's ids ship with its module and take precedence; nothing else publishes any.
    expect(widesearch?.published).toBe(200);
    expect(overview.filter((r) => r.published !== null)).toHaveLength(1);
    expect(overview.filter((r) => r.registered === null).length).toBe(overview.length - 2);
    const order = overview.map((r) => BENCHMARK_IDS.indexOf(r.benchmarkId));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  }, 120_000);
});
