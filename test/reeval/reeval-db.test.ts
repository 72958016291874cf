/**
 * Re-evaluation against a real database (the demo data through the importer): each
 * action's effect on the sample, its audit entry and the submission's aggregates, and undo.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, engineOf, first, type Db } from "../../db/client";
import { adjudicatedCounts, getReevalJob, sampleHistory } from "../../db/queries/audit";
import { fixGold } from "../../db/reeval/gold";
import { failInterruptedJobs, runReevalJob } from "../../db/reeval/jobs";
import { dataVersion, PUBLIC_DATA } from "../../db/jobs/data-version";
import { runWorker, workerId } from "../../db/jobs/worker";
import {
  adjudicate,
  applyProposal,
  previewRejudge,
  previewRescore,
} from "../../db/reeval/proposals";
import { undoEntry } from "../../db/reeval/undo";
import {
  aggregates,
  auditEntries,
  reevalJobs,
  sampleFacts,
  samples,
  submissions,
  tasks,
} from "../../db/schema";
import { seedDemo } from "../../db/seed-demo";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { LlmJudgeSetting } from "../../lib/judges/chat";
import { openTestDb } from "../db";

const NO_LLM: LlmJudgeSetting = { config: null, why: "no LLM judge is configured" };
let db: Db;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-reeval-"));
  db = await openTestDb(join(tmp, "test.db"));
  await seedDemo(db, 12);
}, 120_000);
afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

/** A sample's `metrics.<key>` as text, on either engine. */
function metricText(key: string): SQL {
  return engineOf(db) === "postgres"
    ? sql`(${samples.metrics} ->> ${key}::text)`
    : sql`json_extract(${samples.metrics}, ${`$.${key}`})`;
}

/** The first sample (by id) of a benchmark's submissions matching `where`. */
async function sampleOf(
  benchmark: BenchmarkId,
  where?: SQL,
): Promise<{ id: number; submissionId: number; taskId: number; correct: boolean }> {
  const row = await first(
    db
      .select({
        id: samples.id,
        submissionId: samples.submissionId,
        taskId: samples.taskId,
        correct: samples.correct,
      })
      .from(samples)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(and(eq(submissions.benchmarkId, benchmark), where))
      .orderBy(asc(samples.id))
      .limit(1),
  );
  if (!row) throw new Error(`no ${benchmark} sample matches`);
  return row;
}

async function overall(submissionId: number) {
  const row = await first(
    db
      .select({
        n: aggregates.n,
        pass1: aggregates.primary,
        metrics: aggregates.metrics,
      })
      .from(aggregates)
      .where(and(eq(aggregates.submissionId, submissionId), eq(aggregates.split, "overall")))
      .limit(1),
  );
  if (!row) throw new Error(`no overall aggregate for submission ${submissionId}`);
  return row;
}

function aggregateSnapshot() {
  return db.select().from(aggregates).orderBy(asc(aggregates.submissionId), asc(aggregates.split));
}

/** A sample with its fact figures (null: it has none), as a re-evaluation reads and writes them. */
async function sampleRow(id: number) {
  const row = await first(
    db
      .select({ sample: samples, facts: sampleFacts })
      .from(samples)
      .leftJoin(sampleFacts, eq(sampleFacts.sampleId, samples.id))
      .where(eq(samples.id, id))
      .limit(1),
  );
  if (!row) throw new Error(`no sample ${id}`);
  return { ...row.sample, facts: row.facts };
}

function samplesOfTask(taskId: number) {
  return db.select().from(samples).where(eq(samples.taskId, taskId)).orderBy(asc(samples.id));
}

async function goldOf(taskId: number): Promise<string | null | undefined> {
  return (
    await first(
      db.select({ goldAnswer: tasks.goldAnswer }).from(tasks).where(eq(tasks.id, taskId)).limit(1),
    )
  )?.goldAnswer;
}

