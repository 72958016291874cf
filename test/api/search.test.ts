/** GET /api/search: the published fields, approved submissions only for a visitor, a bad query as a 400 with its position. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BASE, temporaryDatabase } from "./support";

vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));

const tmp = temporaryDatabase("search");
const { closeDb, getDb } = await import("@/db/client");
const { ingestBundleDir } = await import("@/db/ingest");
const { GET: search } = await import("@/app/api/search/route");

const db = await getDb();
const ids = new Map<string, number>();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-search-bundles-"));
  for (const [model, status] of [
    ["Approved", "approved"],
    ["Pending", "pending"],
  ] as const) {
    const bundle = join(dir, model);
    mkdirSync(bundle);
    writeFileSync(
      join(bundle, "manifest.json"),
      JSON.stringify({
        benchmark: "qa",
        format: "seekboard-v1",
        model,
        dataset: "set",
        results: ["samples.jsonl"],
      }),
    );
    const messages = [
      { role: "user", content: "谁赢了温网？" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c",
            type: "function",
            function: { name: "search", arguments: '{"query":"温网冠军"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c", content: `${model}: 温网冠军是阿尔卡拉斯` },
    ];
    writeFileSync(
      join(bundle, "samples.jsonl"),
      `${JSON.stringify({ task_id: "q1", question: "谁赢了温网？", gold_answer: "阿尔卡拉斯", prediction: null, verdict: "incorrect", messages })}\n`,
    );
    ids.set(model, (await ingestBundleDir(db, bundle, { source: "test", status })).submissionId);
  }
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const get = async (query: string) => {
  const response = await search(new Request(`${BASE}/api/search?${query}`));
  return { status: response.status, body: await response.json() };
};

describe("GET /api/search", () => {
  it("answers the hits of approved submissions, with exactly the published fields", async () => {
    const q = encodeURIComponent('result:"温网冠军是" verdict:incorrect');
    const { status, body } = await get(`benchmark=qa&q=${q}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      total: 1,
      page: 1,
      hits: [
        {
          submissionId: ids.get("Approved"),
          taskId: "q1",
          run: 0,
          ordinal: 2,
          kind: "tool_result",
          snippet: "Approved: 温网冠军是阿尔卡拉斯",
        },
      ],
    });
    // Naming the pending submission does not show it to a visitor.
    expect((await get(`benchmark=qa&q=${q}&s=${ids.get("Pending")}`)).body.total).toBe(0);
  });

  it("400 with the position for a query that does not parse; 404 for an unknown board", async () => {
    const { status, body } = await get(`benchmark=qa&q=${encodeURIComponent('query:"温网"')}`);
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ field: "q", position: 6 });
    expect((await get("benchmark=qa&q=calls%3Cx")).body.errors[0].position).toBe(6);
    expect((await get("benchmark=nope&q=text%3Aabc")).status).toBe(404);
  });
});
