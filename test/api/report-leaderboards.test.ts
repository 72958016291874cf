/**
 * GET /api/b/{webdetective,evobrowsecomp,infomosaic,qa}/leaderboard as Next calls it:
 * rows with the CLI aggregate keys and CIs, one version (dataset) per board, the newest
 * version by default, 400 for a version or dataset without approved submissions, the
 * InfoMosaic setting filter, and sorting.
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

const tmp = temporaryDatabase("report-leaderboards");
const { closeDb, getDb } = await import("@/db/client");
const { ingestBundleDir } = await import("@/db/ingest");
const { writeDemoFiles } = await import("@/db/seed-demo");
const { issueUploadToken } = await import("@/db/upload-tokens");
const { GET: leaderboard } = await import("@/app/api/b/[benchmark]/leaderboard/route");

const db = await getDb();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-report-leaderboards-"));
  // The second bundle (WebDetective) is a team's upload; the others came from the command line.
  const token = await issueUploadToken(db, "Acme Lab");
  for (const [i, b] of writeDemoFiles(dir).entries())
    await ingestBundleDir(db, b.dir, {
      source: "test",
      status: i === 0 ? "pending" : "approved",
      uploaderTokenId: i === 1 ? token.id : null,
    });
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const get = async (benchmark: string, query = "") => {
  const response = await leaderboard(
    new Request(`${BASE}/api/b/${benchmark}/leaderboard${query}`),
    { params: Promise.resolve({ benchmark }) },
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { rows: Record<string, unknown>[] },
  };
};

describe("the leaderboard API of WebDetective, EvoBrowseComp, InfoMosaic and QA", () => {
  it("WebDetective: approved submissions only, sorted by Pass@1, with the contract's keys and CIs", async () => {
    const { status, body } = await get("webdetective");
    expect(status).toBe(200);
    // The first demo bundle (WebDetective, Atlas-Pro) was left pending.
    expect(body.rows.map((r) => r.model)).toEqual(expect.not.arrayContaining(["Atlas-Pro (demo)"]));
    expect(body.rows).toHaveLength(2);
    for (const key of [
      "knowledgeScore",
      "searchScore",
      "generationScore",
      "goodRefusalF1",
      "knowledgeUtilizationF1",
      "forgetRate",
      "leadAstrayRate",
      "pass1",
      "n",
    ]) {
      expect(body.rows[0]).toHaveProperty(key);
    }
    const pass1 = body.rows.map((r) => r.pass1 as number);
    expect(pass1).toEqual([...pass1].sort((a, b) => b - a));
    expect(
      (body.rows[0].ci as Record<string, { lo: number; hi: number }>).pass1.lo,
    ).toBeLessThanOrEqual(pass1[0]);
  });

  it("EvoBrowseComp: the newest version by default; another on request; never a mix; 400 for an unknown version", async () => {
    const newest = await get("evobrowsecomp");
    expect(newest.body.version).toBe("2026-01");
    expect(newest.body.rows).toHaveLength(3);
    expect(newest.body.rows.every((r) => r.benchmarkVersion === "2026-01")).toBe(true);
    const older = await get("evobrowsecomp", "?version=2025-10&sort=exceedRatio&dir=asc");
    expect(older.status).toBe(200);
    expect(older.body.rows.every((r) => r.benchmarkVersion === "2025-10")).toBe(true);
    const exceed = older.body.rows.map((r) => r.exceedRatio as number);
    expect(exceed).toEqual([...exceed].sort((a, b) => a - b));
    for (const key of ["accuracy", "exceedRatio", "n", "runs", "enToolBased", "zhToolFree"])
      expect(older.body.rows[0]).toHaveProperty(key);
    const unknown = await get("evobrowsecomp", "?version=1999-01");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      errors: [
        {
          file: "request",
          line: null,
          field: "version",
          message: "must be one of 2026-01, 2025-10",
        },
      ],
    });
    // An empty value is the default view, as the page shows it.
    expect((await get("evobrowsecomp", "?version=")).body.version).toBe("2026-01");
    expect((await get("evobrowsecomp", "?sort=pass1")).status).toBe(400);
  });

  it("format=csv: the same view's rows as CSV, one line each; an unknown format is a 400", async () => {
    for (const [benchmark, query] of [
      ["webdetective", ""],
      ["evobrowsecomp", "?version=2025-10&sort=exceedRatio&dir=asc"],
      ["infomosaic", "?setting=web-only"],
      ["qa", ""],
    ] as const) {
      const json = await get(benchmark, query);
      const response = await leaderboard(
        new Request(`${BASE}/api/b/${benchmark}/leaderboard${query ? `${query}&` : "?"}format=csv`),
        { params: Promise.resolve({ benchmark }) },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="${benchmark}-leaderboard.csv"`,
      );
      const lines = (await response.text()).trimEnd().split("\r\n");
      expect(lines[0]).toBe(Object.keys(json.body.rows[0]).join(","));
      expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual(
        json.body.rows.map((r) => r.submissionId),
      );
    }
    expect((await get("qa", "?format=xml")).status).toBe(400);
  });

  it("each row names its team (null: imported from the command line), the CSV's last column", async () => {
    const { body } = await get("webdetective");
    expect(body.rows.map((r) => r.team).sort()).toEqual(["Acme Lab", null]);
    const response = await leaderboard(
      new Request(`${BASE}/api/b/webdetective/leaderboard?format=csv`),
      { params: Promise.resolve({ benchmark: "webdetective" }) },
    );
    const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
    expect(header.split(",").at(-1)).toBe("team");
    expect(lines.map((line) => line.split(",").at(-1)).sort()).toEqual(["", "Acme Lab"]);
  });

  it("InfoMosaic: per-domain columns; the setting filter", async () => {
    const all = await get("infomosaic");
    expect(all.body.rows).toHaveLength(4);
    expect(all.body.rows[0]).toHaveProperty("acc:bio");
    const web = await get("infomosaic", "?setting=web-only");
    expect(web.body.rows.map((r) => r.setting)).toEqual(["web-only", "web-only"]);
    const unknown = await get("infomosaic", "?setting=browser");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      errors: [
        {
          file: "request",
          line: null,
          field: "setting",
          message: "must be one of all, domain-tool, web-only",
        },
      ],
    });
  });

  it("QA: one dataset per board", async () => {
    const first = await get("qa");
    const datasets = (first.body.datasets as { key: string }[]).map((d) => d.key);
    expect(datasets.sort()).toEqual(["browsecomp-demo@v1", "frames-demo@v1"]);
    const one = await get("qa", "?dataset=browsecomp-demo@v1");
    expect(one.body.dataset).toBe("browsecomp-demo@v1");
    // Three models; Atlas-Pro's resubmission is its one row.
    expect(one.body.rows).toHaveLength(3);
    expect(one.body.rows.every((r) => r.benchmarkVersion === "browsecomp-demo@v1")).toBe(true);
    expect(Object.keys(one.body.rows[0])).toEqual(
      expect.arrayContaining(["accuracy", "calibrationError", "n", "ci", "adjudicated"]),
    );
    expect((await get("qa", "?dataset=nope")).status).toBe(400);
  });
});
