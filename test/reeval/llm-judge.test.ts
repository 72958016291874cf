/**
 * The LLM judge against a small OpenAI-compatible server on loopback: a good reply becomes
 * a proposal; a timeout, an HTTP error, a body that is not a chat completion and a reply
 * the benchmark's parser cannot read all leave the verdict unchanged and say why.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, engineOf, first, type Db } from "../../db/client";
import { getReevalJob } from "../../db/queries/audit";
import { fixGold } from "../../db/reeval/gold";
import { runReevalJob } from "../../db/reeval/jobs";
import { applyProposal, previewRejudge } from "../../db/reeval/proposals";
import { auditEntries, samples, submissions } from "../../db/schema";
import { seedDemo } from "../../db/seed-demo";
import { llmJudgeSettingFromEnv, type LlmJudgeSetting } from "../../lib/judges/chat";
import { llmJudge } from "../../lib/judges/llm";
import { openTestDb } from "../db";

type Mode =
  | "mpw-correct"
  | "mpw-incorrect"
  | "slow"
  | "http-500"
  | "not-json"
  | "no-choices"
  | "unreadable"
  | "widesearch-all-1";

let mode: Mode = "mpw-correct";
const requests: {
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; temperature: number };
}[] = [];
let server: Server;
let db: Db;
let tmp: string;
let llm: LlmJudgeSetting;

function completion(content: string): string {
  return JSON.stringify({
    id: "x",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    requests.push({ auth: request.headers.authorization, body });
    if (request.url !== "/v1/chat/completions" || request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    const json = (text: string) =>
      response.writeHead(200, { "content-type": "application/json" }).end(text);
    switch (mode) {
      case "mpw-correct":
        return json(
          completion("<think>Same club, different wording.</think>\n<answer>Correct</answer>"),
        );
      case "mpw-incorrect":
        return json(completion("<think>Different club.</think>\n<answer>Incorrect</answer>"));
      case "slow":
        setTimeout(() => json(completion("<answer>Correct</answer>")), 1500);
        return;
      case "http-500":
        return response.writeHead(500, { "content-type": "text/plain" }).end("upstream overloaded");
      case "not-json":
        return json("<html>gateway</html>");
      case "no-choices":
        return json(JSON.stringify({ error: { message: "model not found" } }));
      case "unreadable":
        return json(completion("I think the answer is probably right."));
      case "widesearch-all-1": {
        const count = (body.messages[0].content.match(/idx_\d+: response/g) ?? []).length;
        return json(
          completion(
            "```json\n" +
              JSON.stringify(
                Object.fromEntries(Array.from({ length: count }, (_, i) => [`idx_${i}`, 1])),
              ) +
              "\n```",
          ),
        );
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  llm = llmJudgeSettingFromEnv({
    SEEKBOARD_JUDGE_BASE_URL: `http://127.0.0.1:${port}/v1`,
    SEEKBOARD_JUDGE_MODEL: "judge-model",
    SEEKBOARD_JUDGE_API_KEY: "sk-test-secret",
    SEEKBOARD_JUDGE_TIMEOUT_MS: "300",
  });
  tmp = mkdtempSync(join(tmpdir(), "seekboard-llm-judge-"));
  db = await openTestDb(join(tmp, "test.db"));
  await seedDemo(db, 6);
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

async function sampleRow(id: number) {
  return first(db.select().from(samples).where(eq(samples.id, id)).limit(1));
}

function samplesOfTask(taskId: number) {
  return db.select().from(samples).where(eq(samples.taskId, taskId)).orderBy(asc(samples.id));
}

/** The first MPW sample (by id) the stored verdict calls `correct`. */
async function mpwSample(correct: boolean): Promise<{ id: number; taskId: number }> {
  const row = await first(
    db
      .select({ id: samples.id, taskId: samples.taskId })
      .from(samples)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(and(eq(submissions.benchmarkId, "mpw"), eq(samples.correct, correct)))
      .orderBy(asc(samples.id))
      .limit(1),
  );
  if (!row) throw new Error("no such MPW sample");
  return row;
}

/** The first WideSearch sample (by id) with a response table (`detail`) or without, optionally with unscored llm_judge cells. */
async function wideSearchSample(
  table: boolean,
  unscored = false,
): Promise<{ id: number } | undefined> {
  const unscoredCells =
    engineOf(db) === "postgres"
      ? sql`(${samples.metrics} ->> 'unscoredCells')::double precision`
      : sql`json_extract(${samples.metrics}, '$.unscoredCells')`;
  return first(
    db
      .select({ id: samples.id })
      .from(samples)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(
        and(
          eq(submissions.benchmarkId, "widesearch"),
          table ? isNotNull(samples.detail) : isNull(samples.detail),
          unscored ? gt(unscoredCells, 0) : undefined,
        ),
      )
      .orderBy(asc(samples.id))
      .limit(1),
  );
}