/** The `offset`-th MPW task (by id) with its gold and how many samples it has, among those with samples matching `where`. */
async function mpwTask(
  offset: number,
  where?: SQL,
): Promise<{ taskId: number; goldAnswer: string | null; n: number }> {
  const row = await first(
    db
      .select({ taskId: samples.taskId, goldAnswer: tasks.goldAnswer, n: count() })
      .from(samples)
      .innerJoin(tasks, eq(tasks.id, samples.taskId))
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(and(eq(submissions.benchmarkId, "mpw"), where))
      .groupBy(samples.taskId, tasks.goldAnswer)
      .orderBy(asc(samples.taskId))
      .limit(1)
      .offset(offset),
  );
  if (!row) throw new Error(`no MPW task at ${offset}`);
  return row;
}

describe("adjudicate and undo (MPW)", () => {
  it("sets the verdict with a reason, moves Pass@1 by one sample, audits, marks the leaderboard; undo restores all", async () => {
    const sample = await sampleOf("mpw", eq(samples.correct, false));
    const original = await sampleRow(sample.id);
    const aggregatesBefore = await aggregateSnapshot();
    const before = await overall(sample.submissionId);

    expect(await adjudicate(db, sample.id, true, "  ", "admin")).toEqual({
      ok: false,
      error: "an adjudication needs a reason",
    });
    const result = await adjudicate(
      db,
      sample.id,
      true,
      "the judge missed a synonym",
      "admin",
      new Date("2026-11-22T08:00:00Z"),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.affected).toEqual([{ submissionId: sample.submissionId, benchmarkId: "mpw" }]);

    const after = await overall(sample.submissionId);
    expect(after.n).toBe(before.n);
    expect(after.pass1).toBeCloseTo(before.pass1! + 1 / before.n, 12);
    expect(await sampleRow(sample.id)).toMatchObject({
      correct: true,
      verdictSource: "adjudicated",
      verdictLabel: "Correct",
      // The fact plots read the verdict from their own table's copy.
      facts: { correct: true, status: original.status },
    });
    // Only this submission's aggregates were recomputed.
    const changed = (await aggregateSnapshot()).filter(
      (row, i) => JSON.stringify(row) !== JSON.stringify(aggregatesBefore[i]),
    );
    expect(new Set(changed.map((r) => r.submissionId))).toEqual(new Set([sample.submissionId]));

    const [entry] = await sampleHistory(db, sample.id, sample.taskId);
    expect(entry).toMatchObject({
      id: result.entryId,
      action: "adjudicate",
      actor: "admin",
      createdAt: "2026-11-22T08:00:00.000Z",
      sampleId: sample.id,
      submissionId: sample.submissionId,
      judge: "maintainer",
      reason: "the judge missed a synonym",
      undoneAt: null,
    });
    expect(entry.before).toMatchObject({ correct: false, verdictSource: original.verdictSource });
    expect(entry.after).toMatchObject({ correct: true, verdictSource: "adjudicated" });
    expect(await adjudicatedCounts(db, [sample.submissionId, sample.submissionId + 1])).toEqual(
      new Map([[sample.submissionId, 1]]),
    );

    const undone = await undoEntry(db, result.entryId, "admin", new Date("2026-11-22T08:01:00Z"));
    expect(undone).toMatchObject({ ok: true, restored: 1 });
    expect(await sampleRow(sample.id)).toEqual(original);
    expect(await aggregateSnapshot()).toEqual(aggregatesBefore);
    expect((await sampleHistory(db, sample.id, sample.taskId))[0]).toMatchObject({
      undoneAt: "2026-11-22T08:01:00.000Z",
      undoneBy: "admin",
    });
    expect((await adjudicatedCounts(db, [sample.submissionId])).size).toBe(0);
    expect(await undoEntry(db, result.entryId, "admin")).toEqual({
      ok: false,
      error: `entry ${result.entryId} was already undone`,
    });
  });

  it("refuses to undo an entry whose sample changed since; undoing in reverse order works", async () => {
    const sample = await sampleOf("mpw", eq(samples.correct, true));
    const original = await sampleRow(sample.id);
    const first = await adjudicate(db, sample.id, false, "wrong club", "admin");
    const second = await adjudicate(db, sample.id, true, "on reflection, right", "admin");
    if (!first.ok || !second.ok) throw new Error("adjudication failed");
    expect(await undoEntry(db, first.entryId, "admin")).toEqual({
      ok: false,
      error: `sample ${sample.id} changed since entry ${first.entryId}: undo entry ${second.entryId} first`,
    });
    expect((await undoEntry(db, second.entryId, "admin")).ok).toBe(true);
    expect((await undoEntry(db, first.entryId, "admin")).ok).toBe(true);
    expect(await sampleRow(sample.id)).toEqual(original);
  });

  it("two undos of one entry at once: one restores, the other is refused", async () => {
    const sample = await sampleOf("mpw", eq(samples.correct, false));
    const original = await sampleRow(sample.id);
    const result = await adjudicate(db, sample.id, true, "twice", "admin");
    if (!result.ok) throw new Error(result.error);
    const outcomes = await Promise.all([
      undoEntry(db, result.entryId, "admin"),
      undoEntry(db, result.entryId, "admin"),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await sampleRow(sample.id)).toEqual(original);
  });

  it("refuses an unknown sample or entry", async () => {
    expect(await adjudicate(db, 99_999_999, true, "x", "admin")).toEqual({
      ok: false,
      error: "no sample 99999999",
    });
    expect(await undoEntry(db, 99_999_999, "admin")).toEqual({
      ok: false,
      error: "no audit entry 99999999",
    });
  });
});

describe("re-score", () => {
  it("MPW: re-reads the hit log; a consistent sample changes nothing, a stale FCR is restored", async () => {
    const sample = await sampleOf(
      "mpw",
      sql`EXISTS (SELECT 1 FROM sample_facts f WHERE f.sample_id = ${samples.id} AND f.fact_count > 0 AND f.facts_covered > 0)`,
    );
    const clean = await previewRescore(db, sample.id);
    expect(clean.ok && clean.proposal.after).toEqual({});
    const original = await sampleRow(sample.id);
    if (!original.facts) throw new Error("an MPW sample without fact figures");
    await db
      .update(sampleFacts)
      .set({ fcr: 0, factsCovered: 0 })
      .where(eq(sampleFacts.sampleId, sample.id));
    const preview = await previewRescore(db, sample.id);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.proposal.before).toEqual({ fcr: 0, factsCovered: 0 });
    expect(preview.proposal.after).toEqual({
      fcr: original.facts.fcr,
      factsCovered: original.facts.factsCovered,
    });
    // Nothing is written by a preview.
    expect((await sampleRow(sample.id)).facts?.fcr).toBe(0);
    const applied = await applyProposal(db, preview.proposal, "admin", null);
    expect(applied.ok).toBe(true);
    expect(await sampleRow(sample.id)).toEqual(original);
    // The same preview again: the sample no longer holds its `before`.
    expect(await applyProposal(db, preview.proposal, "admin", null)).toEqual({
      ok: false,
      error: "the sample changed since the preview; run it again",
    });
  });

  it("QA: judges the answer deterministically and updates the stored verdict the aggregates read", async () => {
    const sample = await sampleOf("qa");
    const preview = await previewRescore(db, sample.id);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.proposal.judgeConfig).toMatchObject({
      scorer: "normalised exact match, else numeric tolerance",
    });
    // Whatever it decides, applying then undoing is exact.
    const original = await sampleRow(sample.id);
    const aggregatesBefore = await aggregateSnapshot();
    const applied = await applyProposal(db, preview.proposal, "admin", "check");
    if (!applied.ok) throw new Error(applied.error);
    if (applied.entryId !== null) {
      expect((await sampleRow(sample.id)).metrics?.verdict).toBe(
        preview.proposal.after.correct === undefined
          ? original.metrics?.verdict
          : preview.proposal.after.correct
            ? "correct"
            : "incorrect",
      );
      expect((await undoEntry(db, applied.entryId, "admin")).ok).toBe(true);
    }
    expect(await sampleRow(sample.id)).toEqual(original);
    expect(await aggregateSnapshot()).toEqual(aggregatesBefore);
  });

  it("WideSearch: re-scores a response table; a results-only sample cannot be", async () => {
    const scored = await sampleOf("widesearch", isNotNull(samples.detail));
    const preview = await previewRescore(db, scored.id);
    expect(preview.ok && preview.proposal.after).toEqual({});
    const resultsOnly = await sampleOf("widesearch", isNull(samples.detail));
    expect(await previewRescore(db, resultsOnly.id)).toEqual({
      ok: false,
      error:
        "this sample came as the producer's evaluation CSV: there is no response table to judge or re-score",
    });
  });
});

