/**
 * GET /api/s/<id>/bundle as Next calls it: the `.zip` of a Seekboard-format submission
 * (what `cli export` writes, in one folder), that imports back to the same report; the
 * visibility of a pending submission; 409 for a native-format benchmark.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipMembers } from "../zip-members";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_TOKEN, BASE, json, temporaryDatabase } from "./support";

vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));

const tmp = temporaryDatabase("bundle-export");
const { and, desc, eq } = await import("drizzle-orm");
const { samples, submissionTasks } = await import("@/db/schema");
const { closeDb, getDb } = await import("@/db/client");
const { ingestBundle, ingestBundleDir } = await import("@/db/ingest");
const { issueUploadToken } = await import("@/db/upload-tokens");
const { writeDemoFileBundles } = await import("@/lib/demo/files");
const { demoQaBundles } = await import("@/lib/benchmarks/qa/demo");
const { demoInfoMosaicBundles } = await import("@/lib/benchmarks/infomosaic/demo");
const { moduleReport } = await import("@/cli/metrics-report");
const { exportSubmissionTo } = await import("@/cli/export");
const { GET: bundle } = await import("@/app/api/s/[id]/bundle/route");

const db = await getDb();
let approvedId: number;
let pendingId: number;
let nativeId: number;
let brokenId: number;
let team: { id: number; token: string };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-bundle-export-"));
  const [qa0, qa1, qa2] = writeDemoFileBundles(dir, demoQaBundles().slice(0, 3));
  const [mosaic] = writeDemoFileBundles(join(dir, "mosaic"), demoInfoMosaicBundles().slice(0, 1));
  team = await issueUploadToken(db, "Team Export");
  approvedId = (await ingestBundleDir(db, qa0.dir, { source: "test", status: "approved" }))
    .submissionId;
  pendingId = (
    await ingestBundleDir(db, qa1.dir, {
      source: "upload",
      status: "pending",
      uploaderTokenId: team.id,
    })
  ).submissionId;
  nativeId = (await ingestBundleDir(db, mosaic.dir, { source: "test", status: "approved" }))
    .submissionId;
  brokenId = (await ingestBundleDir(db, qa2.dir, { source: "test", status: "approved" }))
    .submissionId;
  rmSync(dir, { recursive: true, force: true });
});

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const get = (id: number | string, headers: Record<string, string> = {}) =>
  bundle(new Request(`${BASE}/api/s/${id}/bundle`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });

describe("GET /api/s/<id>/bundle", () => {
  it("a .zip attachment holding the bundle cli export writes, in one folder", async () => {
    const response = await get(approvedId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="seekboard-submission-${approvedId}.zip"`,
    );
    const members = await zipMembers(Buffer.from(await response.arrayBuffer()));
    const folder = `seekboard-submission-${approvedId}`;
    expect([...members.keys()].sort()).toEqual([
      `${folder}/manifest.json`,
      `${folder}/samples.jsonl`,
    ]);
    const out = join(tmp, "cli-export");
    await exportSubmissionTo(db, approvedId, out);
    expect(members.get(`${folder}/manifest.json`)).toBe(
      readFileSync(join(out, "manifest.json"), "utf8"),
    );
    expect(members.get(`${folder}/samples.jsonl`)).toBe(
      readFileSync(join(out, "samples.jsonl"), "utf8"),
    );
    expect(JSON.parse(members.get(`${folder}/manifest.json`)!)).toMatchObject({
      benchmark: "qa",
      format: "seekboard-v1",
      results: ["samples.jsonl"],
    });
  });

  it("the zip imports back to the same report", async () => {
    const zipPath = join(tmp, "download.zip");
    writeFileSync(zipPath, Buffer.from(await (await get(approvedId)).arrayBuffer()));
    const { submissionId, duplicate } = await ingestBundle(db, zipPath, {
      source: "test",
      status: "pending",
    });
    expect(duplicate).toBe(false);
    const strip = (report: Record<string, unknown>) => ({
      ...report,
      submission: { ...(report.submission as object), id: null, status: null },
    });
    expect(strip(await moduleReport(db, submissionId))).toEqual(
      strip(await moduleReport(db, approvedId)),
    );
  });

  it("a pending submission is 404 to the public, 200 to its uploader and to the admin", async () => {
    const hidden = await get(pendingId);
    expect(hidden.status).toBe(404);
    expect(await json(hidden)).toEqual({ error: `no submission ${pendingId}` });
    const other = await issueUploadToken(db, "Other team");
    expect((await get(pendingId, { authorization: `Bearer ${other.token}` })).status).toBe(404);
    const own = await get(pendingId, { authorization: `Bearer ${team.token}` });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const members = await zipMembers(Buffer.from(await own.arrayBuffer()));
    expect(
      members.get(`seekboard-submission-${pendingId}/samples.jsonl`)?.trim().split("\n").length,
    ).toBeGreaterThan(0);
    const admin = await get(pendingId, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(admin.status).toBe(200);
    expect((await zipMembers(Buffer.from(await admin.arrayBuffer()))).size).toBe(2);
  });

  it("409 naming why for a native-format benchmark, 404 and 400 for no such submission", async () => {
    const native = await get(nativeId);
    expect(native.status).toBe(409);
    expect((await json(native)).error).toMatch(
      new RegExp(
        `^submission ${nativeId} cannot be exported: InfoMosaic-Bench takes its own evaluation files`,
      ),
    );
    expect((await get(99999)).status).toBe(404);
    expect((await get("abc")).status).toBe(400);
  });

  it("a sample that cannot be written mid-way fails the download instead of ending it as a smaller bundle", async () => {
    // The last sample's task without its question: the export refuses that line.
    const [last] = await db
      .select({ taskId: samples.taskId })
      .from(samples)
      .where(eq(samples.submissionId, brokenId))
      .orderBy(desc(samples.id))
      .limit(1);
    await db
      .update(submissionTasks)
      .set({ question: null })
      .where(
        and(eq(submissionTasks.submissionId, brokenId), eq(submissionTasks.taskId, last.taskId)),
      );
    const response = await get(brokenId);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow(/has no question stored/);
  });
});
