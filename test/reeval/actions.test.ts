/**
 * The server actions themselves (re-evaluation and tags): each re-checks the admin session (the form is never
 * trusted), so a call without the admin cookie — from another site, or forged — changes
 * nothing; with it, the action runs and revalidates. Next's request APIs are stubbed.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, engineOf, first, type Db } from "../../db/client";
import {
  auditEntries,
  reevalJobs,
  sampleFacts,
  samples,
  sampleTags,
  submissions,
  tasks,
} from "../../db/schema";
import { temporaryDatabase } from "../api/support";

const cookieJar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined),
  }),
  headers: async () => new Headers(),
}));
const revalidated: string[] = [];
vi.mock("next/cache", () => ({
  revalidatePath: (path: string) => revalidated.push(path),
  refresh: () => {},
}));

const ADMIN_TOKEN = "reeval-actions-test-token";
let tmp: string;

/** The app's database (the actions reach it through getDb()). */
async function appDb(): Promise<Db> {
  const { getDb } = await import("../../db/client");
  return getDb();
}

beforeAll(async () => {
  tmp = temporaryDatabase("reeval-actions");
  process.env.SEEKBOARD_ADMIN_TOKEN = ADMIN_TOKEN;
  delete process.env.SEEKBOARD_JUDGE_BASE_URL;
  const { seedDemo } = await import("../../db/seed-demo");
  await seedDemo(await appDb(), 4);
}, 120_000);
afterAll(async () => {
  await closeDb(await appDb());
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  cookieJar.clear();
  revalidated.length = 0;
});

async function logIn() {
  const { openAdminSession } = await import("../../server/auth");
  cookieJar.set("sb_admin", await openAdminSession());
}

function form(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, String(v));
  return data;
}

async function mpwSample(): Promise<{ id: number; task_id: number; correct: boolean }> {
  const db = await appDb();
  const row = await first(
    db
      .select({ id: samples.id, task_id: samples.taskId, correct: samples.correct })
      .from(samples)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(eq(submissions.benchmarkId, "mpw"))
      .orderBy(asc(samples.id))
      .limit(1),
  );
  if (!row) throw new Error("no MPW sample");
  return row;
}

async function auditCount(): Promise<number> {
  return (await first((await appDb()).select({ n: count() }).from(auditEntries)))?.n ?? 0;
}

/** A sample's `metrics.verdict`, on either engine. */
function verdictOf(db: Db) {
  return engineOf(db) === "postgres"
    ? sql<string | null>`${samples.metrics} ->> 'verdict'`
    : sql<string | null>`json_extract(${samples.metrics}, '$.verdict')`;
}