describe("re-judge", () => {
  it("exact match on QA: flips the verdict in metrics and accuracy", async () => {
    const sample = await sampleOf("qa", sql`${metricText("verdict")} = 'incorrect'`);
    const gold = await goldOf(sample.taskId);
    // Make the prediction the gold, so exact match must say correct.
    await db
      .update(samples)
      .set({ prediction: `Exact Answer: ${gold}` })
      .where(eq(samples.id, sample.id));
    const accuracy = async () =>
      ((await overall(sample.submissionId)).metrics as { aggregate: { accuracy: number } })
        .aggregate.accuracy;
    const before = await accuracy();
    const preview = await previewRejudge(db, sample.id, "exact", NO_LLM);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.proposal.after).toMatchObject({
      correct: true,
      verdictSource: "rejudge:exact",
      verdictLabel: "Correct",
    });
    const applied = await applyProposal(db, preview.proposal, "admin", null);
    if (!applied.ok || applied.entryId === null) throw new Error("not applied");
    expect((await sampleRow(sample.id)).metrics?.verdict).toBe("correct");
    expect(await accuracy()).toBeGreaterThan(before);
    expect((await sampleHistory(db, sample.id, sample.taskId))[0]).toMatchObject({
      action: "rejudge",
      judge: "exact",
    });
    expect((await undoEntry(db, applied.entryId, "admin")).ok).toBe(true);
    expect(await accuracy()).toBe(before);
  });

  it("the LLM judge without configuration, and WideSearch with a non-LLM judge, are refused with the reason", async () => {
    const mpw = await sampleOf("mpw");
    expect(await previewRejudge(db, mpw.id, "llm", NO_LLM)).toEqual({
      ok: false,
      error: "no LLM judge is configured",
    });
    const ws = await sampleOf("widesearch", isNotNull(samples.detail));
    expect(await previewRejudge(db, ws.id, "exact", NO_LLM)).toMatchObject({
      ok: false,
      error: expect.stringContaining("use Re-score"),
    });
  });

  it("re-reads MPW's stored judge output", async () => {
    const sample = await sampleOf("mpw", eq(samples.verdictSource, "judge_response"));
    const preview = await previewRejudge(db, sample.id, "grader", NO_LLM);
    if (!preview.ok) throw new Error(preview.error);
    // The stored judge output already gave this verdict: nothing to change, not even the source.
    expect(preview.proposal.after).toEqual({});
    expect(preview.proposal.rationale).toBe(
      "read as mpw grader output: Correct".replace(
        "Correct",
        preview.proposal.rationale!.endsWith("Incorrect") ? "Incorrect" : "Correct",
      ),
    );
  });
});

