/**
 * The shared aggregates migration (SQLite 0008, PostgreSQL 0005), on the engine the suite
 * runs on: a database written by the schema before it, whose MPW figures are columns of
 * `aggregates`, migrates in place. MPW's rows get their stored report from those columns
 * (the leaderboard API answers the very same figures), Pass@1 becomes the primary metric,
 * and the other benchmarks' rows keep their report as written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb, openDb } from "./client";
import { mpwAggregateReportSchema } from "../lib/benchmarks/mpw/stored";
import {
  columnNames,
  emptyTarget,
  insertRow,
  migrationsBefore,
  openAsServer,
} from "../test/migrations-before";
import { sqlRows } from "../test/sql";

const TAG = "aggregates_shared_columns";
const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrate-aggregates-"));

afterAll(async () => {
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});

/** One split's MPW figures as the old columns held them: doubles that need all 17 digits. */
const OVERALL = {
  n: 7,
  pass1: 3 / 7,
  pass1Ci: [1 / 7, 5 / 7],
  fcr: 0.1 + 0.2,
  fcrCi: [0.07500000000000001, 2 / 3],
  fcrN: 6,
  hitRate: 1 / 3,
  hitRateCi: [0.1, 0.6000000000000001],
  toolCalls: 5,
  toolCallsCi: [4.285714285714286, 5.714285714285714],
  compoundRate: 0.123456789012345,
  zeroCallSamples: 1,
};
/** A split where FCR has no samples and no interval was drawn. */
const EASY = {
  ...OVERALL,
  n: 2,
  pass1: 0.5,
  pass1Ci: null,
  fcr: null,
  fcrCi: null,
  fcrN: 0,
  hitRateCi: null,
  toolCalls: 1e-7,
  toolCallsCi: null,
  compoundRate: null,
  zeroCallSamples: 2,
};

function columnsOf(f: typeof OVERALL | typeof EASY) {
  return {
    n: f.n,
    pass1: f.pass1,
    pass1_lo: f.pass1Ci?.[0] ?? null,
    pass1_hi: f.pass1Ci?.[1] ?? null,
    fcr: f.fcr,
    fcr_lo: f.fcrCi?.[0] ?? null,
    fcr_hi: f.fcrCi?.[1] ?? null,
    fcr_n: f.fcrN,
    hit_rate: f.hitRate,
    hit_rate_lo: f.hitRateCi?.[0] ?? null,
    hit_rate_hi: f.hitRateCi?.[1] ?? null,
    tool_calls: f.toolCalls,
    tool_calls_lo: f.toolCallsCi?.[0] ?? null,
    tool_calls_hi: f.toolCallsCi?.[1] ?? null,
    compound_rate: f.compoundRate,
    zero_call_samples: f.zeroCallSamples,
  };
}

/** The leaderboard API's figure fields of a row, as JSON text: what must not change. */
function apiFigures(row: Record<string, unknown>): string {
  const keys = ["n", "pass1", "pass1Ci", "fcr", "fcrCi", "hitRate", "hitRateCi", "toolCalls"];
  return JSON.stringify([...keys, "zeroCallSamples"].map((k) => [k, row[k]]));
}

const WIDESEARCH_REPORT = { successAvg: 0.25, searchCalls: 3.5, ci: { successAvg: null } };

async function writeOldDatabase(target: string): Promise<void> {
  const old = await openDb(target, { retryForMs: 0, migrationsFolder: migrationsBefore(tmp, TAG) });
  const insert = (table: string, values: Record<string, unknown>) => insertRow(old, table, values);
  try {
    await insert("benchmarks", { id: "mpw", name: "MPW-Bench", description: "" });
    await insert("benchmarks", { id: "widesearch", name: "WideSearch", description: "" });
    for (const [id, benchmark, setting] of [
      [1, "mpw", "C"],
      [2, "widesearch", "single-agent"],
    ] as const)
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
      });
    const counts = JSON.stringify({ judged: 7 });
    await insert("aggregates", {
      submission_id: 1,
      split: "overall",
      ...columnsOf(OVERALL),
      status_counts: counts,
    });
    await insert("aggregates", {
      submission_id: 1,
      split: "tier:easy",
      ...columnsOf(EASY),
      status_counts: counts,
    });
    await insert("aggregates", {
      submission_id: 2,
      split: "overall",
      ...columnsOf({ ...EASY, pass1: 0.25, toolCalls: 3.5 }),
      status_counts: counts,
      metrics: JSON.stringify(WIDESEARCH_REPORT),
    });
  } finally {
    await closeDb(old);
  }
}

describe("migrating a database written before the shared aggregates columns", () => {
  it("moves MPW's figures into its report, unchanged at the leaderboard API; keeps other reports", async () => {
    const target = emptyTarget(tmp);
    await writeOldDatabase(target);
    const db = await openAsServer(target);

    expect(await columnNames(db, "aggregates")).toEqual([
      "metrics",
      "n",
      "primary",
      "primary_hi",
      "primary_lo",
      "split",
      "status_counts",
      "submission_id",
    ]);

    const { GET: leaderboard } = await import("@/app/api/b/[benchmark]/leaderboard/route");
    for (const [tier, figures] of [
      ["overall", OVERALL],
      ["easy", EASY],
    ] as const) {
      const response = await leaderboard(
        new Request(`http://localhost/api/b/mpw/leaderboard?setting=C&tier=${tier}`),
        { params: Promise.resolve({ benchmark: "mpw" }) },
      );
      expect(response.status).toBe(200);
      const { rows } = (await response.json()) as { rows: Record<string, unknown>[] };
      expect(rows).toHaveLength(1);
      expect(apiFigures(rows[0])).toBe(apiFigures(figures));
    }

    const stored = await sqlRows(
      db,
      `SELECT submission_id, split, "primary", primary_lo, primary_hi, metrics FROM aggregates ORDER BY submission_id, split`,
    );
    const metricsOf = (value: unknown) =>
      typeof value === "string" ? (JSON.parse(value) as unknown) : value;
    const report = mpwAggregateReportSchema.parse(metricsOf(stored[0].metrics));
    // The report's keys in the order aggregateMpw writes them.
    expect(Object.keys(metricsOf(stored[0].metrics) as object)).toEqual(Object.keys(report));
    expect(report).toEqual({
      n: 7,
      pass1: { value: 3 / 7, ci: { lo: 1 / 7, hi: 5 / 7 }, n: 7 },
      fcr: { value: 0.1 + 0.2, ci: { lo: 0.07500000000000001, hi: 2 / 3 }, n: 6 },
      hitRate: { value: 1 / 3, ci: { lo: 0.1, hi: 0.6000000000000001 }, n: 7 },
      toolCalls: { value: 5, ci: { lo: 4.285714285714286, hi: 5.714285714285714 }, n: 7 },
      compoundRate: 0.123456789012345,
      zeroCallSamples: 1,
      // The later migration that counts MPW's unjudged samples (none of these is).
      unjudged: 0,
    });
    expect(mpwAggregateReportSchema.parse(metricsOf(stored[1].metrics))).toMatchObject({
      fcr: { value: null, ci: null, n: 0 },
      compoundRate: null,
    });
    expect(stored.map((r) => [r.submission_id, r.split, r.primary, r.primary_lo])).toEqual([
      [1, "overall", 3 / 7, 1 / 7],
      [1, "tier:easy", 0.5, null],
      [2, "overall", 0.25, null],
    ]);
    expect(metricsOf(stored[2].metrics)).toEqual(WIDESEARCH_REPORT);
  });
});