describe("re-evaluation server actions", () => {
  it("refuse every call without an admin session (no cookie, or a forged one), changing nothing", async () => {
    const actions = await import("../../server/reeval-actions");
    const sample = await mpwSample();
    const refused = { ok: false, error: "only a maintainer can do this: log in at /admin" };
    for (const cookie of [null, "admin.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      cookieJar.clear();
      if (cookie) cookieJar.set("sb_admin", cookie);
      expect(
        await actions.adjudicateAction(
          null,
          form({ sampleId: sample.id, verdict: "correct", reason: "forged" }),
        ),
      ).toEqual(refused);
      expect(
        await actions.previewRejudgeAction(null, form({ sampleId: sample.id, judge: "exact" })),
      ).toEqual(refused);
      expect(await actions.previewRescoreAction(null, form({ sampleId: sample.id }))).toEqual(
        refused,
      );
      expect(await actions.applyProposalAction(null, form({ token: "x.y", reason: "" }))).toEqual(
        refused,
      );
      expect(await actions.undoAction(null, form({ entryId: 1 }))).toEqual(refused);
      expect(
        await actions.fixGoldAction(
          null,
          form({
            taskId: sample.task_id,
            kind: "answer",
            goldAnswer: "x",
            judge: "exact",
            reason: "r",
          }),
        ),
      ).toEqual(refused);
      expect(await actions.reevalJobStatusAction(1)).toBeNull();
    }
    expect(await auditCount()).toBe(0);
    expect(revalidated).toEqual([]);
  });

  it("as admin: adjudicate needs a reason, then applies and revalidates; undo restores", async () => {
    await logIn();
    const actions = await import("../../server/reeval-actions");
    const sample = await mpwSample();
    expect(
      await actions.adjudicateAction(
        null,
        form({ sampleId: sample.id, verdict: "correct", reason: "" }),
      ),
    ).toEqual({ ok: false, error: "reason: an adjudication needs a reason" });
    const result = await actions.adjudicateAction(
      null,
      form({
        sampleId: sample.id,
        verdict: sample.correct ? "incorrect" : "correct",
        reason: "checked by hand",
      }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(revalidated).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/s\/\d+$/), "/b/mpw", "/"]),
    );
    expect(await actions.undoAction(null, form({ entryId: result.entryId }))).toEqual({
      ok: true,
      restored: 1,
    });
  });

  it("as admin: a preview is applied only as signed; a tampered one is refused", async () => {
    await logIn();
    const actions = await import("../../server/reeval-actions");
    const sample = await mpwSample();
    await (
      await appDb()
    )
      .update(sampleFacts)
      .set({ fcr: 0 })
      .where(eq(sampleFacts.sampleId, sample.id));
    const preview = await actions.previewRescoreAction(null, form({ sampleId: sample.id }));
    if (!preview.ok) throw new Error(preview.error);
    const [payload, mac] = preview.token.split(".");
    const tampered = Buffer.from(
      JSON.stringify({ ...preview.proposal, after: { correct: true } }),
    ).toString("base64url");
    expect(tampered).not.toBe(payload);
    expect(
      await actions.applyProposalAction(null, form({ token: `${tampered}.${mac}`, reason: "" })),
    ).toEqual({ ok: false, error: "the preview is not one this server made; run it again" });
    expect(
      await actions.applyProposalAction(null, form({ token: preview.token, reason: "stale FCR" })),
    ).toMatchObject({ ok: true });
  });

  it("as admin: a gold fix answers at once and leaves its job queued for the worker", async () => {
    await logIn();
    const actions = await import("../../server/reeval-actions");
    const sample = await mpwSample();
    const started = await actions.fixGoldAction(
      null,
      form({
        taskId: sample.task_id,
        kind: "answer",
        goldAnswer: "corrected",
        judge: "exact",
        reason: "typo",
      }),
    );
    if (!started.ok) throw new Error(started.error);
    expect(await actions.reevalJobStatusAction(started.jobId)).toMatchObject({
      status: "queued",
      done: 0,
    });
    // The gold shows on public pages: they are revalidated at once.
    expect(revalidated).toContain("/");
    // Nothing runs it in the server's process: it waits for the worker.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await actions.reevalJobStatusAction(started.jobId)).toMatchObject({
      status: "queued",
      done: 0,
    });
    const { runWorker } = await import("../../db/jobs/worker");
    const stop = new AbortController();
    const worker = runWorker({
      db: await appDb(),
      spoolRoot: join(tmp, "uploads"),
      llm: { config: null, why: "none" },
      signal: stop.signal,
      idleMs: 5,
      log: () => {},
    });
    for (
      let i = 0;
      i < 200 && (await actions.reevalJobStatusAction(started.jobId))?.status !== "done";
      i += 1
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    await worker;
    expect(await actions.reevalJobStatusAction(started.jobId)).toMatchObject({
      status: "done",
      done: started.total,
    });
    expect(
      await actions.fixGoldAction(
        null,
        form({
          taskId: sample.task_id,
          kind: "answer",
          goldAnswer: "x",
          judge: "llm",
          reason: "r",
        }),
      ),
    ).toMatchObject({ ok: false, error: expect.stringContaining("SEEKBOARD_JUDGE_BASE_URL") });

    // Undoing the gold fix through its action restores the gold (and whatever its job changed).
    const db = await appDb();
    const job = await first(
      db
        .select({ entryId: reevalJobs.auditEntryId })
        .from(reevalJobs)
        .where(eq(reevalJobs.id, started.jobId))
        .limit(1),
    );
    const entryId = job?.entryId;
    if (entryId === null || entryId === undefined)
      throw new Error(`job ${started.jobId} names no audit entry`);
    const goldBefore = (
      await first(
        db
          .select({ before: auditEntries.before })
          .from(auditEntries)
          .where(eq(auditEntries.id, entryId))
          .limit(1),
      )
    )?.before;
    expect(await actions.undoAction(null, form({ entryId }))).toMatchObject({ ok: true });
    const gold = (
      await first(
        db
          .select({ goldAnswer: tasks.goldAnswer })
          .from(tasks)
          .where(eq(tasks.id, sample.task_id))
          .limit(1),
      )
    )?.goldAnswer;
    expect(goldBefore).toMatchObject({ goldAnswer: gold });
  });

  it("as admin: a re-judge is previewed, then applied as signed", async () => {
    await logIn();
    const actions = await import("../../server/reeval-actions");
    const db = await appDb();
    const qa = await first(
      db
        .select({ id: samples.id })
        .from(samples)
        .innerJoin(submissions, eq(submissions.id, samples.submissionId))
        .innerJoin(tasks, eq(tasks.id, samples.taskId))
        .where(
          and(
            eq(submissions.benchmarkId, "qa"),
            isNotNull(tasks.goldAnswer),
            eq(verdictOf(db), "correct"),
          ),
        )
        .orderBy(asc(samples.id))
        .limit(1),
    );
    expect(qa, "a QA sample the judge found correct").toBeDefined();
    // The judge's mistake: it passed an answer that is not the gold.
    await db
      .update(samples)
      .set({ prediction: "an answer the gold does not match" })
      .where(eq(samples.id, qa!.id));
    const preview = await actions.previewRejudgeAction(
      null,
      form({ sampleId: qa!.id, judge: "exact" }),
    );
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.proposal.after).toMatchObject({
      correct: false,
      verdictSource: "rejudge:exact",
    });
    expect(
      await actions.applyProposalAction(null, form({ token: preview.token, reason: "" })),
    ).toMatchObject({ ok: true });
    expect(
      await first(
        db
          .select({ verdict: verdictOf(db) })
          .from(samples)
          .where(eq(samples.id, qa!.id))
          .limit(1),
      ),
    ).toEqual({ verdict: "incorrect" });
    expect(revalidated).toContain("/");
  });
});