describe("LLM judge over HTTP", () => {
  it("sends the benchmark's prompt with the model, temperature 0 and the key; reads the verdict", async () => {
    mode = "mpw-correct";
    const verdict = await llmJudge(llm.config!, "mpw", {
      question: "Which club?",
      gold: "Borussia Dortmund",
      prediction: "<answer>BVB</answer>",
    });
    expect(verdict).toMatchObject({
      correct: true,
      label: "Correct",
      rationale: "Same club, different wording.",
      promptSource: "MPW-Bench paper, Appendix A (Prompt: LLM–as–Judge)",
    });
    expect(requests).toHaveLength(1);
    expect(requests[0].auth).toBe("Bearer sk-test-secret");
    expect(requests[0].body.model).toBe("judge-model");
    expect(requests[0].body.temperature).toBe(0);
    expect(requests[0].body.messages[1].content).toContain(
      "Ground Truth Answer:\nBorussia Dortmund",
    );
  });

  it("re-judges an MPW sample: the preview shows old and new verdict with the rationale, and the audit never holds the key", async () => {
    mode = "mpw-correct";
    const sample = await mpwSample(false);
    const preview = await previewRejudge(db, sample.id, "llm", llm);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.proposal.before).toMatchObject({ correct: false });
    expect(preview.proposal.after).toMatchObject({
      correct: true,
      verdictSource: "rejudge:llm",
      verdictLabel: "Correct",
    });
    expect(preview.proposal.rationale).toBe("Same club, different wording.");
    expect(preview.proposal.judgeConfig).toMatchObject({
      model: "judge-model",
      timeoutMs: 300,
      apiKey: "set",
    });
    const applied = await applyProposal(db, preview.proposal, "admin", null);
    if (!applied.ok) throw new Error(applied.error);
    expect((await sampleRow(sample.id))?.correct).toBe(true);
    const stored = await first(
      db.select().from(auditEntries).where(eq(auditEntries.id, applied.entryId!)).limit(1),
    );
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain("sk-test-secret");
  });

  const failures: [Mode, RegExp][] = [
    ["slow", /did not answer within 300 ms/],
    ["http-500", /answered HTTP 500: upstream overloaded/],
    ["not-json", /reply is not JSON/],
    ["no-choices", /not a chat completion/],
    ["unreadable", /no <answer>…<\/answer>/],
  ];
  for (const [failing, message] of failures) {
    it(`${failing}: the verdict stays unchanged and the error is returned`, async () => {
      mode = failing;
      const sample = await mpwSample(false);
      const before = await sampleRow(sample.id);
      const result = await previewRejudge(db, sample.id, "llm", llm);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toMatch(message);
      expect(await sampleRow(sample.id)).toEqual(before);
    });
  }

  it("a judge failure during a gold fix's job stops it as failed, with the message, and changes no sample", async () => {
    mode = "unreadable";
    const task = (await mpwSample(true)).taskId;
    const before = await samplesOfTask(task);
    const started = await fixGold(
      db,
      task,
      { kind: "answer", goldAnswer: "a corrected gold" },
      "llm",
      "source updated",
      "admin",
      llm,
    );
    if (!started.ok) throw new Error(started.error);
    const entry = await first(
      db
        .select({ judgeConfig: auditEntries.judgeConfig })
        .from(auditEntries)
        .where(eq(auditEntries.id, started.entryId))
        .limit(1),
    );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry?.judgeConfig)).not.toContain("sk-test");
    await runReevalJob(db, started.jobId, { llm, chunkSize: 4 });
    expect(await getReevalJob(db, started.jobId)).toMatchObject({
      status: "failed",
      done: 0,
      changed: 0,
      error: expect.stringMatching(/no <answer>/),
    });
    // The fix itself moved where the gold was retrieved (to nowhere: no step holds the new
    // gold); the failed job changed nothing.
    const withoutGold = (rows: typeof before) =>
      rows.map((row) => Object.entries(row).filter(([key]) => key !== "goldSeenAtCall"));
    const after = await samplesOfTask(task);
    expect(withoutGold(after)).toEqual(withoutGold(before));
    expect(after.map((sample) => sample.goldSeenAtCall)).toEqual(after.map(() => null));
  });

  it("WideSearch: the LLM judge scores the llm_judge cells column by column with the paper's prompt", async () => {
    mode = "widesearch-all-1";
    const sample = await wideSearchSample(true, true);
    expect(sample, "a demo WideSearch sample with unscored llm_judge cells").toBeDefined();
    const preview = await previewRejudge(db, sample!.id, "llm", llm);
    if (!preview.ok) throw new Error(preview.error);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests[0].body.messages[0].content).toContain("You are an expert in grading answers.");
    expect(
      preview.proposal.after.metrics as { unscoredCells: number; complete: boolean },
    ).toMatchObject({ unscoredCells: 0, complete: true });
  });

  it("WideSearch: a sample imported from an evaluation CSV has no table to judge; the LLM is not asked and nothing is proposed", async () => {
    mode = "widesearch-all-1";
    requests.length = 0;
    const sample = await wideSearchSample(false);
    expect(sample, "a results-only WideSearch sample in the demo").toBeDefined();
    expect(await previewRejudge(db, sample!.id, "llm", llm)).toEqual({
      ok: false,
      error: expect.stringContaining("evaluation CSV"),
    });
    expect(requests).toHaveLength(0);
  });
});
