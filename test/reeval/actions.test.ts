/**
 * The server actions themselves: each re-checks the admin session (the form is never
 * trusted), so a call without the admin cookie — from another site, or forged — changes
 * nothing; with it, the action runs and revalidates. Next's request APIs are stubbed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const cookieJar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));
const revalidated: string[] = [];
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => revalidated.push(path) }));
const scheduled: (() => unknown)[] = [];
vi.mock("next/server", () => ({ after: (task: () => unknown) => scheduled.push(task) }));

const ADMIN_TOKEN = "reeval-actions-test-token";
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-reeval-actions-"));
  process.env.SEEKBOARD_DB = join(tmp, "test.db");
  process.env.SEEKBOARD_ADMIN_TOKEN = ADMIN_TOKEN;
  delete process.env.SEEKBOARD_JUDGE_BASE_URL;
  const { getDb } = await import("../../db/client");
  const { seedDemo } = await import("../../db/seed-demo");
  seedDemo(getDb(), 4);
});
afterAll(async () => {
  const { getDb } = await import("../../db/client");
  getDb().$client.close();
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  cookieJar.clear();
  revalidated.length = 0;
  scheduled.length = 0;
});

async function logIn() {
  const { signAdminSession } = await import("../../lib/auth/admin-session");
  cookieJar.set("sb_admin", signAdminSession(ADMIN_TOKEN));
}

function form(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, String(v));
  return data;
}

async function mpwSample(): Promise<{ id: number; task_id: number; correct: number }> {
  const { getDb } = await import("../../db/client");
  return getDb().$client.prepare("SELECT s.id, s.task_id, s.correct FROM samples s JOIN submissions sub ON sub.id = s.submission_id WHERE sub.benchmark_id = 'mpw' ORDER BY s.id LIMIT 1").get() as { id: number; task_id: number; correct: number };
}

async function auditCount(): Promise<number> {
  const { getDb } = await import("../../db/client");
  return (getDb().$client.prepare("SELECT count(*) AS n FROM audit_entries").get() as { n: number }).n;
}

describe("re-evaluation server actions", () => {
  it("refuse every call without an admin session (no cookie, or a forged one), changing nothing", async () => {
    const actions = await import("../../app/_server/reeval-actions");
    const sample = await mpwSample();
    const refused = { ok: false, error: "only a maintainer can do this: log in at /admin" };
    for (const cookie of [null, "admin.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      cookieJar.clear();
      if (cookie) cookieJar.set("sb_admin", cookie);
      expect(await actions.adjudicateAction(null, form({ sampleId: sample.id, verdict: "correct", reason: "forged" }))).toEqual(refused);
      expect(await actions.previewRejudgeAction(null, form({ sampleId: sample.id, judge: "exact" }))).toEqual(refused);
      expect(await actions.previewRescoreAction(null, form({ sampleId: sample.id }))).toEqual(refused);
      expect(await actions.applyProposalAction(null, form({ token: "x.y", reason: "" }))).toEqual(refused);
      expect(await actions.undoAction(null, form({ entryId: 1 }))).toEqual(refused);
      expect(await actions.fixGoldAction(null, form({ taskId: sample.task_id, kind: "answer", goldAnswer: "x", judge: "exact", reason: "r" }))).toEqual(refused);
      expect(await actions.reevalJobStatusAction(1)).toBeNull();
    }
    expect(await auditCount()).toBe(0);
    expect(revalidated).toEqual([]);
    expect(scheduled).toEqual([]);
  });

  it("as admin: adjudicate needs a reason, then applies and revalidates; undo restores", async () => {
    await logIn();
    const actions = await import("../../app/_server/reeval-actions");
    const sample = await mpwSample();
    expect(await actions.adjudicateAction(null, form({ sampleId: sample.id, verdict: "correct", reason: "" }))).toEqual({ ok: false, error: "reason: an adjudication needs a reason" });
    const result = await actions.adjudicateAction(null, form({ sampleId: sample.id, verdict: sample.correct ? "incorrect" : "correct", reason: "checked by hand" }));
    if (!result.ok) throw new Error(result.error);
    expect(revalidated).toEqual(expect.arrayContaining([expect.stringMatching(/^\/s\/\d+$/), "/b/mpw", "/"]));
    expect(await actions.undoAction(null, form({ entryId: result.entryId }))).toEqual({ ok: true, restored: 1 });
  });

  it("as admin: a preview is applied only as signed; a tampered one is refused", async () => {
    await logIn();
    const actions = await import("../../app/_server/reeval-actions");
    const { getDb } = await import("../../db/client");
    const sample = await mpwSample();
    getDb().$client.prepare("UPDATE samples SET fcr = 0 WHERE id = ?").run(sample.id);
    const preview = await actions.previewRescoreAction(null, form({ sampleId: sample.id }));
    if (!preview.ok) throw new Error(preview.error);
    const [payload, mac] = preview.token.split(".");
    const tampered = Buffer.from(JSON.stringify({ ...preview.proposal, after: { correct: true } })).toString("base64url");
    expect(tampered).not.toBe(payload);
    expect(await actions.applyProposalAction(null, form({ token: `${tampered}.${mac}`, reason: "" }))).toEqual({ ok: false, error: "the preview is not one this server made; run it again" });
    expect(await actions.applyProposalAction(null, form({ token: preview.token, reason: "stale FCR" }))).toMatchObject({ ok: true });
  });

  it("as admin: a gold fix answers at once and schedules its job after the response", async () => {
    await logIn();
    const actions = await import("../../app/_server/reeval-actions");
    const sample = await mpwSample();
    const started = await actions.fixGoldAction(null, form({ taskId: sample.task_id, kind: "answer", goldAnswer: "corrected", judge: "exact", reason: "typo" }));
    if (!started.ok) throw new Error(started.error);
    expect(await actions.reevalJobStatusAction(started.jobId)).toMatchObject({ status: "queued", done: 0 });
    expect(scheduled).toHaveLength(1);
    await scheduled[0]();
    expect(await actions.reevalJobStatusAction(started.jobId)).toMatchObject({ status: "done", done: started.total });
    expect(await actions.fixGoldAction(null, form({ taskId: sample.task_id, kind: "answer", goldAnswer: "x", judge: "llm", reason: "r" }))).toMatchObject({ ok: false, error: expect.stringContaining("SEEKBOARD_JUDGE_BASE_URL") });
  });
});
