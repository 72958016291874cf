/**
 * Inspect logs into the database: the real logs of Inspect AI's repository
 * (test/fixtures/inspect, MIT) import with the sample counts, scores, tool calls and
 * tokens Inspect's viewer shows; zstd members, unfinished runs and re-logged samples;
 * and each malformed log refused naming its member and field, nothing imported.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsReport } from "../cli/metrics-report";
import { DEFAULT_LIMITS } from "../lib/import/bundle";
import { BundleError } from "../lib/import/errors";
import { parseStoredStep } from "../lib/trajectory/steps";
import { closeDb, type Db } from "./client";
import { openTestDb } from "../test/db";
import { sqlRows, tableCounts } from "../test/sql";
import { ingestBundle, ingestInspectLog, type IngestResult } from "./ingest";
import { zipOf } from "../test/api/support";
import { attachmentLog, inputRefsLog } from "../scripts/bench/hostile";

const FIXTURES = join(__dirname, "..", "test", "fixtures", "inspect");
const OPTIONS = { source: "test", status: "approved" } as const;
let db: Db;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-inspect-"));
  db = await openTestDb(join(tmp, "test.db"));
});
afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

interface StoredSample {
  task_key: string;
  run: number;
  correct: number;
  verdict_label: string | null;
  verdict_source: string;
  tool_calls: number;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  seconds: number | null;
  status: string;
  prediction: string | null;
  error_info: string | null;
}

async function storedSamples(submissionId: number): Promise<StoredSample[]> {
  return (await sqlRows(
    db,
    `SELECT t.task_key, s.run, s.correct, s.verdict_label, s.verdict_source, s.tool_calls, s.prompt_tokens, s.completion_tokens, s.seconds, s.status, s.prediction, s.error_info
     FROM samples s JOIN tasks t ON t.id = s.task_id WHERE s.submission_id = ? ORDER BY t.task_key, s.run`,
    submissionId,
  )) as StoredSample[];
}

const TABLES = ["submissions", "tasks", "samples", "steps"];
const counts = () => tableCounts(db, TABLES);

async function refused(run: () => Promise<IngestResult>): Promise<BundleError> {
  const before = await counts();
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  expect(await counts()).toEqual(before);
  return error as BundleError;
}

/** A bundle folder: a manifest and the named fixtures or texts. */
function bundle(
  manifest: Record<string, unknown>,
  files: Record<string, string | { fixture: string }>,
): string {
  const dir = mkdtempSync(join(tmp, "bundle-"));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    if (typeof content === "string") writeFileSync(join(dir, name), content);
    else copyFileSync(join(FIXTURES, content.fixture), join(dir, name));
  }
  return dir;
}

const fixtureJson = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown> & {
    samples: Record<string, unknown>[];
  };

