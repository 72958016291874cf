/**
 * Search across trajectories (the filter language's step fields, db/queries/step-search.ts)
 * against a real database on the engine the suite runs on: two QA submissions, one approved
 * and one pending, whose steps hold English and Chinese text; a term split across two steps;
 * the index kept at ingest and emptied with the submission.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_VIEWER, type Viewer } from "../lib/auth/visibility";
import { parseFilter } from "../lib/filter/parse";
import { parseSearchRequest } from "../lib/search/request";
import { DEFAULT_SAMPLE_FILTERS } from "../lib/url/samples";
import { openTestDb } from "../test/db";
import { closeDb, engineOf, rawRows, type Db } from "./client";
import { ingestBundleDir } from "./ingest";
import { listSamples } from "./queries/samples";
import { searchSteps, type StepSearchScope } from "./queries/step-search";
import { submissions } from "./schema";
import { stepsMatching } from "./step-index";

const ADMIN: Viewer = { admin: true, uploaderTokenId: null };
const SCOPE: StepSearchScope = {
  benchmark: "qa",
  version: null,
  dataset: null,
  submissionIds: [],
};

let tmp: string;
let db: Db;
let approved: number;
let pending: number;

const call = (id: string, query: string) => ({
  role: "assistant",
  content: null,
  tool_calls: [
    {
      id,
      type: "function",
      function: { name: "search", arguments: JSON.stringify({ query }) },
    },
  ],
});
const result = (id: string, content: string) => ({ role: "tool", tool_call_id: id, content });

function line(taskId: string, verdict: "correct" | "incorrect", messages: unknown[]) {
  return JSON.stringify({
    task_id: taskId,
    question: `question ${taskId}`,
    gold_answer: "诺瓦克·德约科维奇",
    prediction: "诺瓦克",
    verdict,
    status: "finished",
    messages: [{ role: "user", content: `question ${taskId}` }, ...messages],
  });
}

function bundle(name: string, model: string, lines: string[]): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "manifest.json"),
    JSON.stringify({
      benchmark: "qa",
      format: "seekboard-v1",
      model,
      dataset: "searchset",
      results: ["samples.jsonl"],
    }),
  );
  writeFileSync(join(dir, "samples.jsonl"), `${lines.join("\n")}\n`);
  return dir;
}

async function search(q: string, viewer: Viewer = PUBLIC_VIEWER, scope = SCOPE) {
  const parsed = parseFilter(q);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return searchSteps(db, viewer, scope, parsed.clauses, 1);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-step-search-"));
  db = await openTestDb(join(tmp, "test.db"));
  approved = (
    await ingestBundleDir(
      db,
      bundle("a", "Model A", [
        line("t1", "incorrect", [
          call("c1", "温布尔登 冠军 2024"),
          result("c1", "Error: Rate Limit exceeded, try again later"),
          { role: "assistant", content: "<answer>诺瓦克</answer>" },
        ]),
        // "温布尔登" only across two steps: the index holds each step apart.
        line("t2", "correct", [
          call("c2", "wimbledon"),
          result("c2", "上届冠军来自温布"),
          { role: "assistant", content: "尔登的报道说……" },
        ]),
      ]),
      { source: "test", status: "approved" },
    )
  ).submissionId;
  pending = (
    await ingestBundleDir(
      db,
      bundle("b", "Model B", [
        line("t1", "incorrect", [call("c1", "wimbledon"), result("c1", "rate limit reached")]),
      ]),
      { source: "test", status: "pending" },
    )
  ).submissionId;
}, 120_000);

afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("searching the steps of a board's trajectories", () => {
  it("finds a tool's result case-insensitively, approved submissions only for a visitor", async () => {
    const found = await search('result:"RATE LIMIT"');
    expect(found.total).toBe(1);
    expect(found.hits).toEqual([
      expect.objectContaining({
        submissionId: approved,
        taskId: "t1",
        run: 0,
        kind: "tool_result",
      }),
    ]);
    expect(found.hits[0].snippet).toBe("Error: Rate Limit exceeded, try again later");
    const admin = await search('result:"rate limit"', ADMIN);
    expect(admin.hits.map((h) => h.submissionId)).toEqual([approved, pending]);
  });

  it("Chinese text in a call's arguments, the answer and any step; each field its own part", async () => {
    expect((await search('query:"布尔登"')).hits).toEqual([
      expect.objectContaining({ taskId: "t1", kind: "tool_call", snippet: "温布尔登 冠军 2024" }),
    ]);
    expect((await search('result:"布尔登"')).total).toBe(0);
    expect((await search('answer:"诺瓦克"')).hits).toEqual([
      expect.objectContaining({ taskId: "t1", kind: "answer", snippet: "诺瓦克" }),
    ]);
    expect((await search('text:"冠军 2024"')).total).toBe(1);
  });

  it("a term spanning a step boundary does not match", async () => {
    const found = await search('text:"温布尔登"');
    expect(found.hits.map((h) => [h.taskId, h.kind])).toEqual([["t1", "tool_call"]]);
    // Each half is there, in a step of its own.
    expect((await search('text:"来自温布"')).hits.map((h) => h.taskId)).toEqual(["t2"]);
    expect((await search('text:"尔登的"')).hits.map((h) => h.taskId)).toEqual(["t2"]);
  });

  it("combines with the sample fields, negation and the scope", async () => {
    expect((await search('verdict:incorrect result:"rate limit"')).total).toBe(1);
    expect((await search('verdict:correct result:"rate limit"')).total).toBe(0);
    expect((await search('text:"wimbledon" -result:"来自温布"', ADMIN)).hits).toEqual([
      expect.objectContaining({ submissionId: pending, kind: "tool_call" }),
    ]);
    expect(
      (await search('result:"rate limit"', ADMIN, { ...SCOPE, submissionIds: [pending] })).hits,
    ).toEqual([expect.objectContaining({ submissionId: pending })]);
    expect((await search('result:"rate limit"', ADMIN, { ...SCOPE, dataset: "other" })).total).toBe(
      0,
    );
  });

  it("filters a submission's sample list by its steps", async () => {
    const list = await listSamples(db, approved, {
      ...DEFAULT_SAMPLE_FILTERS,
      f: 'result:"rate limit"',
    });
    expect(list.rows.map((r) => r.taskKey)).toEqual(["t1"]);
  });

  it("a query that does not parse, or finds no step, is refused with its position", () => {
    const params = (q: string) => new URLSearchParams({ benchmark: "qa", q });
    expect(parseSearchRequest(params('verdict:incorrect result:"ab"'))).toEqual({
      ok: false,
      error: {
        field: "q",
        position: 25,
        message: expect.stringMatching(/^at character 26: result: needs at least 3 characters/),
      },
    });
    expect(parseSearchRequest(params("verdict:incorrect"))).toMatchObject({
      ok: false,
      error: { field: "q", position: 0 },
    });
  });

  it("the index loses a removed submission's steps", async () => {
    const indexed = async () =>
      (await rawRows(db, stepsMatching(engineOf(db), "result", "rate limit"))).length;
    expect(await indexed()).toBe(2);
    await db.delete(submissions).where(eq(submissions.id, pending));
    expect(await indexed()).toBe(1);
  });
});
