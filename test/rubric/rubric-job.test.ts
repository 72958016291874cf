/**
 * Rubric search end to end below the UI, on either engine, against a local
 * OpenAI-compatible judge over real HTTP (test/judge-server.ts): the scope and its estimate,
 * the job run by the worker's calls a chunk at a time, cited steps kept or dropped, malformed
 * replies, a judge that fails, cancelling, a worker that dies mid-job, refining on the
 * matches, and who sees which results.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, first, type Db } from "../../db/client";
import { getRubricJob, listRubricResults } from "../../db/queries/rubric";
import {
  cancelRubricJob,
  createRubricJob,
  nextRubricJob,
  previewRubricJob,
  requeueInterruptedRubricJobs,
  runRubricChunk,
} from "../../db/rubric/jobs";
import { rubricResults, samples, submissions } from "../../db/schema";
import { seedDemo } from "../../db/seed-demo";
import { PUBLIC_VIEWER } from "../../lib/auth/visibility";
import {
  llmJudgeSettingFromEnv,
  type LlmJudgeConfig,
  type LlmJudgeSetting,
} from "../../lib/judges/chat";
import type { RubricScope } from "../../lib/rubric/scope";
import { keywordRubricJudge, startJudgeServer, type JudgeRequest } from "../judge-server";
import { openTestDb } from "../db";

type Mode = "keyword" | "malformed-every-other" | "http-500";
let mode: Mode = "keyword";
let server: Server;
let requests: JudgeRequest[];
let db: Db;
let tmp: string;
let llm: LlmJudgeSetting;
let judge: LlmJudgeConfig;
let submissionId: number;
const ADMIN = { admin: true, uploaderTokenId: null };

let calls = 0;

beforeAll(async () => {
  const started = await startJudgeServer((request) => {
    calls += 1;
    switch (mode) {
      case "keyword":
        return keywordRubricJudge(request);
      case "malformed-every-other":
        return calls % 2 ? '{"match": "maybe"}' : keywordRubricJudge(request);
      case "http-500":
        return { status: 500, body: "upstream overloaded" };
    }
  });
  server = started.server;
  requests = started.requests;
  llm = llmJudgeSettingFromEnv({
    SEEKBOARD_JUDGE_BASE_URL: started.baseUrl,
    SEEKBOARD_JUDGE_MODEL: "rubric-judge",
    SEEKBOARD_JUDGE_TIMEOUT_MS: "2000",
  });
  if (!llm.config) throw new Error(llm.why);
  judge = llm.config;
  tmp = mkdtempSync(join(tmpdir(), "seekboard-rubric-"));
  db = await openTestDb(join(tmp, "test.db"));
  await seedDemo(db, 6);
  // An approved MPW submission with failed runs.
  const mpw = await first(
    db
      .select({ id: submissions.id })
      .from(samples)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(
        and(
          eq(submissions.benchmarkId, "mpw"),
          eq(submissions.status, "approved"),
          eq(samples.correct, false),
        ),
      )
      .orderBy(asc(samples.id))
      .limit(1),
  );
  if (!mpw) throw new Error("no approved MPW submission with a failed run in the demo");
  submissionId = mpw.id;
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  mode = "keyword";
  calls = 0;
  requests.length = 0;
});

/** What the worker does: chunks of `worker`'s job until it has none. */
async function drain(worker = "test/1"): Promise<void> {
  for (let id = await nextRubricJob(db, worker); id !== null; id = await nextRubricJob(db, worker))
    await runRubricChunk(db, id, { llm, worker, chunkSize: 3 });
}

async function incorrectCount(): Promise<number> {
  return (
    await db
      .select({ id: samples.id })
      .from(samples)
      .where(and(eq(samples.submissionId, submissionId), eq(samples.correct, false)))
  ).length;
}

const scope = (filter: string): RubricScope => ({
  kind: "submissions",
  submissionIds: [submissionId],
  filter,
});

