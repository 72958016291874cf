/**
 * Stored failure modes against a real database: demo bundles of every benchmark ingested,
 * then the modes written at ingest compared with the ones computed again from the stored
 * runs (the backfill's path), the report's counts with the runs `mode:` filters, and a
 * re-evaluation that changes a verdict.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, not } from "drizzle-orm";
import { DEFAULT_SAMPLE_FILTERS } from "../lib/url/samples";
import { writeDemoBundles } from "../lib/benchmarks/mpw/demo";
import { closeDb, withTx, type Db } from "./client";
import { openTestDb } from "../test/db";
import { backfillFailureModes } from "./failure-modes";
import { ingestBundleDir } from "./ingest";
import { comparedFailureModes, submissionFailureModes } from "./queries/failure-modes";
import { pairedRows } from "./queries/compare";
import { listSamples } from "./queries/samples";
import { writeState } from "./reeval/store";
import { sampleFailureModes, samples, submissions } from "./schema";
import { writeDemoFiles } from "./seed-demo";

let tmp: string;
let db: Db;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-failure-modes-"));
  db = await openTestDb(join(tmp, "test.db"));
  const bundles = [
    ...writeDemoBundles(
      join(tmp, "mpw"),
      60,
      (b) => b.model === "MindWatcher 32B" && b.setting === "C",
    ),
    ...writeDemoFiles(join(tmp, "seekboard")),
  ];
  for (const bundle of bundles)
    await ingestBundleDir(db, bundle.dir, { source: "test", status: "approved" });
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const allModes = () =>
  db
    .select()
    .from(sampleFailureModes)
    .orderBy(asc(sampleFailureModes.sampleId), asc(sampleFailureModes.mode));

describe("stored failure modes", () => {
  it("are written at ingest as the stored runs give them: every failed run has one, no correct run any", async () => {
    const atIngest = await allModes();
    const benchmarks = new Set(
      (await db.select({ b: submissions.benchmarkId }).from(submissions)).map((r) => r.b),
    );
    expect(benchmarks.size).toBeGreaterThanOrEqual(5);
    const failed = await db.select({ id: samples.id }).from(samples).where(not(samples.correct));
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(atIngest.map((r) => r.sampleId))).toEqual(new Set(failed.map((r) => r.id)));
    await db.delete(sampleFailureModes);
    expect(await backfillFailureModes(db)).toBe(failed.length);
    expect(await allModes()).toEqual(atIngest);
  });

  it("count each submission's failed runs as its mode: filters select them", async () => {
    for (const submission of await db.select().from(submissions)) {
      const report = await submissionFailureModes(db, submission);
      const { total: failed } = await listSamples(db, submission.id, {
        ...DEFAULT_SAMPLE_FILTERS,
        f: "verdict:incorrect",
      });
      expect(report.failed).toBe(failed);
      for (const mode of report.modes) {
        const { total } = await listSamples(db, submission.id, {
          ...DEFAULT_SAMPLE_FILTERS,
          f: `mode:${mode.mode}`,
        });
        expect(total, `${submission.benchmarkId} ${mode.mode}`).toBe(mode.count);
        if (failed) expect(mode.share).toBeCloseTo(mode.count / failed, 12);
      }
      if (failed)
        expect(report.modes.reduce((n, m) => n + m.count, 0)).toBeGreaterThanOrEqual(failed);
    }
  });

  it("follow a re-evaluation that changes the verdict", async () => {
    const [sample] = await db
      .select({ id: samples.id })
      .from(samples)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(and(eq(submissions.benchmarkId, "qa"), not(samples.correct)))
      .limit(1);
    const modesOf = async () =>
      (
        await db
          .select({ mode: sampleFailureModes.mode })
          .from(sampleFailureModes)
          .where(eq(sampleFailureModes.sampleId, sample.id))
      ).map((r) => r.mode);
    const before = await modesOf();
    expect(before.length).toBeGreaterThan(0);
    await withTx(db, (tx) => writeState(tx, sample.id, { correct: true }));
    expect(await modesOf()).toEqual([]);
    await withTx(db, (tx) => writeState(tx, sample.id, { correct: false }));
    expect((await modesOf()).sort()).toEqual([...before].sort());
  });

  it("pair a submission's runs with themselves on /compare: equal counts, no difference", async () => {
    const [submission] = await db
      .select()
      .from(submissions)
      .where(eq(submissions.benchmarkId, "mpw"))
      .limit(1);
    const rows = await pairedRows(db, submission.id, submission.id);
    const modes = await comparedFailureModes(
      db,
      rows.benchmark,
      submission.id,
      submission.id,
      rows.runs,
    );
    const report = await submissionFailureModes(db, submission);
    expect(modes.aFailed).toBe(report.failed);
    for (const row of modes.rows) {
      expect(row.a).toBe(report.modes.find((m) => m.mode === row.mode)!.count);
      expect(row.b).toBe(row.a);
      expect(row.difference?.difference).toBe(0);
    }
  });
});
