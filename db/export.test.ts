/**
 * Export round trip, for every Seekboard-format benchmark: ingest a bundle, export it,
 * ingest the export into a fresh database, and compare the `metrics --json` reports, the
 * stored sample rows, the tasks and the stored steps: identical apart from ids, hashes and
 * where each line was read from.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExportRefused, exportSubmissionTo } from "../cli/export";
import { metricsReport } from "../cli/metrics-report";
import { demoEvoBundles } from "../lib/benchmarks/evobrowsecomp/demo";
import { demoInfoMosaicBundles } from "../lib/benchmarks/infomosaic/demo";
import { demoQaBundles } from "../lib/benchmarks/qa/demo";
import { demoWebDetectiveBundles } from "../lib/benchmarks/webdetective/demo";
import { webDetectiveWithVerdict } from "../lib/benchmarks/webdetective/stored";
import { jsonl, type DemoFiles } from "../lib/demo/files";
import { asc, eq, inArray } from "drizzle-orm";
import { closeDb, type Db } from "./client";
import { ingestBundle, ingestInspectLog } from "./ingest";
import { samples, steps, submissions, tasks } from "./schema";
import { openTestDb } from "../test/db";

const OPTIONS = { source: "test", status: "approved" } as const;
let tmp: string;
let n = 0;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-export-"));
});
const opened: Db[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => closeDb(db)));
  rmSync(tmp, { recursive: true, force: true });
});

async function fresh(): Promise<Db> {
  const db = await openTestDb(join(tmp, `db-${++n}.db`));
  opened.push(db);
  return db;
}

function write(bundle: DemoFiles): string {
  const dir = join(tmp, `bundle-${++n}`);
  for (const [name, text] of Object.entries(bundle.files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** What is stored of a submission, without ids, hashes, upload times and source positions. */
async function stored(db: Db, submissionId: number) {
  const without = (row: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
  const sampleRows = await db
    .select()
    .from(samples)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id));
  const taskRows = await db
    .select()
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        db
          .select({ id: samples.taskId })
          .from(samples)
          .where(eq(samples.submissionId, submissionId)),
      ),
    )
    .orderBy(asc(tasks.taskKey));
  const stepRows = await db
    .select({
      taskKey: samples.taskKey,
      run: samples.run,
      ordinal: steps.ordinal,
      kind: steps.kind,
      callIndex: steps.callIndex,
      data: steps.data,
      malformed: steps.malformed,
    })
    .from(steps)
    .innerJoin(samples, eq(samples.id, steps.sampleId))
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id), asc(steps.ordinal));
  const submissionRows = await db
    .select()
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return {
    samples: sampleRows.map((r) =>
      without(r, ["id", "submissionId", "taskId", "sourceFile", "sourceLine"]),
    ),
    tasks: taskRows.map((r) => without(r, ["id"])),
    steps: stepRows,
    submission: submissionRows.map((r) => without(r, ["id", "bundleHash", "uploadedAt", "source"])),
  };
}

/** The `metrics --json` report without the submission's id. */
async function report(db: Db, submissionId: number) {
  const { submission, ...rest } = (await metricsReport(db, submissionId)) as {
    submission?: Record<string, unknown>;
  } & Record<string, unknown>;
  return { ...rest, submission: submission && { ...submission, id: null } };
}

async function roundTrip(bundle: DemoFiles) {
  const source = await fresh();
  const first = await ingestBundle(source, write(bundle), OPTIONS);
  const out = join(tmp, `export-${++n}`);
  const exported = await exportSubmissionTo(source, first.submissionId, out);
  expect(exported).toMatchObject({
    submissionId: first.submissionId,
    out,
    samples: first.samples,
    files: ["manifest.json", "samples.jsonl"],
    inexactTrajectories: 0,
  });
  const target = await fresh();
  const second = await ingestBundle(target, out, OPTIONS);
  expect(second.samples).toBe(first.samples);
  expect(await report(target, second.submissionId)).toEqual(
    await report(source, first.submissionId),
  );
  expect(await stored(target, second.submissionId)).toEqual(
    await stored(source, first.submissionId),
  );
  return { out, source, id: first.submissionId };
}