describe("rubric search", () => {
  it("previews the scope's runs and tokens; refuses a filter that does not parse and an empty rubric", async () => {
    const preview = await previewRubricJob(db, "the agent gave up", scope("verdict:incorrect"));
    expect(preview).toMatchObject({ ok: true, runs: await incorrectCount() });
    if (preview.ok) expect(preview.estimatedTokens).toBeGreaterThan(preview.runs * 200);
    expect(await previewRubricJob(db, "r", scope('calls>>"'))).toMatchObject({
      ok: false,
      error: expect.stringContaining("filter at character"),
    });
    expect(await previewRubricJob(db, "  ", scope(""))).toMatchObject({ ok: false });
    expect(
      await previewRubricJob(db, "r", { kind: "submissions", submissionIds: [99999], filter: "" }),
    ).toEqual({ ok: false, error: "no submission #99999" });
    // Nothing was asked of the judge before the admin said yes.
    expect(requests).toHaveLength(0);
  });

  it("judges every run once, keeps the cited steps it has, drops and counts the others, and refines on the matches", async () => {
    const created = await createRubricJob(db, {
      rubric: "the agent wrote a final answer",
      scope: scope("verdict:incorrect"),
      actor: "admin",
      judge,
    });
    if (!created.ok) throw new Error(created.error);
    expect(created.runs).toBe(await incorrectCount());
    await drain();
    expect(requests).toHaveLength(created.runs);
    expect(requests[0].model).toBe("rubric-judge");
    const job = await getRubricJob(db, created.id);
    expect(job).toMatchObject({ status: "done", total: created.runs, done: created.runs });
    const { rows, counts } = await listRubricResults(db, created.id, ADMIN, "all", null);
    expect(rows).toHaveLength(created.runs);
    expect(counts.match).toBe(job?.matched);
    expect(counts.match).toBeGreaterThan(0);
    expect(counts.match + counts["no-match"]).toBe(created.runs);
    for (const row of rows.filter((r) => r.verdict === "match")) {
      // The judge cites a real step and ordinal 99999, which no run has.
      expect(row.cited).toHaveLength(1);
      expect(row.cited[0].anchor).toMatch(/^(step|call)-\d+$/);
      expect(row.dropped).toBe(1);
    }
    expect(job?.droppedCitations).toBe(counts.match);

    const refined = await createRubricJob(db, {
      rubric: "the agent searched",
      scope: { kind: "matches", parentId: created.id, filter: "" },
      actor: "admin",
      judge,
    });
    expect(refined).toMatchObject({ ok: true, runs: counts.match });
    if (refined.ok) await cancelRubricJob(db, refined.id);
  });

  it("records a malformed reply as unreadable and goes on; fails the job when the judge answers an HTTP error", async () => {
    mode = "malformed-every-other";
    const created = await createRubricJob(db, {
      rubric: "final answer",
      scope: scope("verdict:incorrect"),
      actor: "admin",
      judge,
    });
    if (!created.ok) throw new Error(created.error);
    await drain();
    const job = await getRubricJob(db, created.id);
    expect(job?.status).toBe("done");
    expect(job?.unreadable).toBe(Math.ceil(created.runs / 2));
    const unreadable = await listRubricResults(db, created.id, ADMIN, "unreadable", null);
    expect(unreadable.rows[0].reason).toContain("match");
    expect(unreadable.rows[0].cited).toEqual([]);

    mode = "http-500";
    const failing = await createRubricJob(db, {
      rubric: "final answer",
      scope: scope(""),
      actor: "admin",
      judge,
    });
    if (!failing.ok) throw new Error(failing.error);
    await drain();
    const failed = await getRubricJob(db, failing.id);
    expect(failed).toMatchObject({ status: "failed", done: 0 });
    expect(failed?.error).toContain("HTTP 500");
  });

  it("stops a cancelled job before its next run", async () => {
    const created = await createRubricJob(db, {
      rubric: "final answer",
      scope: scope(""),
      actor: "admin",
      judge,
    });
    if (!created.ok) throw new Error(created.error);
    await runRubricChunk(db, created.id, { llm, worker: "test/1", chunkSize: 2 });
    expect(await cancelRubricJob(db, created.id)).toBe(true);
    expect(await runRubricChunk(db, created.id, { llm, worker: "test/1" })).toBe(false);
    expect(await nextRubricJob(db, "test/1")).toBeNull();
    expect(await getRubricJob(db, created.id)).toMatchObject({ status: "cancelled", done: 2 });
    expect(await cancelRubricJob(db, created.id)).toBe(false);
  });

  it("resumes a job whose worker died where it stopped, judging no run twice", async () => {
    const created = await createRubricJob(db, {
      rubric: "final answer",
      scope: scope("verdict:incorrect"),
      actor: "admin",
      judge,
    });
    if (!created.ok) throw new Error(created.error);
    await runRubricChunk(db, created.id, { llm, worker: "gone/1", chunkSize: 2 });
    // Another worker does not take a job running in a live worker's name…
    expect(await requeueInterruptedRubricJobs(db, () => true, "test/2")).toBe(0);
    expect(await nextRubricJob(db, "test/2")).toBeNull();
    // …and queues it again once that worker is gone.
    expect(await requeueInterruptedRubricJobs(db, (w) => w !== "gone/1", "test/2")).toBe(1);
    await drain("test/2");
    expect(requests).toHaveLength(created.runs);
    expect(await getRubricJob(db, created.id)).toMatchObject({
      status: "done",
      done: created.runs,
    });
    const pending = await db
      .select({ id: rubricResults.sampleId })
      .from(rubricResults)
      .where(and(eq(rubricResults.jobId, created.id), isNull(rubricResults.verdict)));
    expect(pending).toHaveLength(0);
  });

  it("shows a visitor the results over approved submissions only, counted over those", async () => {
    const other = await first(
      db
        .select({ id: submissions.id })
        .from(submissions)
        .where(
          and(
            eq(submissions.benchmarkId, "mpw"),
            eq(submissions.status, "approved"),
            ne(submissions.id, submissionId),
          ),
        )
        .orderBy(asc(submissions.id))
        .limit(1),
    );
    if (!other) throw new Error("the demo has one approved MPW submission only");
    const created = await createRubricJob(db, {
      rubric: "final answer",
      scope: { kind: "submissions", submissionIds: [submissionId, other.id], filter: "run=0" },
      actor: "admin",
      judge,
    });
    if (!created.ok) throw new Error(created.error);
    await drain();
    await db.update(submissions).set({ status: "pending" }).where(eq(submissions.id, other.id));
    try {
      const admin = await listRubricResults(db, created.id, ADMIN, "all", null);
      const visitor = await listRubricResults(db, created.id, PUBLIC_VIEWER, "all", null);
      expect(admin.counts.all).toBe(created.runs);
      expect(visitor.rows.every((r) => r.submissionId === submissionId)).toBe(true);
      expect(visitor.counts.all).toBe(visitor.rows.length);
      expect(visitor.counts.all).toBeLessThan(admin.counts.all);
      expect(visitor.counts.all).toBeGreaterThan(0);
    } finally {
      await db.update(submissions).set({ status: "approved" }).where(eq(submissions.id, other.id));
    }
  });
});