describe("the real Inspect logs", () => {
  // Expected figures read off each log by hand (its samples' `scores`, assistant `tool_calls`,
  // `model_usage` input + output tokens, `total_time`), as Inspect's viewer shows them.
  const cases: { log: string; model: string; dataset: string; samples: Partial<StoredSample>[] }[] =
    [
      {
        log: "log_formats.eval",
        model: "ollama/llama3.1",
        dataset: "popularity",
        samples: [
          {
            task_key: "1",
            run: 0,
            correct: 0,
            verdict_label: "I",
            tool_calls: 0,
            prompt_tokens: null,
          },
        ],
      },
      {
        log: "log_formats.json",
        model: "ollama/llama3.1",
        dataset: "popularity",
        samples: [{ task_key: "1", correct: 0, verdict_label: "I" }],
      },
      {
        log: "log_images.json",
        model: "openai/gpt-4o",
        dataset: "images",
        samples: [{ task_key: "1", correct: 0, verdict_label: "I", tool_calls: 0 }],
      },
      {
        log: "log_message_deduplication.eval",
        model: "hardcoded/hardcoded",
        dataset: "inspect_test_utils/guess_number",
        samples: [
          {
            task_key: "0",
            correct: 0,
            verdict_label: "0",
            verdict_source: "inspect:closeness_log",
            tool_calls: 5,
            prompt_tokens: null,
            seconds: 0.457,
          },
        ],
      },
      {
        log: "log_read_sample.eval",
        model: "ollama/gemma3",
        dataset: "popularity",
        samples: [
          {
            task_key: "1",
            correct: 1,
            verdict_label: "C",
            verdict_source: "inspect:match",
            prompt_tokens: 66,
            completion_tokens: 3,
            seconds: 0.413,
            prediction: "Yes\n",
            status: "finished",
          },
        ],
      },
      {
        log: "log_read_sample.json",
        model: "ollama/gemma3",
        dataset: "popularity",
        samples: [
          { task_key: "1", correct: 1, prompt_tokens: 66, completion_tokens: 3, seconds: 2.113 },
        ],
      },
      {
        log: "log_streaming.eval",
        model: "azureai/Meta-Llama-3-1-405B-Instruct-jqf",
        dataset: "popularity",
        samples: [
          {
            task_key: "1",
            run: 0,
            correct: 0,
            verdict_label: "I",
            prompt_tokens: 66,
            completion_tokens: 1,
          },
          { task_key: "1", run: 1, correct: 1, verdict_label: "C" },
          { task_key: "2", run: 0, correct: 1 },
          { task_key: "2", run: 1, correct: 1 },
        ],
      },
      // A log of tool errors only: no scores (unjudged), the sample's epoch 4 is its first run here.
      {
        log: "log_tool_call_error.json",
        model: "...",
        dataset: "...",
        samples: [
          {
            task_key: "1",
            run: 0,
            correct: 0,
            verdict_label: null,
            verdict_source: "none",
            tool_calls: 0,
          },
        ],
      },
    ];

  for (const { log, model, dataset, samples } of cases) {
    it(`${log}: ${samples.length} sample(s), scores, tool calls and tokens`, async () => {
      const result = await ingestInspectLog(
        db,
        join(FIXTURES, log),
        { benchmark: "qa", setting: log },
        OPTIONS,
      );
      expect(result).toMatchObject({
        benchmark: "qa",
        model,
        samples: samples.length,
        duplicate: false,
      });
      const stored = await storedSamples(result.submissionId);
      expect(stored).toHaveLength(samples.length);
      samples.forEach((expected, i) => expect(stored[i]).toMatchObject(expected));
      expect(await metricsReport(db, result.submissionId)).toMatchObject({
        dataset,
        importNotes: { inspect: [{ log, model, status: "success" }] },
      });
    });
  }

  it("log_streaming.eval: accuracy 0.75, as the log's own results say", async () => {
    const result = await ingestInspectLog(
      db,
      join(FIXTURES, "log_streaming.eval"),
      { benchmark: "qa", setting: "accuracy" },
      OPTIONS,
    );
    expect(await metricsReport(db, result.submissionId)).toMatchObject({
      aggregate: { accuracy: 0.75, n: 2 },
    });
  });

  it("a condensed sample's trajectory: tool calls tied to their results, usage on the assistant steps", async () => {
    const result = await ingestInspectLog(
      db,
      join(FIXTURES, "log_message_deduplication.eval"),
      { benchmark: "qa", setting: "steps" },
      OPTIONS,
    );
    const rows = await sqlRows(
      db,
      "SELECT data FROM steps st JOIN samples s ON s.id = st.sample_id WHERE s.submission_id = ? ORDER BY s.id, st.ordinal",
      result.submissionId,
    );
    const steps = rows.map((row) => parseStoredStep(JSON.parse(row.data)));
    const calls = steps.filter((step) => step.kind === "tool_call");
    const results = steps.filter((step) => step.kind === "tool_result");
    expect(calls.map((c) => c.callIndex)).toEqual([1, 2, 3, 4, 5]);
    expect(calls[0]).toMatchObject({ name: "bash", arguments: { cmd: "ls" } });
    expect(results.map((r) => r.callIndex)).toEqual([1, 2, 3, 4, 5]);
    expect(results[0].kind === "tool_result" && results[0].raw).toContain("bin\nboot");
  });

  it("a zstd .eval reads exactly as its DEFLATE original", async () => {
    const deflate = await ingestInspectLog(
      db,
      join(FIXTURES, "log_streaming.eval"),
      { benchmark: "qa", setting: "deflate" },
      OPTIONS,
    );
    const zstd = await ingestInspectLog(
      db,
      join(FIXTURES, "log_streaming.zstd.eval"),
      { benchmark: "qa", setting: "zstd" },
      OPTIONS,
    );
    expect(zstd.samples).toBe(4);
    expect(await storedSamples(zstd.submissionId)).toEqual(
      await storedSamples(deflate.submissionId),
    );
  });

  it("an unfinished run (no header.json): read from _journal/start.json and its samples, marked incomplete", async () => {
    const result = await ingestInspectLog(
      db,
      join(FIXTURES, "unfinished.eval"),
      { benchmark: "qa" },
      OPTIONS,
    );
    expect(result).toMatchObject({ samples: 4, model: "azureai/Meta-Llama-3-1-405B-Instruct-jqf" });
    expect(await metricsReport(db, result.submissionId)).toMatchObject({
      importNotes: {
        inspect: [{ status: "started" }],
        incomplete: [expect.stringContaining("unfinished.eval: the run did not finish")],
      },
    });
  });

  it("a log's members are not held to the bundle's file limit (one per sample), its bytes are", async () => {
    const log = join(FIXTURES, "log_streaming.eval");
    const few = { ...DEFAULT_LIMITS, maxFiles: 3 };
    expect(
      (
        await ingestInspectLog(
          db,
          log,
          { benchmark: "qa", setting: "few-files" },
          { ...OPTIONS, limits: few },
        )
      ).samples,
    ).toBe(4);
    const error = await refused(() =>
      ingestInspectLog(
        db,
        log,
        { benchmark: "qa", setting: "few-bytes" },
        { ...OPTIONS, limits: { ...DEFAULT_LIMITS, maxUnpackedBytes: 10_000 } },
      ),
    );
    expect(error.details[0].message).toMatch(/expands beyond 10000 bytes/);
  });

  it("progress in the log's own bytes: each sample member's share of the compressed log", async () => {
    const seen: { done: number; total: number; samples: number }[] = [];
    await ingestInspectLog(
      db,
      join(FIXTURES, "log_streaming.zstd.eval"),
      { benchmark: "qa", setting: "progress" },
      { ...OPTIONS, onProgress: (p) => seen.push(p) },
    );
    // Told as each sample member is read, then as its sample is written.
    expect(seen.map((p) => p.samples)).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
    const total = seen[0].total;
    const done = seen.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    // The four sample members are 31 KB of the log's 37 KB unpacked: the bar ends near, never past, the log's size.
    const end = done[done.length - 1];
    expect(end).toBeGreaterThan(0.7 * total);
    expect(end).toBeLessThanOrEqual(total);
  });

  it("a sample logged twice: the later entry counts", async () => {
    const result = await ingestInspectLog(
      db,
      join(FIXTURES, "relogged.eval"),
      { benchmark: "qa" },
      OPTIONS,
    );
    expect(result.samples).toBe(4);
    expect((await storedSamples(result.submissionId))[0]).toMatchObject({
      task_key: "1",
      run: 0,
      correct: 1,
      verdict_label: "C",
    });
  });

  it("an evobrowsecomp bundle of logs: its fields from the manifest's benchmarkFields, the model named", async () => {
    const dir = bundle(
      {
        benchmark: "evobrowsecomp",
        format: "inspect",
        logs: ["a.eval"],
        model: "llama-405b",
        benchmarkVersion: "2026-05",
        benchmarkFields: { language: "en", setting: "tool-free" },
      },
      { "a.eval": { fixture: "log_streaming.eval" } },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result).toMatchObject({ benchmark: "evobrowsecomp", model: "llama-405b", samples: 4 });
  });
});

