/**
 * The public read API as Next calls it: the WideSearch leaderboard, a submission's
 * paginated samples, one sample's trajectory, and 404s for what does not exist.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BASE, temporaryDatabase } from "./support";

vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));

const tmp = temporaryDatabase("read-api");
const { closeDb, getDb } = await import("@/db/client");
const { ingestBundleDir } = await import("@/db/ingest");
const { writeDemoBundles } = await import("@/lib/benchmarks/mpw/demo");
const { writeSyntheticWideSearchBundles } = await import("@/lib/benchmarks/widesearch/demo");
const { GET: leaderboard } = await import("@/app/api/b/[benchmark]/leaderboard/route");
const { GET: samples } = await import("@/app/api/s/[id]/samples/route");
const { GET: trajectory } = await import("@/app/api/s/[id]/t/[task]/route");

const db = await getDb();
let mpwId: number;
const wideIds: number[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-read-api-bundles-"));
  const [mpw] = writeDemoBundles(
    join(dir, "mpw"),
    20,
    (b) => b.model === "GPT-5" && b.setting === "C",
  );
  mpwId = (await ingestBundleDir(db, mpw.dir, { source: "test", status: "approved" })).submissionId;
  for (const b of writeSyntheticWideSearchBundles(join(dir, "ws")))
    wideIds.push(
      (await ingestBundleDir(db, b.dir, { source: "test", status: "approved" })).submissionId,
    );
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const get = async (
  handler: (r: Request, c: { params: Promise<never> }) => Promise<Response>,
  path: string,
  params: unknown,
) => {
  const response = await handler(new Request(`${BASE}${path}`), {
    params: Promise.resolve(params) as Promise<never>,
  });
  return { status: response.status, body: await response.json() };
};

describe("GET /api/b/widesearch/leaderboard", () => {
  it("lists approved WideSearch submissions with the CLI's aggregate keys, sorted", async () => {
    const { status, body } = await get(leaderboard, "/api/b/widesearch/leaderboard", {
      benchmark: "widesearch",
    });
    expect(status).toBe(200);
    expect(body.rows.map((r: { submissionId: number }) => r.submissionId).sort()).toEqual(
      [...wideIds].sort(),
    );
    for (const key of [
      "successAvg",
      "successPass",
      "rowF1Avg",
      "rowF1Max",
      "itemF1Avg",
      "itemF1Max",
      "rowPrecisionAvg",
      "rowRecallAvg",
      "itemPrecisionAvg",
      "itemRecallAvg",
      "n",
      "runs",
    ]) {
      expect(body.rows[0]).toHaveProperty(key);
    }
    expect(body.rows[0].runs).toBe(3);
    expect(body.rows[0].successAvg).toBeGreaterThanOrEqual(body.rows[1].successAvg);
  });

  it("splits by language and refuses an unknown one", async () => {
    const zh = await get(leaderboard, "/api/b/widesearch/leaderboard?lang=zh", {
      benchmark: "widesearch",
    });
    // Three of the seven synthetic tasks are Chinese.
    expect(zh.body.rows.every((r: { n: number }) => r.n === 3)).toBe(true);
    const bad = await get(leaderboard, "/api/b/widesearch/leaderboard?lang=fr", {
      benchmark: "widesearch",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: "lang" });
  });
});

describe("GET /api/s/{id}/samples", () => {
  it("pages and filters as the submission page does", async () => {
    const all = await get(samples, `/api/s/${mpwId}/samples`, { id: String(mpwId) });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      submissionId: mpwId,
      benchmark: "mpw",
      total: 20,
      page: 1,
      pageSize: 50,
    });
    expect(all.body.samples).toHaveLength(20);
    expect(typeof all.body.samples[0].taskId).toBe("string");
    const failed = await get(samples, `/api/s/${mpwId}/samples?verdict=incorrect`, {
      id: String(mpwId),
    });
    const incorrect = all.body.samples.filter((s: { correct: boolean }) => !s.correct).length;
    expect(failed.body.total).toBe(incorrect);
    expect(failed.body.samples.every((s: { correct: boolean }) => !s.correct)).toBe(true);
  });

  it("answers 404 for an unknown submission and 400 for a bad id", async () => {
    expect((await get(samples, "/api/s/999999/samples", { id: "999999" })).status).toBe(404);
    expect((await get(samples, "/api/s/x/samples", { id: "x" })).status).toBe(400);
  });
});

describe("GET /api/s/{id}/t/{task}", () => {
  it("returns one sample with its ordered steps and hit log", async () => {
    const { status, body } = await get(trajectory, `/api/s/${mpwId}/t/0`, {
      id: String(mpwId),
      task: "0",
    });
    expect(status).toBe(200);
    expect(body.task.taskId).toBe("0");
    expect(Object.keys(body.task.atomicFacts)).toHaveLength(4);
    expect(body.steps.length).toBe(body.sample.stepCount);
    expect(body.hitLog).toHaveLength(body.sample.hitLogCalls);
    const calls = body.steps.filter((s: { kind: string }) => s.kind === "tool_call");
    expect(calls.map((s: { callIndex: number }) => s.callIndex)).toEqual(
      calls.map((_: unknown, i: number) => i + 1),
    );
  });

  it("answers 404 for a task or run that does not exist", async () => {
    expect(
      (await get(trajectory, `/api/s/${mpwId}/t/nope`, { id: String(mpwId), task: "nope" })).status,
    ).toBe(404);
    expect(
      (await get(trajectory, `/api/s/${mpwId}/t/0?run=5`, { id: String(mpwId), task: "0" })).status,
    ).toBe(404);
  });

  it("takes the task as Next decoded it: a key holding % is never decoded again (invalid encoding is the proxy's 400)", async () => {
    // What Next passes for /t/%2530, /t/%25ZZ, /t/%25: the literal keys "%30", "%ZZ", "%".
    for (const task of ["%30", "%ZZ", "%"]) {
      const { status, body } = await get(
        trajectory,
        `/api/s/${mpwId}/t/${encodeURIComponent(task)}`,
        { id: String(mpwId), task },
      );
      expect(status).toBe(404);
      expect(body.error).toBe(`no sample ${task} run 0 in submission ${mpwId}`);
    }
  });
});