/** A line with what the demo bundles leave out: reasoning, per-message usage, ReAct tags, a status-less line, metadata. */
function richLines(benchmark: Record<string, unknown> | undefined) {
  const base = {
    question: "Who won?",
    gold_answer: "Ann",
    prediction: "Ann",
    ...(benchmark ? { benchmark } : {}),
  };
  return [
    {
      ...base,
      task_id: "r-1",
      verdict: "correct",
      judge: { model: "judge-a", reasoning: "matches", confidence: 85 },
      status: "finished",
      metadata: { seed: 7, tags: ["x"] },
      usage: { prompt_tokens: 900, seconds: 12.5 },
      messages: [
        { role: "system", content: "Search." },
        { role: "user", content: "Who won?" },
        {
          role: "assistant",
          content: null,
          reasoning_content: "Look it up.",
          tool_calls: [
            {
              id: "x1",
              type: "function",
              function: { name: "search", arguments: '{"query": "winner"}' },
            },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 20, cost_usd: 0.001 },
        },
        {
          role: "tool",
          tool_call_id: "x1",
          content: JSON.stringify({
            search_query: "winner",
            search_result: [{ title: "Ann wins", content: "…" }],
          }),
          usage: { seconds: 2 },
        },
        {
          role: "assistant",
          content:
            '<think>Found.</think>\n<tool_call>{"name": "visit", "arguments": {"url": "https://a.example"}}</tool_call>',
        },
        { role: "user", content: "<tool_response>page text</tool_response>" },
        { role: "assistant", content: "<answer>Ann</answer>", usage: { completion_tokens: 5 } },
      ],
    },
    { ...base, task_id: "r-2", run: 1, prediction: null, verdict: null, messages: [] },
    { ...base, task_id: "r-2", verdict: "incorrect", judge: {} },
  ];
}

function richBundle(
  manifest: Record<string, unknown>,
  benchmark: Record<string, unknown> | undefined,
): DemoFiles {
  return {
    name: "rich",
    model: "m",
    setting: "default",
    files: {
      "manifest.json": JSON.stringify({
        format: "seekboard-v1",
        model: "Rich model",
        results: ["a.jsonl"],
        ...manifest,
      }),
      "a.jsonl": jsonl(richLines(benchmark)),
    },
  };
}

describe("export → ingest gives the same stored submission and metrics", () => {
  it.each(demoWebDetectiveBundles().map((b) => [b.name, b] as const))(
    "WebDetective demo %s",
    async (_, bundle) => {
      await roundTrip(bundle);
    },
  );
  it.each(demoEvoBundles().map((b) => [b.name, b] as const))(
    "EvoBrowseComp demo %s",
    async (_, bundle) => {
      await roundTrip(bundle);
    },
  );
  it.each(demoQaBundles().map((b) => [b.name, b] as const))("QA demo %s", async (_, bundle) => {
    await roundTrip(bundle);
  });

  it("QA: the dataset and version come back from the stored key; rich lines, a run with an empty trajectory", async () => {
    const { out } = await roundTrip(
      richBundle(
        {
          benchmark: "qa",
          dataset: "frames",
          benchmarkVersion: "2025",
          agent: "react",
          judgeModel: "judge-b",
        },
        { stated_confidence: 60 },
      ),
    );
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    expect(manifest).toEqual({
      benchmark: "qa",
      format: "seekboard-v1",
      model: "Rich model",
      agent: "react",
      setting: "default",
      dataset: "frames",
      benchmarkVersion: "2025",
      judgeModel: "judge-b",
      results: ["samples.jsonl"],
    });
    const lines = readFileSync(join(out, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      task_id: "r-1",
      run: 0,
      judge: { model: "judge-a", reasoning: "matches", confidence: 85 },
      metadata: { seed: 7, tags: ["x"] },
      usage: { prompt_tokens: 900, seconds: 12.5 },
    });
    expect(lines[1]).toMatchObject({ task_id: "r-2", run: 1, verdict: null, messages: [] });
    expect(lines[1]).not.toHaveProperty("status");
    expect(lines[2]).not.toHaveProperty("messages");
  });

  it("EvoBrowseComp: tool calls counted from messages are counted again, given ones kept", async () => {
    const { out } = await roundTrip(
      richBundle(
        { benchmark: "evobrowsecomp", benchmarkVersion: "2026-05" },
        { language: "en", setting: "tool-based", domain: "sports" },
      ),
    );
    const lines = readFileSync(join(out, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0].benchmark).not.toHaveProperty("tool_calls");
    await roundTrip(
      richBundle(
        { benchmark: "evobrowsecomp", benchmarkVersion: "2026-05" },
        { language: "zh", setting: "tool-based", tool_calls: 41, tool_call_limit: 40 },
      ),
    );
  });

  it("WebDetective: rich lines", async () => {
    await roundTrip(
      richBundle(
        { benchmark: "webdetective" },
        {
          evidence: [
            { id: "e1", found_by_search: true, probe_correct: null },
            { id: "e2", found_by_search: false, probe_correct: true },
          ],
          refused: false,
          hops_used: 2,
          hops_gt: 2,
          searched: true,
        },
      ),
    );
  });
});

