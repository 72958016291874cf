/**
 * Uploads as jobs: POST /api/submissions answers 202 when the import outlasts its wait, the
 * job is then followed through GET /api/jobs/{id} (by its uploader and the admin only), and
 * the queue survives a worker that is away or died.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ADMIN_TOKEN,
  BASE,
  bundleDir,
  dumpDatabase,
  fileAt,
  json,
  jsonl,
  mpwManifest,
  mpwRecords,
  startWorker,
  temporaryDatabase,
  uploadRequest,
  zipDir,
} from "./support";

vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const tmp = temporaryDatabase("jobs");
const { eq } = await import("drizzle-orm");
const { uploadJobs } = await import("@/db/schema");
const { closeDb, getDb } = await import("@/db/client");
const { issueUploadToken } = await import("@/db/upload-tokens");
const { claimUploadJob, jobTempDir, recoverUploadJobs, MAX_ATTEMPTS } =
  await import("@/db/jobs/upload-jobs");
const { POST: upload } = await import("@/app/api/submissions/route");
const { GET: jobRoute } = await import("@/app/api/jobs/[id]/route");

const db = await getDb();
let alpha: { id: number; token: string };
let beta: { id: number; token: string };
let zipOfModel: (model: string, records?: number) => ReturnType<typeof fileAt>;

beforeAll(async () => {
  alpha = await issueUploadToken(db, "Team Alpha");
  beta = await issueUploadToken(db, "Team Beta");
  zipOfModel = (model, records = 0) => {
    const dir = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(records)) }, mpwManifest(model));
    return fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"]));
  };
});

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const uploadWithWait = (file: ReturnType<typeof fileAt>, token: string, wait: string) => {
  const request = uploadRequest(file, token);
  return upload(
    new Request(`${BASE}/api/submissions?wait=${wait}`, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      duplex: "half",
    } as RequestInit),
  );
};

const jobOf = (id: number | string, headers: Record<string, string> = {}) =>
  jobRoute(new Request(`${BASE}/api/jobs/${id}`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls the job as its uploader until it ends. */