describe("gold fix and the background re-evaluation", () => {
  it("MPW: corrects the gold, re-judges every sample of the task across submissions in chunks, and undoes as one", async () => {
    const task = await mpwTask(0);
    const samplesBefore = await samplesOfTask(task.taskId);
    const aggregatesBefore = await aggregateSnapshot();
    expect(
      await fixGold(
        db,
        task.taskId,
        { kind: "answer", goldAnswer: task.goldAnswer! },
        "exact",
        "x",
        "admin",
        NO_LLM,
      ),
    ).toEqual({ ok: false, error: "that is already the gold answer" });
    expect(
      await fixGold(
        db,
        task.taskId,
        { kind: "answer", goldAnswer: "new" },
        "llm",
        "x",
        "admin",
        NO_LLM,
      ),
    ).toEqual({ ok: false, error: "no LLM judge is configured" });
    expect(
      await fixGold(
        db,
        task.taskId,
        { kind: "answer", goldAnswer: "new" },
        "exact",
        " ",
        "admin",
        NO_LLM,
      ),
    ).toEqual({ ok: false, error: "a gold correction needs a reason" });

    const started = await fixGold(
      db,
      task.taskId,
      { kind: "answer", goldAnswer: "A gold no prediction matches" },
      "exact",
      "the source was updated",
      "admin",
      NO_LLM,
    );
    if (!started.ok) throw new Error(started.error);
    expect(started.total).toBe(task.n);
    expect(await getReevalJob(db, started.jobId)).toMatchObject({
      status: "queued",
      total: task.n,
      done: 0,
      changed: 0,
    });
    // A second correction waits for the running job.
    expect(
      await fixGold(
        db,
        task.taskId,
        { kind: "answer", goldAnswer: "other" },
        "exact",
        "y",
        "admin",
        NO_LLM,
      ),
    ).toMatchObject({ ok: false, error: expect.stringContaining("still re-evaluating") });
    let chunksWritten = 0;
    await runReevalJob(db, started.jobId, {
      llm: NO_LLM,
      chunkSize: 5,
      onChunkWritten: () => void (chunksWritten += 1),
    });
    const job = (await getReevalJob(db, started.jobId))!;
    expect(job).toMatchObject({ status: "done", done: task.n, error: null });
    // The public data version is bumped after every chunk that changed a sample.
    expect(chunksWritten).toBeGreaterThan(0);
    expect(chunksWritten).toBeLessThanOrEqual(Math.ceil(task.n / 5));
    // Against a gold nobody wrote, exact match finds every sample incorrect; only those
    // the judge had found correct change (and record the new source).
    const wasCorrect = samplesBefore.filter((s) => s.correct).map((s) => s.id);
    expect(wasCorrect.length).toBeGreaterThan(0);
    const verdicts = await samplesOfTask(task.taskId);
    expect(verdicts.every((v) => !v.correct)).toBe(true);
    expect(verdicts.filter((v) => v.verdictSource === "reevaluate:exact").map((v) => v.id)).toEqual(
      wasCorrect,
    );
    expect(job.changed).toBe(wasCorrect.length);
    const children = await first(
      db
        .select({ n: count() })
        .from(auditEntries)
        .where(
          and(eq(auditEntries.parentId, started.entryId), eq(auditEntries.jobId, started.jobId)),
        ),
    );
    expect(children?.n).toBe(wasCorrect.length);
    expect(await goldOf(task.taskId)).toBe("A gold no prediction matches");

    const undone = await undoEntry(db, started.entryId, "admin");
    expect(undone).toMatchObject({ ok: true, restored: wasCorrect.length });
    expect(await samplesOfTask(task.taskId)).toEqual(samplesBefore);
    expect(await goldOf(task.taskId)).toBe(task.goldAnswer);
    expect(await aggregateSnapshot()).toEqual(aggregatesBefore);
  });

  it("a job whose worker died is marked failed: the task takes a new fix, and the interrupted one undoes cleanly; a queued job waits", async () => {
    const task = await mpwTask(2);
    const samplesBefore = await samplesOfTask(task.taskId);
    const started = await fixGold(
      db,
      task.taskId,
      { kind: "answer", goldAnswer: "A gold no prediction matches" },
      "exact",
      "moved",
      "admin",
      NO_LLM,
    );
    if (!started.ok) throw new Error(started.error);
    // Queued, it waits for a worker whatever the workers' state.
    expect(await failInterruptedJobs(db, () => false)).toBe(0);
    expect(await getReevalJob(db, started.jobId)).toMatchObject({ status: "queued" });
    // A worker claimed it, then died before its first chunk.
    await db
      .update(reevalJobs)
      .set({ status: "running", worker: "host/4242" })
      .where(eq(reevalJobs.id, started.jobId));
    // While its worker lives, it is left running.
    expect(await failInterruptedJobs(db, () => true)).toBe(0);
    expect(await getReevalJob(db, started.jobId)).toMatchObject({ status: "running" });
    expect(
      await failInterruptedJobs(
        db,
        (worker) => worker !== "host/4242",
        new Date("2026-11-22T10:00:00Z"),
      ),
    ).toBe(1);
    expect(await getReevalJob(db, started.jobId)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("interrupted"),
      finishedAt: "2026-11-22T10:00:00.000Z",
    });
    expect(await failInterruptedJobs(db, () => false)).toBe(0);
    await runReevalJob(db, started.jobId, { llm: NO_LLM });
    expect(await getReevalJob(db, started.jobId)).toMatchObject({ status: "failed", done: 0 });
    expect(await undoEntry(db, started.entryId, "admin")).toMatchObject({ ok: true });
    expect(await samplesOfTask(task.taskId)).toEqual(samplesBefore);
    expect(await goldOf(task.taskId)).toBe(task.goldAnswer);
  });

  it("two workers reaching one queued job at once: exactly one runs it", async () => {
    const task = await mpwTask(4);
    const started = await fixGold(
      db,
      task.taskId,
      { kind: "answer", goldAnswer: "A gold no prediction matches" },
      "exact",
      "race",
      "admin",
      NO_LLM,
    );
    if (!started.ok) throw new Error(started.error);
    const chunks = { a: 0, b: 0 };
    await Promise.all([
      runReevalJob(db, started.jobId, {
        llm: NO_LLM,
        worker: "host/a",
        onChunkWritten: () => void (chunks.a += 1),
      }),
      runReevalJob(db, started.jobId, {
        llm: NO_LLM,
        worker: "host/b",
        onChunkWritten: () => void (chunks.b += 1),
      }),
    ]);
    const job = (await getReevalJob(db, started.jobId))!;
    expect(job).toMatchObject({ status: "done", done: task.n });
    const runner = (
      await first(
        db
          .select({ worker: reevalJobs.worker })
          .from(reevalJobs)
          .where(eq(reevalJobs.id, started.jobId)),
      )
    )?.worker;
    expect(["host/a", "host/b"]).toContain(runner);
    // The other worker wrote nothing.
    expect(runner === "host/a" ? chunks.b : chunks.a).toBe(0);
    expect((await undoEntry(db, started.entryId, "admin")).ok).toBe(true);
    expect(await goldOf(task.taskId)).toBe(task.goldAnswer);
  });

  it("the worker runs a queued gold-fix job in its name and bumps the public data version the servers watch", async () => {
    const task = await mpwTask(3, eq(samples.correct, true));
    const started = await fixGold(
      db,
      task.taskId,
      { kind: "answer", goldAnswer: "A gold no prediction matches" },
      "exact",
      "worker",
      "admin",
      NO_LLM,
    );
    if (!started.ok) throw new Error(started.error);
    const versionBefore = await dataVersion(db, PUBLIC_DATA);
    const stop = new AbortController();
    const worker = runWorker({
      db,
      spoolRoot: join(tmp, "uploads"),
      llm: NO_LLM,
      signal: stop.signal,
      idleMs: 5,
      log: () => {},
    });
    for (let i = 0; i < 200 && (await getReevalJob(db, started.jobId))?.status !== "done"; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    await worker;
    expect(await getReevalJob(db, started.jobId)).toMatchObject({
      status: "done",
      done: started.total,
    });
    expect(
      (
        await first(
          db
            .select({ worker: reevalJobs.worker })
            .from(reevalJobs)
            .where(eq(reevalJobs.id, started.jobId)),
        )
      )?.worker,
    ).toBe(workerId());
    expect(await dataVersion(db, PUBLIC_DATA)).toBeGreaterThan(versionBefore);
    expect((await undoEntry(db, started.entryId, "admin")).ok).toBe(true);
  });

  it("refuses to undo a gold fix when one of its samples changed since, changing nothing", async () => {
    const task = await mpwTask(1);
    const started = await fixGold(
      db,
      task.taskId,
      { kind: "answer", goldAnswer: "zzz" },
      "exact",
      "test",
      "admin",
      NO_LLM,
    );
    if (!started.ok) throw new Error(started.error);
    await runReevalJob(db, started.jobId, { llm: NO_LLM });
    const victim = (await samplesOfTask(task.taskId))[0];
    const later = await adjudicate(db, victim.id, true, "later change", "admin");
    if (!later.ok) throw new Error(later.error);
    const snapshot = await samplesOfTask(task.taskId);
    const child = await first(
      db
        .select({ id: auditEntries.id })
        .from(auditEntries)
        .where(
          and(eq(auditEntries.sampleId, victim.id), eq(auditEntries.parentId, started.entryId)),
        ),
    );
    expect(await undoEntry(db, started.entryId, "admin")).toEqual({
      ok: false,
      error: `sample ${victim.id} changed since entry ${child?.id}: undo entry ${later.entryId} first`,
    });
    expect(await samplesOfTask(task.taskId)).toEqual(snapshot);
    expect(await goldOf(task.taskId)).toBe("zzz");
    expect((await undoEntry(db, later.entryId, "admin")).ok).toBe(true);
    expect((await undoEntry(db, started.entryId, "admin")).ok).toBe(true);
    expect(await goldOf(task.taskId)).toBe(task.goldAnswer);
  });

  it("WideSearch: correcting a gold cell re-scores the task's response tables", async () => {
    const sample = await sampleOf(
      "widesearch",
      and(isNotNull(samples.detail), eq(samples.correct, true)),
    );
    const task = await first(
      db.select({ extra: tasks.extra }).from(tasks).where(eq(tasks.id, sample.taskId)),
    );
    const extra = task?.extra as {
      gold: { columns: string[]; rows: string[][] };
      evaluation: { uniqueColumns: string[] };
    };
    const keys = extra.evaluation.uniqueColumns;
    const column = extra.gold.columns.find((c) => !keys.includes(c))!;
    const before = await sampleRow(sample.id);
    expect(
      await fixGold(
        db,
        sample.taskId,
        { kind: "answer", goldAnswer: "x" },
        "exact",
        "r",
        "admin",
        NO_LLM,
      ),
    ).toMatchObject({ ok: false });
    const started = await fixGold(
      db,
      sample.taskId,
      { kind: "cell", row: 0, column, value: "a value no table holds" },
      "exact",
      "typo in the gold",
      "admin",
      NO_LLM,
    );
    if (!started.ok) throw new Error(started.error);
    await runReevalJob(db, started.jobId, { llm: NO_LLM });
    expect(await getReevalJob(db, started.jobId)).toMatchObject({ status: "done" });
    // A previously successful table now misses one gold cell: no longer a success.
    expect(await sampleRow(sample.id)).toMatchObject({
      correct: false,
      verdictSource: "reevaluate:exact",
    });
    expect((await sampleRow(sample.id)).metrics?.success).toBe(false);
    expect((await undoEntry(db, started.entryId, "admin")).ok).toBe(true);
    expect(await sampleRow(sample.id)).toEqual(before);
  });
});