describe("export refusals", () => {
  it("a native-format benchmark is refused, naming why", async () => {
    const db = await fresh();
    const { submissionId } = await ingestBundle(db, write(demoInfoMosaicBundles()[0]), OPTIONS);
    await expect(exportSubmissionTo(db, submissionId, join(tmp, `native-${++n}`))).rejects.toThrow(
      ExportRefused,
    );
    await expect(exportSubmissionTo(db, submissionId, join(tmp, `native-${++n}`))).rejects.toThrow(
      /InfoMosaic-Bench takes its own evaluation files/,
    );
  });

  it("a WebDetective refusal judged correct by a re-evaluation is named, and nothing is left written", async () => {
    const db = await fresh();
    const { submissionId } = await ingestBundle(db, write(demoWebDetectiveBundles()[0]), OPTIONS);
    const rows = await db
      .select({
        id: samples.id,
        taskKey: samples.taskKey,
        run: samples.run,
        metrics: samples.metrics,
      })
      .from(samples)
      .where(eq(samples.submissionId, submissionId))
      .orderBy(asc(samples.id));
    const refusal = rows.find((row) => row.metrics?.refused === true)!;
    expect(refusal).toBeDefined();
    const adjudicated = webDetectiveWithVerdict(
      refusal.metrics as Parameters<typeof webDetectiveWithVerdict>[0],
      { correct: true },
    );
    await db
      .update(samples)
      .set({ metrics: adjudicated, correct: true })
      .where(eq(samples.id, refusal.id));
    const out = join(tmp, `refusal-${++n}`);
    await expect(exportSubmissionTo(db, submissionId, out)).rejects.toThrow(
      `task "${refusal.taskKey}" run ${refusal.run}: a refused sample judged "correct"`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("a folder that is not empty is never written into", async () => {
    const db = await fresh();
    const { submissionId } = await ingestBundle(db, write(demoQaBundles()[0]), OPTIONS);
    const out = join(tmp, `busy-${++n}`);
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine");
    await expect(exportSubmissionTo(db, submissionId, out)).rejects.toThrow(/is not empty/);
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
  });
});

describe("logs teams already have, exported and ingested back", () => {
  /** Exports a submission of `source` and ingests it into a fresh database: the two `metrics --json` reports and stored steps. */
  async function exportAndBack(source: Db, submissionId: number) {
    const out = join(tmp, `export-${++n}`);
    expect(await exportSubmissionTo(source, submissionId, out)).toMatchObject({
      inexactTrajectories: 0,
    });
    const target = await fresh();
    const second = await ingestBundle(target, out, OPTIONS);
    const storedSteps = async (db: Db, id: number) => (await stored(db, id)).steps;
    // Import notes say how the first bundle was read (its Inspect logs); the metrics themselves must not move.
    const metrics = async (db: Db, id: number) => ({
      ...(await report(db, id)),
      importNotes: null,
    });
    return {
      before: await metrics(source, submissionId),
      after: await metrics(target, second.submissionId),
      stepsBefore: await storedSteps(source, submissionId),
      stepsAfter: await storedSteps(target, second.submissionId),
    };
  }

  it("an Inspect .eval: the same metrics and steps", async () => {
    const source = await fresh();
    const first = await ingestInspectLog(
      source,
      join(__dirname, "..", "test", "fixtures", "inspect", "log_message_deduplication.eval"),
      { benchmark: "qa" },
      OPTIONS,
    );
    const { before, after, stepsBefore, stepsAfter } = await exportAndBack(
      source,
      first.submissionId,
    );
    expect(after).toEqual(before);
    expect(stepsAfter).toEqual(stepsBefore);
  });

  it("ATIF trajectories (inline and in files): the same metrics and steps", async () => {
    const fixture = (name: string) =>
      readFileSync(join(__dirname, "..", "test", "fixtures", "atif", name), "utf8");
    const bundle: DemoFiles = {
      name: "atif",
      model: "m",
      setting: "default",
      files: {
        "manifest.json": JSON.stringify({
          benchmark: "qa",
          format: "seekboard-v1",
          model: "m",
          dataset: "atif",
          results: ["samples.jsonl"],
        }),
        "samples.jsonl": jsonl([
          {
            task_id: "1",
            question: "q1",
            gold_answer: "a",
            prediction: "a",
            verdict: "correct",
            trajectory: JSON.parse(fixture("v1.5-tools.json")),
          },
          {
            task_id: "2",
            question: "q2",
            gold_answer: "a",
            prediction: "b",
            verdict: "incorrect",
            trajectory_file: "t/min.json",
          },
        ]),
        "t/min.json": fixture("v1.0-minimal.json"),
      },
    };
    const source = await fresh();
    const first = await ingestBundle(source, write(bundle), OPTIONS);
    const { before, after, stepsBefore, stepsAfter } = await exportAndBack(
      source,
      first.submissionId,
    );
    expect(after).toEqual(before);
    expect(stepsAfter).toEqual(stepsBefore);
  });
});