async function untilEnded(id: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i += 1) {
    const body = await json(await jobOf(id, bearer(alpha.token)));
    if (body.state === "done" || body.state === "failed") return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not end`);
}

describe("202 and the job", () => {
  it("with no worker running, an upload that may not wait answers 202 with the job; the job is queued until a worker comes", async () => {
    const response = await uploadWithWait(zipOfModel("Queued 1B"), alpha.token, "0");
    expect(response.status).toBe(202);
    const body = await json(response);
    expect(body).toEqual({
      jobId: expect.any(Number),
      statusUrl: `/api/jobs/${body.jobId}`,
      state: "queued",
      progress: { done: 0, total: null, samples: 0 },
    });
    expect(response.headers.get("location")).toBe(body.statusUrl);
    // The same cookie as a 201: this browser may follow the job and see the pending submission.
    expect(response.headers.get("set-cookie")).toMatch(/^sb_uploader=[0-9a-f]{64};/);
    expect(await json(await jobOf(body.jobId, bearer(alpha.token)))).toEqual({
      id: body.jobId,
      state: "queued",
      progress: { done: 0, total: null, samples: 0 },
      result: null,
      errors: null,
      moreErrors: 0,
    });
    expect((await dumpDatabase(db)).submissions).toHaveLength(0);

    const worker = startWorker(db);
    try {
      const ended = await untilEnded(body.jobId);
      expect(ended).toMatchObject({
        state: "done",
        errors: null,
        result: {
          status: "pending",
          duplicate: false,
          model: "Queued 1B",
          samples: 3,
          url: expect.stringMatching(/^\/s\/\d+$/),
        },
      });
      const progress = ended.progress as { done: number; total: number; samples: number };
      expect(progress.samples).toBe(3);
      expect(progress.total).toBeGreaterThan(0);
      expect(progress.done).toBe(progress.total);
      // The same bundle again, allowed to wait: the 200 duplicate answer, as before jobs existed.
      const again = await upload(uploadRequest(zipOfModel("Queued 1B"), alpha.token));
      expect(again.status).toBe(200);
      expect(await json(again)).toMatchObject({
        duplicate: true,
        id: (ended.result as { id: number }).id,
      });
    } finally {
      await worker.stop();
    }
  });

  it("a job run again after a crash: what the earlier attempt unpacked is removed, and its own unpacking too", async () => {
    const response = await uploadWithWait(zipOfModel("Rerun", 1), alpha.token, "0");
    const { jobId } = await json(response);
    const leftOver = join(jobTempDir(jobId), "seekboard-bundle-x");
    mkdirSync(leftOver, { recursive: true });
    const worker = startWorker(db);
    try {
      expect(await untilEnded(jobId)).toMatchObject({ state: "done" });
      expect(existsSync(jobTempDir(jobId))).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it("a bundle refused by the worker: the job fails with the errors a 400 gives", async () => {
    const worker = startWorker(db);
    try {
      const bad = bundleDir(tmp, { "results.jsonl": "not json\n" }, mpwManifest("Broken"));
      const response = await uploadWithWait(
        fileAt(zipDir(tmp, bad, ["manifest.json", "results.jsonl"])),
        alpha.token,
        "0",
      );
      expect(response.status).toBe(202);
      const { jobId } = await json(response);
      const ended = await untilEnded(jobId);
      expect(ended).toMatchObject({ state: "failed", result: null });
      expect(ended.errors).toContainEqual(
        expect.objectContaining({ file: "results.jsonl", line: 1 }),
      );
    } finally {
      await worker.stop();
    }
  });

  it("wait must be a whole number of milliseconds", async () => {
    const response = await uploadWithWait(zipOfModel("Wait"), alpha.token, "soon");
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      {
        file: "request",
        line: null,
        field: "wait",
        message: "wait is a whole number of milliseconds",
      },
    ]);
  });
});

describe("GET /api/jobs/{id}: its uploader and the admin only", () => {
  let jobId: number;
  beforeAll(async () => {
    jobId = (await json(await uploadWithWait(zipOfModel("Private", 1), alpha.token, "0"))).jobId;
  });

  it("the uploading team (token or cookie) and the admin see it", async () => {
    expect((await jobOf(jobId, bearer(alpha.token))).status).toBe(200);
    const cookie = (await uploadWithWait(zipOfModel("Cookie", 2), alpha.token, "0")).headers
      .get("set-cookie")!
      .split(";")[0];
    expect((await jobOf(jobId, { cookie })).status).toBe(200);
    expect((await jobOf(jobId, bearer(ADMIN_TOKEN))).status).toBe(200);
  });

  it("another team gets 404, as for a job that does not exist; no credentials get 401", async () => {
    const other = await jobOf(jobId, bearer(beta.token));
    expect(other.status).toBe(404);
    expect(await json(other)).toEqual({ error: "no such job" });
    expect((await jobOf(999_999, bearer(alpha.token))).status).toBe(404);
    expect((await jobOf("x", bearer(alpha.token))).status).toBe(404);
    const anonymous = await jobOf(jobId);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("a worker that died", () => {
  it("its job is queued again, then given up after MAX_ATTEMPTS tries with a server error; never half-imported", async () => {
    const { jobId } = await json(await uploadWithWait(zipOfModel("Crashy", 2), alpha.token, "0"));
    const submissionsBefore = (await dumpDatabase(db)).submissions.length;
    // Jobs queued earlier in this file are claimed (and left) first.
    let claimed = await claimUploadJob(db, `${hostname()}/1`);
    while (claimed && claimed.id !== jobId) claimed = await claimUploadJob(db, `${hostname()}/1`);
    expect(claimed).toMatchObject({ id: jobId, attempts: 1 });
    // What the killed worker had unpacked, in the job's own temporary folder.
    const leftOver = join(jobTempDir(jobId), "seekboard-bundle-x", "results.jsonl");
    mkdirSync(join(leftOver, ".."), { recursive: true });
    writeFileSync(leftOver, "half of it");
    // A live worker's job is left alone.
    expect(await recoverUploadJobs(db, () => true)).toEqual({ requeued: 0, failed: 0 });
    expect(existsSync(leftOver)).toBe(true);
    expect((await recoverUploadJobs(db, () => false)).requeued).toBeGreaterThanOrEqual(1);
    expect(existsSync(jobTempDir(jobId))).toBe(false);
    expect((await json(await jobOf(jobId, bearer(alpha.token)))).state).toBe("queued");
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      let again = await claimUploadJob(db, `${hostname()}/1`);
      while (again && again.id !== jobId) again = await claimUploadJob(db, `${hostname()}/1`);
      expect(again).toMatchObject({ id: jobId, attempts: attempt });
      mkdirSync(jobTempDir(jobId), { recursive: true });
      await recoverUploadJobs(db, () => false);
      expect(existsSync(jobTempDir(jobId))).toBe(false);
    }
    const given = await json(await jobOf(jobId, bearer(alpha.token)));
    expect(given).toMatchObject({
      state: "failed",
      result: null,
      errors: [
        {
          file: "server",
          line: null,
          field: null,
          message: expect.stringContaining(`stopped ${MAX_ATTEMPTS} times`),
        },
      ],
    });
    expect((await dumpDatabase(db)).submissions).toHaveLength(submissionsBefore);
  });
});

describe("a job this worker cannot read", () => {
  it("is failed with a server error when claimed, never left running", async () => {
    const { jobId } = await json(
      await uploadWithWait(zipOfModel("Old server", 2), alpha.token, "0"),
    );
    await db
      .update(uploadJobs)
      .set({ limits: { maxFiles: 10 } })
      .where(eq(uploadJobs.id, jobId));
    for (
      let claimed = await claimUploadJob(db, `${hostname()}/1`);
      claimed;
      claimed = await claimUploadJob(db, `${hostname()}/1`)
    )
      expect(claimed.id).not.toBe(jobId);
    expect(await json(await jobOf(jobId, bearer(alpha.token)))).toMatchObject({
      state: "failed",
      errors: [{ file: "server", message: expect.stringContaining("cannot read") }],
    });
  });
});
