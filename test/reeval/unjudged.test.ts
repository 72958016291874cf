/**
 * Samples without a judge verdict and verdicts changed after import, against a real database:
 * the MPW authors' released result file (two records written before judging) imported as a
 * new user would, its unjudged samples counted and judged by a maintainer's job; an
 * adjudication that keeps the imported grader output readable beside it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, type Db } from "../../db/client";
import { ingestBundle } from "../../db/ingest";
import { latestSubmissionJob, verdictChanges } from "../../db/queries/audit";
import { runReevalJob } from "../../db/reeval/jobs";
import { adjudicate, previewRejudge } from "../../db/reeval/proposals";
import { judgeUnjudged } from "../../db/reeval/unjudged";
import { aggregates, samples } from "../../db/schema";
import { metricsReport } from "../../cli/metrics-report";
import { llmJudgeSettingFromEnv, type LlmJudgeSetting } from "../../lib/judges/chat";
import { openTestDb } from "../db";

const RELEASE = join(__dirname, "..", "fixtures", "mpw", "release");
const LLM: LlmJudgeSetting = llmJudgeSettingFromEnv({
  SEEKBOARD_JUDGE_BASE_URL: "http://judge.invalid/v1",
  SEEKBOARD_JUDGE_MODEL: "judge-model",
});
/** An OpenAI-compatible judge that finds every answer incorrect. */
const judgeFetch: typeof fetch = async () =>
  new Response(
    JSON.stringify({
      choices: [
        {
          message: {
            role: "assistant",
            content: "<think>differs</think><answer>Incorrect</answer>",
          },
        },
      ],
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );

let db: Db;
let tmp: string;
let submissionId: number;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-unjudged-"));
  db = await openTestDb(join(tmp, "test.db"));
  const bundle = join(tmp, "bundle");
  mkdirSync(bundle);
  copyFileSync(
    join(RELEASE, "Qwen3-30B-A3B_setting_b_results.jsonl"),
    join(bundle, "results.jsonl"),
  );
  writeFileSync(
    join(bundle, "manifest.json"),
    JSON.stringify({
      benchmark: "mpw",
      model: "Qwen3-30B-A3B",
      setting: "B-fewshot",
      results: ["results.jsonl"],
    }),
  );
  ({ submissionId } = await ingestBundle(db, bundle, { source: "test", status: "approved" }));
}, 120_000);
afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("unjudged samples", () => {
  it("are counted in metrics --json's aggregate, not passed off as measured", async () => {
    const report = await metricsReport(db, submissionId);
    expect(report.aggregate).toMatchObject({ n: 2, pass1: 0, unjudged: 2 });
  });

  it("a maintainer's job judges them with the benchmark's judge; the count drops to 0", async () => {
    expect(
      await judgeUnjudged(db, submissionId, "admin", { config: null, why: "no judge" }),
    ).toEqual({ ok: false, error: "no judge" });
    const queued = await judgeUnjudged(db, submissionId, "admin", LLM);
    if (!queued.ok) throw new Error(queued.error);
    expect(queued.total).toBe(2);
    expect(await judgeUnjudged(db, submissionId, "admin", LLM)).toEqual({
      ok: false,
      error: `job ${queued.jobId} is still judging this submission; wait for it to finish`,
    });
    await runReevalJob(db, queued.jobId, { llm: LLM, fetchImpl: judgeFetch });
    expect(await latestSubmissionJob(db, submissionId)).toMatchObject({
      id: queued.jobId,
      status: "done",
      done: 2,
      total: 2,
      changed: 2,
    });
    const report = await metricsReport(db, submissionId);
    expect(report.aggregate).toMatchObject({ n: 2, pass1: 0, unjudged: 0 });
    const judged = await db
      .select({ source: samples.verdictSource, label: samples.verdictLabel })
      .from(samples)
      .where(eq(samples.submissionId, submissionId));
    expect(judged).toEqual([
      { source: "reevaluate:llm", label: "Incorrect" },
      { source: "reevaluate:llm", label: "Incorrect" },
    ]);
    expect(await judgeUnjudged(db, submissionId, "admin", LLM)).toEqual({
      ok: false,
      error: "this submission has no unjudged samples",
    });
  });
});

describe("an adjudication", () => {
  it("keeps the imported grader output beside it: re-reading it still works, and the figures say they changed", async () => {
    // A judged record (test/fixtures/mpw): its grader output is the judge's reply.
    const record = JSON.parse(
      readFileSync(join(__dirname, "..", "fixtures", "mpw", "result-record.json"), "utf8"),
    );
    delete record.think;
    const bundle = join(tmp, "judged");
    mkdirSync(bundle);
    writeFileSync(join(bundle, "results.jsonl"), `${JSON.stringify(record)}\n`);
    writeFileSync(
      join(bundle, "manifest.json"),
      JSON.stringify({
        benchmark: "mpw",
        model: "judged",
        setting: "C",
        results: ["results.jsonl"],
      }),
    );
    const judged = await ingestBundle(db, bundle, { source: "test", status: "approved" });
    const [sample] = await db
      .select({ id: samples.id, rationale: samples.judgeRationale })
      .from(samples)
      .where(eq(samples.submissionId, judged.submissionId));
    const result = await adjudicate(db, sample.id, false, "the gold is another player", "admin");
    if (!result.ok) throw new Error(result.error);
    const preview = await previewRejudge(db, sample.id, "grader", LLM);
    if (!preview.ok) throw new Error(preview.error);
    // The judge's reply, replaced by the adjudication's reason, reads "Correct" again.
    expect(preview.proposal.after).toMatchObject({
      correct: true,
      judgeRationale: sample.rationale,
    });
    const changes = await verdictChanges(db, judged.submissionId);
    expect([changes.changed, changes.adjudicated, [...changes.changedByFile]]).toEqual([
      1,
      1,
      [["results.jsonl", 1]],
    ]);
    const [overall] = await db
      .select({ metrics: aggregates.metrics })
      .from(aggregates)
      .where(
        and(eq(aggregates.submissionId, judged.submissionId), eq(aggregates.split, "overall")),
      );
    expect(overall.metrics).toMatchObject({ pass1: { value: 0 }, unjudged: 0 });
  });
});
