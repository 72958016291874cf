/** GET /api/s/{id}/samples with `f=`: the filter language through the API, a bad query as a 400, hints and tags in each sample. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BASE, temporaryDatabase } from "./support";

vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));

const tmp = temporaryDatabase("samples-filter");
const { and, asc, eq } = await import("drizzle-orm");
const { closeDb, first, getDb } = await import("@/db/client");
const { samples: samplesTable } = await import("@/db/schema");
const { ingestBundleDir } = await import("@/db/ingest");
const { writeDemoBundles } = await import("@/lib/benchmarks/mpw/demo");
const { applySampleTag } = await import("@/db/tags");
const { resolveTag } = await import("@/lib/tags/taxonomies");
const { GET: samples } = await import("@/app/api/s/[id]/samples/route");

const db = await getDb();
let id: number;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-samples-filter-bundles-"));
  const [mpw] = writeDemoBundles(
    join(dir, "mpw"),
    20,
    (b) => b.model === "GPT-5" && b.setting === "C",
  );
  id = (await ingestBundleDir(db, mpw.dir, { source: "test", status: "approved" })).submissionId;
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const get = async (query: string) => {
  const response = await samples(new Request(`${BASE}/api/s/${id}/samples${query}`), {
    params: Promise.resolve({ id: String(id) }),
  });
  return { status: response.status, body: await response.json() };
};

describe("GET /api/s/{id}/samples?f=", () => {
  it("sort=<key> / sort=-<key> orders the samples as the page's table does; ties in sample order", async () => {
    const down = await get("?sort=-calls");
    expect(down.status).toBe(200);
    expect(down.body.sort).toBe("-calls");
    const calls = down.body.samples.map((s: { toolCalls: number }) => s.toolCalls);
    expect(calls).toEqual([...calls].sort((a: number, b: number) => b - a));
    const up = await get("?sort=fcr");
    const fcrs = up.body.samples.map((s: { fcr: number | null }) => s.fcr ?? -1);
    expect(fcrs).toEqual([...fcrs].sort((a: number, b: number) => a - b));
    expect((await get("?sort=colour")).body.sort).toBeNull();
  });

  it("filters by tag, and ANDs the query with the other parameters", async () => {
    const sampleId = (await first(
      db
        .select({ id: samplesTable.id })
        .from(samplesTable)
        .where(and(eq(samplesTable.submissionId, id), eq(samplesTable.correct, false)))
        .orderBy(asc(samplesTable.id))
        .limit(1),
    ))!.id;
    expect(await applySampleTag(db, sampleId, resolveTag("Retrieval Miss"), "admin")).toMatchObject(
      { ok: true },
    );
    const tagged = await get(`?f=${encodeURIComponent('tag:"Retrieval Miss"')}`);
    expect(tagged.status).toBe(200);
    expect(tagged.body.total).toBe(1);
    expect(tagged.body.samples[0]).toMatchObject({
      id: sampleId,
      tags: ["Retrieval Miss"],
      correct: false,
    });
    expect(Array.isArray(tagged.body.samples[0].hints)).toBe(true);
    expect(
      (await get(`?verdict=correct&f=${encodeURIComponent('tag:"Retrieval Miss"')}`)).body.total,
    ).toBe(0);
  });

  it("numbers compare as in the language", async () => {
    const all = await get("");
    const expected = all.body.samples.filter((s: { toolCalls: number }) => s.toolCalls >= 5).length;
    expect((await get(`?f=${encodeURIComponent("calls>=5")}`)).body.total).toBe(expected);
  });

  it("a bad query is a 400 naming the position and the problem", async () => {
    const bad = await get(`?f=${encodeURIComponent("fcr<abc")}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errors: [
        {
          file: "request",
          line: null,
          field: "f",
          position: 4,
          message: 'at character 5: fcr needs a number, got "abc"',
        },
      ],
    });
  });
});
