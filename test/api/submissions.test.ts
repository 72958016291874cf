/**
 * The submissions API, called as Next calls its route handlers: every answer of
 * POST /api/submissions, the admin's approve/reject, the public leaderboard API, and
 * who may see a pending submission through the analysis API.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ADMIN_TOKEN,
  BASE,
  startWorker,
  bundleDir,
  dumpDatabase,
  fileAt,
  json,
  jsonl,
  mpwManifest,
  mpwRecords,
  tgzOf,
  uploadRequest,
  temporaryDatabase,
  zipDir,
} from "./support";

// The analysis route awaits connection(), which only works inside Next's request scope.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));
// Moderation drops the client router's copies of pages (revalidatePath); outside Next there are none, so record the call.
const revalidatePath = vi.hoisted(() => vi.fn());
vi.mock("next/cache", () => ({ revalidatePath }));

const tmp = temporaryDatabase("api");
const { eq } = await import("drizzle-orm");
const { submissions } = await import("@/db/schema");
const { closeDb, getDb } = await import("@/db/client");
const { issueUploadToken, revokeUploadToken } = await import("@/db/upload-tokens");
const { dataVersion, PUBLIC_DATA } = await import("@/db/jobs/data-version");
const { POST: upload } = await import("@/app/api/submissions/route");
const { spoolRoot } = await import("@/db/jobs/worker");
const { ADMIN_FAILURES_PER_CLIENT } = await import("@/server/auth");
const { PEER_ADDRESS_HEADER } = await import("@/lib/auth/client-address");
const { POST: approve } = await import("@/app/api/submissions/[id]/approve/route");
const { POST: reject } = await import("@/app/api/submissions/[id]/reject/route");
const { GET: leaderboard } = await import("@/app/api/b/[benchmark]/leaderboard/route");
const { GET: analysis } = await import("@/app/api/analysis/[kind]/route");

const db = await getDb();
const worker = startWorker(db);
let team: { id: number; token: string };
let goodZip: string;
let goodDirPath: string;

beforeAll(async () => {
  team = await issueUploadToken(db, "Team Alpha");
  goodDirPath = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(0)) }, mpwManifest("Alpha 7B"));
  goodZip = zipDir(tmp, goodDirPath, ["manifest.json", "results.jsonl"]);
});

afterAll(async () => {
  await worker.stop();
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const moderation = (
  handler: typeof approve,
  id: number | string,
  token: string | null,
  body?: unknown,
) =>
  handler(
    new Request(`${BASE}/api/submissions/${id}/x`, {
      method: "POST",
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        "content-type": "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(id) }) },
  );

const board = (benchmark: string, query = "") =>
  leaderboard(new Request(`${BASE}/api/b/${benchmark}/leaderboard${query}`), {
    params: Promise.resolve({ benchmark }),
  });

const analysisOf = (ids: number[], headers: Record<string, string> = {}) =>
  analysis(
    new Request(`${BASE}/api/analysis/fcr-pass1?submissions=${ids.join(",")}`, { headers }),
    { params: Promise.resolve({ kind: "fcr-pass1" }) },
  );

describe("POST /api/submissions: who may upload", () => {
  it("401 without a token, with an unknown one and with a revoked one; nothing is written", async () => {
    const before = await dumpDatabase(db);
    const revoked = await issueUploadToken(db, "Team Gone");
    await revokeUploadToken(db, revoked.id);
    const afterIssue = await dumpDatabase(db);
    for (const token of [null, "sb_not-a-real-token", revoked.token]) {
      const response = await upload(uploadRequest(fileAt(goodZip), token));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await json(response)).toEqual({ error: expect.any(String) });
    }
    // The dump leaves out limit_events: the two wrong tokens are counted as admin-token guesses (below).
    expect(await dumpDatabase(db)).toEqual(afterIssue);
    expect(afterIssue.upload_tokens.length).toBe(before.upload_tokens.length + 1);
  });

  it("403 with the admin token: uploads belong to a team", async () => {
    const response = await upload(uploadRequest(fileAt(goodZip), ADMIN_TOKEN));
    expect(response.status).toBe(403);
    expect((await json(response)).error).toMatch(/team/);
  });

  it("a token that is no team's is a counted guess at the admin token: 429 past the client's limit, the admin's answer elsewhere unchanged", async () => {
    const from = (address: string, token: string) => {
      const request = uploadRequest(fileAt(goodZip), token);
      request.headers.set(PEER_ADDRESS_HEADER, address);
      return upload(request);
    };
    const statuses: number[] = [];
    for (let i = 0; i <= ADMIN_FAILURES_PER_CLIENT; i++)
      statuses.push((await from("192.0.2.50", `sb_guess-${i}`)).status);
    expect(statuses.slice(0, ADMIN_FAILURES_PER_CLIENT).every((s) => s === 401)).toBe(true);
    const limited = await from("192.0.2.50", ADMIN_TOKEN);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await from("192.0.2.51", ADMIN_TOKEN)).status).toBe(403);
  });
});

describe("POST /api/submissions: accepted bundles", () => {
  let firstId: number;

  it("201 {id, status: pending} for a new .zip, with the metrics preview and the uploader cookie", async () => {
    const before = await dumpDatabase(db);
    const response = await upload(uploadRequest(fileAt(goodZip), team.token));
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toMatchObject({
      id: expect.any(Number),
      status: "pending",
      duplicate: false,
      benchmark: "mpw",
      model: "Alpha 7B",
      agent: "ReAct",
      setting: "C",
      samples: 3,
      tasks: 3,
    });
    expect(body.metrics).toMatchObject({
      n: 3,
      pass1: expect.any(Number),
      fcr: expect.any(Number),
      hitRate: expect.any(Number),
      toolCalls: expect.any(Number),
    });
    expect(body.metrics.pass1Ci).toHaveLength(2);
    // Its board's columns beside the metrics: the same figures, intervals as {lo, hi}.
    expect(body.figures.map((f: { key: string; label: string }) => [f.key, f.label])).toEqual([
      ["pass1", "Pass@1"],
      ["fcr", "FCR"],
      ["grounded", "Grounded"],
      ["hitRate", "HitRate"],
      ["toolCalls", "ToolCalls"],
      ["n", "n"],
    ]);
    expect(body.figures[0]).toEqual({
      key: "pass1",
      label: "Pass@1",
      value: body.metrics.pass1,
      ci: { lo: body.metrics.pass1Ci[0], hi: body.metrics.pass1Ci[1] },
    });
    expect(body.figures[1].value).toBe(body.metrics.fcr);
    expect(body.figures[5]).toMatchObject({ value: 3, ci: null });
    expect(body.url).toBe(`/s/${body.id}`);
    // Checked on arrival: 3 MPW tasks, no judge declared — named rules, not a silent pass.
    expect(body.verified).toBe(false);
    expect(body.checks.map((c: { rule: string }) => c.rule)).toEqual(
      expect.arrayContaining([
        "complete-task-set",
        "runs-per-task",
        "judge-declared",
        "trajectories",
      ]),
    );
    expect(body.checks.find((c: { rule: string }) => c.rule === "judge-declared")).toEqual({
      rule: "judge-declared",
      ok: false,
      detail: "no judge model declared",
    });
    expect(response.headers.get("location")).toBe(`/s/${body.id}`);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sb_uploader=[0-9a-f]{64};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).not.toMatch(/Secure/); // plain http here
    firstId = body.id;

    const after = await dumpDatabase(db);
    expect(after.submissions.length).toBe(before.submissions.length + 1);
    const row = after.submissions.find((s) => s.id === firstId);
    expect(row).toMatchObject({ status: "pending", source: "upload", uploader_token_id: team.id });
    const token = after.upload_tokens.find((t) => t.id === team.id);
    expect(token?.last_used_at).toEqual(expect.any(String));
  });

  it("200 {id, duplicate: true} for the same bundle again — as a .zip, or as a .tar.gz — and nothing new is written", async () => {
    const before = await dumpDatabase(db);
    const again = await upload(uploadRequest(fileAt(goodZip), team.token));
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ id: firstId, duplicate: true, status: "pending" });
    const tgz = await tgzOf(tmp, goodDirPath, ["manifest.json", "results.jsonl"]);
    const asTarball = await upload(uploadRequest(fileAt(tgz), team.token));
    expect(asTarball.status).toBe(200);
    expect(await json(asTarball)).toMatchObject({ id: firstId, duplicate: true });
    // Form fields equal to the manifest's keep it the same bundle.
    const sameFields = await upload(
      uploadRequest(fileAt(goodZip), team.token, {
        model: "Alpha 7B",
        setting: "C",
        agent: "ReAct",
      }),
    );
    expect(sameFields.status).toBe(200);
    const after = await dumpDatabase(db);
    expect({ ...after, upload_tokens: null }).toEqual({ ...before, upload_tokens: null });
  });

  it("another team's copy of the bundle: 400 naming nothing of the first team's submission; the same team's other token: 200", async () => {
    const before = await dumpDatabase(db);
    const other = await issueUploadToken(db, "Team Copycat");
    const copy = await upload(uploadRequest(fileAt(goodZip), other.token));
    expect(copy.status).toBe(400);
    const body = await json(copy);
    expect(body).toEqual({
      errors: [
        {
          file: expect.any(String),
          line: null,
          field: null,
          message: expect.stringMatching(/already submitted by another team/),
        },
      ],
      moreErrors: 0,
    });
    const text = JSON.stringify(body);
    for (const secret of [`"${firstId}"`, `/s/${firstId}`, "Alpha 7B", "pending"])
      expect(text).not.toContain(secret);
    const sameTeam = await issueUploadToken(db, "Team Alpha");
    const again = await upload(uploadRequest(fileAt(goodZip), sameTeam.token));
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ id: firstId, duplicate: true });
    const after = await dumpDatabase(db);
    expect(after.submissions).toEqual(before.submissions);
    expect(after.samples).toEqual(before.samples);
  });

  it("the form's model, agent and setting correct the manifest's (a new submission)", async () => {
    const response = await upload(
      uploadRequest(fileAt(goodZip), team.token, {
        model: "Alpha 7B (fixed)",
        agent: "",
        setting: "B-guidance",
      }),
    );
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({
      model: "Alpha 7B (fixed)",
      agent: "ReAct",
      setting: "B-guidance",
      status: "pending",
    });
  });

  it("201 for a bare .jsonl of MPW results, with the manifest from the form fields", async () => {
    const response = await upload(
      uploadRequest({ name: "run-2.jsonl", bytes: jsonl(mpwRecords(1)) }, team.token, {
        model: "Beta 13B",
        setting: "B-fewshot",
        agent: "Plan-and-act",
      }),
    );
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({
      model: "Beta 13B",
      setting: "B-fewshot",
      agent: "Plan-and-act",
      samples: 3,
      benchmark: "mpw",
    });
  });

  it("400 for a .jsonl without the model or with a bad setting, naming the form fields", async () => {
    const before = await dumpDatabase(db);
    const response = await upload(
      uploadRequest({ name: "results.jsonl", bytes: jsonl(mpwRecords(2)) }, team.token, {
        setting: "Z",
      }),
    );
    expect(response.status).toBe(400);
    const { errors } = await json(response);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: "form", line: null, field: "model" }),
        expect.objectContaining({ file: "form", line: null, field: "setting" }),
      ]),
    );
    expect(await dumpDatabase(db)).toEqual(before);
  });
});

describe("POST /api/submissions: refused requests", () => {
  it("400 {errors: [{file, line, field, message}]} for an invalid bundle, with nothing imported", async () => {
    const records = mpwRecords(3);
    (records[1].trajectory_log as Record<string, unknown>).hit_logs = "not a list";
    const dir = bundleDir(tmp, { "results.jsonl": jsonl(records) }, mpwManifest("Broken"));
    const before = await dumpDatabase(db);
    const response = await upload(
      uploadRequest(fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"])), team.token),
    );
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(Object.keys(body)).toEqual(["errors", "moreErrors"]);
    expect(body.errors).toContainEqual({
      file: "results.jsonl",
      line: 2,
      field: "trajectory_log.hit_logs",
      message: expect.any(String),
    });
    for (const error of body.errors)
      expect(Object.keys(error).sort()).toEqual(["field", "file", "line", "message"]);
    expect(await dumpDatabase(db)).toEqual(before);
  });

  it("400 lists every invalid record up to 100, and counts the rest in moreErrors", async () => {
    const tasks = mpwRecords(3);
    for (const record of tasks)
      (record.trajectory_log as Record<string, unknown>).hit_logs = "not a list";
    // The same task again is its next run: 130 records, each invalid.
    const records = Array.from({ length: 130 }, (_, i) => tasks[i % tasks.length]);
    const dir = bundleDir(tmp, { "results.jsonl": jsonl(records) }, mpwManifest("All broken"));
    const before = await dumpDatabase(db);
    const response = await upload(
      uploadRequest(fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"])), team.token),
    );
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.errors).toHaveLength(100);
    expect(body.errors.map((e: { line: number }) => e.line)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(body.moreErrors).toBe(30);
    expect(await dumpDatabase(db)).toEqual(before);
  });

  it("400 when the body is not multipart, or has no bundle, or a stray file field", async () => {
    const before = await dumpDatabase(db);
    const notMultipart = await upload(
      new Request(`${BASE}/api/submissions`, {
        method: "POST",
        headers: { authorization: `Bearer ${team.token}`, "content-type": "application/zip" },
        body: "PK",
      }),
    );
    expect(notMultipart.status).toBe(400);
    expect((await json(notMultipart)).errors[0]).toMatchObject({ file: "request" });
    const noFile = await upload(uploadRequest(null, team.token, { model: "x" }));
    expect(noFile.status).toBe(400);
    expect((await json(noFile)).errors[0]).toMatchObject({ file: "request", field: "bundle" });
    const stray = new FormData();
    stray.append("other", new Blob(["x"]), "x.zip");
    const strayFile = await upload(
      new Request(`${BASE}/api/submissions`, {
        method: "POST",
        headers: { authorization: `Bearer ${team.token}` },
        body: stray,
      }),
    );
    expect(strayFile.status).toBe(400);
    expect((await json(strayFile)).errors[0]).toMatchObject({ file: "request", field: "other" });
    const unknownField = await upload(
      uploadRequest(fileAt(goodZip), team.token, { modle: "typo" }),
    );
    expect(unknownField.status).toBe(400);
    expect((await json(unknownField)).errors[0]).toMatchObject({ file: "form" });
    expect(await dumpDatabase(db)).toEqual(before);
  });

  it("413 at once when Content-Length is over SEEKBOARD_MAX_UPLOAD_BYTES", async () => {
    process.env.SEEKBOARD_MAX_UPLOAD_BYTES = "1000";
    try {
      const response = await upload(
        uploadRequest(fileAt(goodZip), team.token, {}, { "content-length": "5000000" }),
      );
      expect(response.status).toBe(413);
      expect((await json(response)).error).toMatch(/1000 bytes/);
    } finally {
      delete process.env.SEEKBOARD_MAX_UPLOAD_BYTES;
    }
  });

  it("413 while streaming a body that declares no length, stopping at the limit; nothing is written", async () => {
    process.env.SEEKBOARD_MAX_UPLOAD_BYTES = String(64 * 1024);
    const before = await dumpDatabase(db);
    let sent = 0;
    const chunk = new Uint8Array(16 * 1024).fill(97);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="bundle"; filename="big.jsonl"\r\n\r\n',
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        // An endless body: the server must stop reading, not wait for the end.
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    try {
      const response = await upload(
        new Request(`${BASE}/api/submissions`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${team.token}`,
            "content-type": "multipart/form-data; boundary=b",
          },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(sent).toBeLessThan(256 * 1024);
      expect(await dumpDatabase(db)).toEqual(before);
    } finally {
      delete process.env.SEEKBOARD_MAX_UPLOAD_BYTES;
    }
  });

  it("429 with Retry-After past SEEKBOARD_UPLOADS_PER_HOUR for one token; other tokens are not affected", async () => {
    // Tokens of the bundle's own team: each upload is a duplicate it may see (200).
    const limited = await issueUploadToken(db, "Team Alpha");
    process.env.SEEKBOARD_UPLOADS_PER_HOUR = "2";
    try {
      for (let i = 0; i < 2; i++)
        expect((await upload(uploadRequest(fileAt(goodZip), limited.token))).status).toBe(200);
      const refused = await upload(uploadRequest(fileAt(goodZip), limited.token));
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const other = await issueUploadToken(db, "Team Alpha");
      expect((await upload(uploadRequest(fileAt(goodZip), other.token))).status).toBe(200);
    } finally {
      delete process.env.SEEKBOARD_UPLOADS_PER_HOUR;
    }
  });

  it("an upload is counted with its job's queuing: two at once for an hour's last upload queue one, and the other's file is removed", async () => {
    const limited = await issueUploadToken(db, "Team Alpha");
    const spool = spoolRoot();
    const spooled = () => (existsSync(spool) ? readdirSync(spool).length : 0);
    process.env.SEEKBOARD_UPLOADS_PER_HOUR = "1";
    try {
      const before = spooled();
      const answers = await Promise.all(
        [0, 1].map(() => upload(uploadRequest(fileAt(goodZip), limited.token))),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
      // The queued job's file is taken by the worker; the refused one left nothing.
      expect(spooled()).toBeLessThanOrEqual(before);
    } finally {
      delete process.env.SEEKBOARD_UPLOADS_PER_HOUR;
    }
  });

  it("a body received and refused counts as an upload", async () => {
    const limited = await issueUploadToken(db, "Team Alpha");
    process.env.SEEKBOARD_UPLOADS_PER_HOUR = "1";
    try {
      expect((await upload(uploadRequest(null, limited.token, { model: "x" }))).status).toBe(400);
      expect((await upload(uploadRequest(fileAt(goodZip), limited.token))).status).toBe(429);
    } finally {
      delete process.env.SEEKBOARD_UPLOADS_PER_HOUR;
    }
  });
});

describe("moderation API and the public leaderboard", () => {
  let pendingId: number;
  const model = "Gamma 70B";

  beforeAll(async () => {
    const dir = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(4)) }, mpwManifest(model));
    const response = await upload(
      uploadRequest(fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"])), team.token),
    );
    expect(response.status).toBe(201);
    pendingId = (await json(response)).id;
  });

  it("401 without the admin token, or with a team token", async () => {
    for (const token of [null, team.token, "wrong"]) {
      const response = await moderation(approve, pendingId, token);
      expect(response.status).toBe(401);
    }
  });

  it("404 for an unknown submission", async () => {
    expect((await moderation(approve, 999999, ADMIN_TOKEN)).status).toBe(404);
    expect((await moderation(approve, "abc", ADMIN_TOKEN)).status).toBe(404);
  });

  it("a pending submission is not on the public leaderboard", async () => {
    const response = await board("mpw", "?setting=C&tier=overall");
    expect(response.status).toBe(200);
    const { rows } = await json(response);
    expect(rows.map((r: { submissionId: number }) => r.submissionId)).not.toContain(pendingId);
  });

  it("approve → 200 {id, status: approved}; it appears in GET /api/b/mpw/leaderboard with its metrics", async () => {
    revalidatePath.mockClear();
    const versionBefore = await dataVersion(db, PUBLIC_DATA);
    const response = await moderation(approve, pendingId, ADMIN_TOKEN);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: pendingId, status: "approved" });
    expect(revalidatePath).toHaveBeenCalledWith("/", "layout");
    // Every other server process on the database empties its public pages when this moves.
    expect(await dataVersion(db, PUBLIC_DATA)).toBe(versionBefore + 1);
    expect((await moderation(approve, pendingId, ADMIN_TOKEN)).status).toBe(409);

    const { rows, setting, tier } = await json(await board("mpw", "?setting=C&tier=overall"));
    expect({ setting, tier }).toEqual({ setting: "C", tier: "overall" });
    const row = rows.find((r: { submissionId: number }) => r.submissionId === pendingId);
    expect(row).toMatchObject({
      submissionId: pendingId,
      model,
      agent: "ReAct",
      setting: "C",
      n: 3,
      adjudicated: 0,
    });
    for (const key of ["pass1", "fcr", "hitRate", "toolCalls"])
      expect(typeof row[key]).toBe("number");
    expect(row.pass1Ci).toHaveLength(2);
    const hard = await json(await board("mpw", "?setting=C&tier=hard"));
    expect(hard.rows.map((r: { submissionId: number }) => r.submissionId)).not.toContain(pendingId); // three easy tasks
  });

  it("reject needs a reason (400); with one → 200 and it leaves the leaderboard", async () => {
    const noReason = await moderation(reject, pendingId, ADMIN_TOKEN, {});
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).errors[0]).toMatchObject({ field: "reason" });
    const blank = await moderation(reject, pendingId, ADMIN_TOKEN, { reason: "   " });
    expect(blank.status).toBe(400);
    const response = await moderation(reject, pendingId, ADMIN_TOKEN, {
      reason: "judge outputs missing",
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: pendingId, status: "rejected" });
    const [row] = await db
      .select({
        status: submissions.status,
        moderationReason: submissions.moderationReason,
        moderatedAt: submissions.moderatedAt,
      })
      .from(submissions)
      .where(eq(submissions.id, pendingId));
    expect(row).toMatchObject({
      status: "rejected",
      moderationReason: "judge outputs missing",
      moderatedAt: expect.any(String),
    });
    const { rows } = await json(await board("mpw", "?setting=C"));
    expect(rows.map((r: { submissionId: number }) => r.submissionId)).not.toContain(pendingId);
  });

  it("the leaderboard API: 404 JSON for an unknown benchmark, 400 for an unknown setting", async () => {
    const unknown = await board("nope");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/json/);
    expect((await json(unknown)).error).toMatch(/nope/);
    const badSetting = await board("mpw", "?setting=Z");
    expect(badSetting.status).toBe(400);
    expect((await json(badSetting)).errors[0]).toMatchObject({ field: "setting" });
  });
});

describe("who sees a pending submission through the analysis API", () => {
  let pendingId: number;
  let cookie: string;

  beforeAll(async () => {
    const dir = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(5)) }, mpwManifest("Delta 1B"));
    const response = await upload(
      uploadRequest(fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"])), team.token),
    );
    pendingId = (await json(response)).id;
    cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  });

  it("404 for the public, as for an id that does not exist", async () => {
    const response = await analysisOf([pendingId]);
    expect(response.status).toBe(404);
    expect((await json(response)).error).toContain(String(pendingId));
  });

  it("200 for its uploader (the upload's cookie, or the team token) and for the admin", async () => {
    expect((await analysisOf([pendingId], { cookie })).status).toBe(200);
    expect((await analysisOf([pendingId], { authorization: `Bearer ${team.token}` })).status).toBe(
      200,
    );
    expect((await analysisOf([pendingId], { authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(
      200,
    );
  });

  it("404 for another team, and for the uploader once its token is revoked", async () => {
    const other = await issueUploadToken(db, "Team Other");
    expect((await analysisOf([pendingId], { authorization: `Bearer ${other.token}` })).status).toBe(
      404,
    );
    const forged = `sb_uploader=${"0".repeat(64)}`;
    expect((await analysisOf([pendingId], { cookie: forged })).status).toBe(404);
    await revokeUploadToken(db, team.id);
    expect((await analysisOf([pendingId], { cookie })).status).toBe(404);
  });
});