describe("malformed logs are refused, naming the member and field", () => {
  const detail = (error: BundleError) => error.details[0];

  it("a .eval with neither header nor journal", async () => {
    const error = await refused(() =>
      ingestInspectLog(db, join(FIXTURES, "bad", "no-header.eval"), { benchmark: "qa" }, OPTIONS),
    );
    expect(detail(error)).toMatchObject({
      file: "no-header.eval",
      message: expect.stringContaining("neither header.json nor _journal/start.json"),
    });
  });

  it("a corrupt zstd frame", async () => {
    const error = await refused(() =>
      ingestInspectLog(
        db,
        join(FIXTURES, "bad", "corrupt-zstd.eval"),
        { benchmark: "qa" },
        OPTIONS,
      ),
    );
    expect(detail(error).file).toBe("corrupt-zstd.eval: samples/2_epoch_1.json");
    expect(detail(error).message).toMatch(/zstd/);
  });

  it("a zstd member that decompresses past the size its header states (a bomb): stopped there", async () => {
    // 174 bytes of zstd holding 5,000,000 bytes, stated as 5,000.
    const error = await refused(() =>
      ingestInspectLog(
        db,
        join(FIXTURES, "bad", "zstd-understated.eval"),
        { benchmark: "qa" },
        OPTIONS,
      ),
    );
    expect(detail(error)).toMatchObject({
      file: "zstd-understated.eval: samples/1_epoch_1.json",
      message: "corrupt zstd data: it decompresses past the 5000 bytes the archive states",
    });
  });

  it("every invalid sample of a log is reported, not only the first; nothing is imported", async () => {
    const { samples, ...header } = fixtureJson("log_read_sample.json");
    const [sample] = samples;
    const json = bundle(
      { benchmark: "qa", format: "inspect", logs: ["run.json"], dataset: "every-error" },
      {
        "run.json": JSON.stringify({
          ...header,
          samples: [
            { ...sample, epoch: "one" },
            { ...sample, id: 2, messages: 5 },
            { ...sample, id: 3 },
          ],
        }),
      },
    );
    const error = await refused(() => ingestBundle(db, json, OPTIONS));
    expect(error.details.map((d) => [d.file, d.field])).toEqual([
      ["run.json", "samples.0.epoch"],
      ["run.json", "samples.1.messages"],
    ]);
  });

  it("a sample logged twice in one log (a case variant of its member, a repeated JSON entry): refused, naming both", async () => {
    const { samples, ...header } = fixtureJson("log_read_sample.json");
    const member = JSON.stringify(samples[0]);
    const evalLog = zipOf(tmp, [
      ["header.json", JSON.stringify(header)],
      ["samples/1_epoch_1.json", member],
      ["samples/1_EPOCH_1.json", member],
    ]);
    const dir = bundle({ benchmark: "qa", format: "inspect", logs: ["run.eval"] }, {});
    copyFileSync(evalLog, join(dir, "run.eval"));
    expect(detail(await refused(() => ingestBundle(db, dir, OPTIONS)))).toEqual({
      file: "run.eval: samples/1_EPOCH_1.json",
      line: null,
      field: "epoch",
      message:
        "sample 1, epoch 1 is logged again (first in run.eval: samples/1_epoch_1.json): a log holds each sample once",
    });
    const json = bundle(
      { benchmark: "qa", format: "inspect", logs: ["run.json"] },
      { "run.json": JSON.stringify({ ...header, samples: [samples[0], samples[0]] }) },
    );
    expect(detail(await refused(() => ingestBundle(db, json, OPTIONS)))).toMatchObject({
      file: "run.json: samples.1",
      field: "epoch",
    });
    // The same sample in two logs is two runs, as before.
    const two = bundle(
      { benchmark: "qa", format: "inspect", logs: ["a.json", "b.json"], dataset: "twice" },
      {
        "a.json": JSON.stringify({ ...header, samples }),
        "b.json": JSON.stringify({ ...header, samples }),
      },
    );
    const result = await ingestBundle(db, two, OPTIONS);
    expect((await storedSamples(result.submissionId)).map((s) => s.run)).toEqual([0, 1]);
  });

  it("a dangling attachment reference", async () => {
    const log = fixtureJson("log_read_sample.json");
    (log.samples[0].messages as Record<string, unknown>[])[0].content =
      "attachment://0123456789abcdef";
    const dir = bundle(
      { benchmark: "qa", format: "inspect", logs: ["run.json"] },
      { "run.json": JSON.stringify(log) },
    );
    const error = await refused(() => ingestBundle(db, dir, OPTIONS));
    expect(detail(error)).toMatchObject({
      file: "run.json",
      field: "samples.0.messages.0.content",
      message: "attachment://0123456789abcdef is not among the sample's attachments",
    });
  });

  it("an input_refs range outside the message pool", async () => {
    const log = fixtureJson("log_read_sample.json");
    const sample = log.samples[0];
    sample.messages = [];
    sample.message_pool = [{ role: "user", content: "hi" }];
    const events = sample.events as Record<string, unknown>[];
    const at = events.findIndex((event) => event.event === "model");
    events[at] = { ...events[at], input: [], input_refs: [[0, 3]] };
    const dir = bundle(
      { benchmark: "qa", format: "inspect", logs: ["run.json"] },
      { "run.json": JSON.stringify(log) },
    );
    const error = await refused(() => ingestBundle(db, dir, OPTIONS));
    expect(detail(error)).toMatchObject({
      file: "run.json: samples.0",
      field: `events.${at}.input_refs.0`,
      message: "[0, 3] is outside the message pool (1 messages)",
    });
  });

  it("a log format version past 3", async () => {
    const log = { ...fixtureJson("log_read_sample.json"), version: 4 };
    const dir = bundle(
      { benchmark: "qa", format: "inspect", logs: ["run.json"] },
      { "run.json": JSON.stringify(log) },
    );
    expect(detail(await refused(() => ingestBundle(db, dir, OPTIONS)))).toMatchObject({
      file: "run.json",
      field: "version",
      message: expect.stringContaining("versions read: 1, 2, 3"),
    });
  });

  it("a scorer the log does not have", async () => {
    const dir = bundle(
      { benchmark: "qa", format: "inspect", logs: ["a.eval"], scorer: "f1" },
      { "a.eval": { fixture: "log_streaming.eval" } },
    );
    expect(detail(await refused(() => ingestBundle(db, dir, OPTIONS)))).toMatchObject({
      file: "manifest.json",
      field: "scorer",
      message: expect.stringContaining("match"),
    });
  });

  it("a benchmark with its own format, or a benchmark's fields missing", async () => {
    const mpw = bundle(
      { benchmark: "mpw", format: "inspect", logs: ["a.eval"], model: "m", setting: "A" },
      { "a.eval": { fixture: "log_streaming.eval" } },
    );
    expect(detail(await refused(() => ingestBundle(db, mpw, OPTIONS)))).toMatchObject({
      field: "format",
      message: expect.stringContaining("own format"),
    });
    const evo = bundle(
      {
        benchmark: "evobrowsecomp",
        format: "inspect",
        logs: ["a.eval"],
        benchmarkVersion: "2026-05",
      },
      { "a.eval": { fixture: "log_streaming.eval" } },
    );
    expect(detail(await refused(() => ingestBundle(db, evo, OPTIONS)))).toMatchObject({
      file: "a.eval: samples/1_epoch_1.json",
      line: null,
      field: "benchmark",
    });
  });

  it("a JSON log whose scores hold NaN (Python's json) still reads", async () => {
    const text = readFileSync(join(FIXTURES, "log_read_sample.json"), "utf8").replace(
      '"value": "C"',
      '"value": NaN',
    );
    const dir = bundle(
      { benchmark: "qa", format: "inspect", logs: ["run.json"] },
      { "run.json": text },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    expect((await storedSamples(result.submissionId))[0]).toMatchObject({
      correct: 0,
      verdict_label: "NaN",
    });
  });
});

describe("logs whose references stand for far more than they hold (issue 28)", () => {
  const MiB = 1024 ** 2;
  const written = (name: string, text: string) => {
    const path = join(tmp, name);
    writeFileSync(path, text);
    return path;
  };

  it("one 32 KiB attachment referenced 4,000 times: refused as it expands, nothing stored", async () => {
    const log = written("attached.json", attachmentLog());
    const small = await refused(() =>
      ingestInspectLog(
        db,
        log,
        { benchmark: "qa" },
        { ...OPTIONS, limits: { ...DEFAULT_LIMITS, maxUnpackedBytes: 16 * MiB } },
      ),
    );
    expect(small.details[0]).toMatchObject({
      file: "attached.json",
      field: expect.stringMatching(/^samples\.0\.messages\.\d+\.content$/),
      message:
        "the logs with what they expand to (attachments and input_refs) pass 16777216 bytes, the bundle's unpacked limit",
    });
    // Within the unpacked budget, the sample alone is past what one record may hold.
    const large = await refused(() => ingestInspectLog(db, log, { benchmark: "qa" }, OPTIONS));
    expect(large.details[0].message).toMatch(
      /more than 67108864 bytes, the most one sample may hold/,
    );
  });

  it("a JSON log's own bytes count with what it expands to: together within the unpacked budget", async () => {
    const text = attachmentLog(50, 20_000);
    const log = written("own-bytes.json", text);
    const expands = 50 * (20_000 - "attachment://0123456789abcdef0123456789abcdef".length);
    const own = Buffer.byteLength(text);
    const within = (maxUnpackedBytes: number) => ({
      ...OPTIONS,
      limits: { ...DEFAULT_LIMITS, maxUnpackedBytes },
    });
    // The expansion alone fits; with the log's own bytes it does not.
    const error = await refused(() =>
      ingestInspectLog(db, log, { benchmark: "qa" }, within(expands + Math.floor(own / 2))),
    );
    expect(error.details[0].message).toMatch(
      /^the logs with what they expand to \(attachments and input_refs\) pass \d+ bytes/,
    );
    const result = await ingestInspectLog(db, log, { benchmark: "qa" }, within(expands + own));
    expect(result.samples).toBe(1);
  });

  it("2,000 model events × 24 input_refs of 1.5 KB messages (3.6 MB): refused, not expanded", async () => {
    const log = written("refs.json", inputRefsLog(2000, 24, 2000, 1500));
    const error = await refused(() => ingestInspectLog(db, log, { benchmark: "qa" }, OPTIONS));
    expect(error.details[0]).toMatchObject({
      file: "refs.json: samples.0",
      field: expect.stringMatching(/^events\.1999\.input_refs\.\d+$/),
    });
  });
});