describe("tag server actions", () => {
  it("refuse a call without an admin session; as admin apply and remove a tag, revalidating the public pages", async () => {
    const tags = await import("../../server/tag-actions");
    const sample = await mpwSample();
    const db = await appDb();
    const tagCount = async () =>
      (
        await first(
          db.select({ n: count() }).from(sampleTags).where(eq(sampleTags.sampleId, sample.id)),
        )
      )?.n;
    expect(await tags.applyTag(null, form({ sampleId: sample.id, tag: "Retrieval Miss" }))).toEqual(
      { ok: false, error: "only a maintainer can tag samples: log in at /admin" },
    );
    expect(await tagCount()).toBe(0);
    await logIn();
    expect(
      await tags.applyTag(null, form({ sampleId: sample.id, tag: "x".repeat(61) })),
    ).toMatchObject({ ok: false });
    expect(await tags.applyTag(null, form({ sampleId: sample.id, tag: "Retrieval Miss" }))).toEqual(
      { ok: true, message: "tagged “Retrieval Miss”" },
    );
    expect(await tagCount()).toBe(1);
    expect(revalidated).toContain("/");
    expect(
      await tags.removeTag(null, form({ sampleId: sample.id, tag: "Retrieval Miss" })),
    ).toEqual({ ok: true, message: "removed “Retrieval Miss”" });
    expect(await tagCount()).toBe(0);
  });
});
