import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MPW_DEMO_MODELS } from "../lib/benchmarks/mpw/demo-models";
import { generateMpwRecord, type DemoTaskInput } from "../lib/benchmarks/mpw/demo-records";
import { BundleError } from "../lib/import/errors";
import { parseMpwTaskRecord } from "../lib/benchmarks/mpw/import";
import { mpwAggregateReportSchema } from "../lib/benchmarks/mpw/stored";
import { closeDb, type Db } from "./client";
import { openTestDb } from "../test/db";
import { appTables, sqlCount, sqlRows, tableCounts } from "../test/sql";
import { ingestBundle } from "./ingest";

const ROOT = join(__dirname, "..");
const TASK_TEXT = readFileSync(join(ROOT, "demo", "mpw", "mpw_bench.jsonl"), "utf8");
const TASK_LINES = TASK_TEXT.split("\n").filter((l) => l.trim() !== "");
const FIXTURE_RECORD = JSON.parse(
  readFileSync(join(ROOT, "test", "fixtures", "mpw", "result-record.json"), "utf8"),
);
const OPTIONS = { source: "test", status: "approved" } as const;
/** A sample's row with its fact figures (`sample_facts`), as the old single table read. */
const SAMPLES_WITH_FACTS = `SELECT s.*, f.hit_log_calls, f.hits, f.fact_count, f.facts_covered, f.fcr, f.hit_rate,
  f.compound_rate, f.first_covered_at, f.new_facts_by_call, f.hits_by_call
  FROM samples s LEFT JOIN sample_facts f ON f.sample_id = s.id`;
const MANIFEST = {
  benchmark: "mpw",
  model: "M",
  setting: "C",
  tasks: "tasks.jsonl",
  results: ["results.jsonl"],
};

const TASKS: DemoTaskInput[] = TASK_LINES.map((line, i) => {
  const task = parseMpwTaskRecord(JSON.parse(line), "tasks.jsonl", i + 1);
  return {
    index: Number(task.taskKey),
    position: i,
    category: "Real sample",
    question: task.question ?? "",
    answer: task.goldAnswer ?? "",
    atomicFacts: task.atomicFacts,
  };
});

function records(
  modelIndex: number,
  judgeVariant: "answer" | "judge_response" | "evaluation" = "answer",
): Record<string, any>[] {
  return TASKS.map((t) =>
    generateMpwRecord(t, { model: MPW_DEMO_MODELS[modelIndex], setting: "C", judgeVariant }),
  );
}

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

let tmp: string;
let db: Db;
let counter = 0;

/** Writes a bundle directory; `files` maps names to contents (manifest included unless left out). */
function bundle(files: Record<string, string | null>, manifest: unknown = MANIFEST): string {
  const dir = join(tmp, `bundle-${counter++}`);
  mkdirSync(dir, { recursive: true });
  if (manifest !== null)
    writeFileSync(
      join(dir, "manifest.json"),
      typeof manifest === "string" ? manifest : JSON.stringify(manifest),
    );
  for (const [name, content] of Object.entries(files))
    if (content !== null) writeFileSync(join(dir, name), content);
  return dir;
}

const TABLES = ["benchmarks", "tasks", "submissions", "samples", "steps", "hit_logs", "aggregates"];

async function counts(): Promise<Record<string, number>> {
  const names = await appTables(db);
  for (const t of TABLES) expect(names).toContain(t);
  return tableCounts(db, names);
}

const rowsOf = (sql: string, ...params: unknown[]) => sqlRows(db, sql, ...params);
const countOf = (sql: string, ...params: unknown[]) => sqlCount(db, sql, ...params);

/** Generous explicit limits, for tests of archive handling that must not depend on DEFAULT_LIMITS. */
const LIMITS = { maxUnpackedBytes: 1 << 30, maxFiles: 1000 };

async function bundleErrorOf(path: string, limits?: typeof LIMITS): Promise<BundleError> {
  try {
    await ingestBundle(db, path, limits ? { ...OPTIONS, limits } : OPTIONS);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return error as BundleError;
  }
  throw new Error(`expected ${path} to be refused`);
}

/** Expected per-sample figures straight from the definitions in metrics.md, computed from the raw record. */
function expectedFromRecord(r: Record<string, any>) {
  const facts = new Set(
    Object.keys(r.trajectory_log.world_truth_info.atomic_facts).map((k: string) => k.trim()),
  );
  const matched = new Set<string>();
  for (const h of r.trajectory_log.hit_logs)
    for (const k of h.matched_fact_keys) matched.add(k.trim());
  const covered = [...matched].filter((k) => facts.has(k)).length;
  const T = r.trajectory_log.hit_logs.length;
  const hits = r.trajectory_log.hit_logs.filter((h: any) => h.hit).length;
  const correct =
    r.judge_status === "skipped"
      ? false
      : r.answer !== undefined
        ? r.answer === "Correct"
        : r.judge_status === "success"
          ? /<answer>\s*Correct\s*<\/answer>/.test(r.judge_response)
          : r.evaluation?.judgment === "Correct";
  return {
    fcr: facts.size === 0 ? null : covered / facts.size,
    hitRate: T === 0 ? 0 : hits / T,
    toolCalls: r.trajectory_log.tool_calls.length,
    hitLogCalls: T,
    correct,
    status: r.status,
  };
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-ingest-test-"));
  db = await openTestDb(join(tmp, "db", "test.db"));
});

afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("ingestBundle: a good bundle", () => {
  const good = records(0, "answer");
  let goodDir: string;
  let firstId: number;
  let fixtureDir: string;
  let fixtureId: number;

  it("writes samples, steps, hit logs and aggregates", async () => {
    goodDir = bundle({ "tasks.jsonl": TASK_TEXT, "results.jsonl": jsonl(good) });
    const before = await counts();
    const result = await ingestBundle(db, goodDir, OPTIONS);
    firstId = result.submissionId;
    expect(result).toMatchObject({
      benchmark: "mpw",
      model: "M",
      setting: "C",
      samples: 3,
      tasks: 3,
      duplicate: false,
    });
    const after = await counts();
    expect(after.submissions - before.submissions).toBe(1);
    expect(after.samples - before.samples).toBe(3);
    expect(after.tasks - before.tasks).toBe(3);
    const expectedHitLogs = good.reduce((n, r) => n + r.trajectory_log.hit_logs.length, 0);
    expect(after.hit_logs - before.hit_logs).toBe(expectedHitLogs);
    // every sample has at least the system prompt and the question as steps
    expect(after.steps - before.steps).toBeGreaterThanOrEqual(3 * 2);
    // splits: overall, tier:easy (4 facts each), category:Real sample
    expect(
      (
        await rowsOf("SELECT split FROM aggregates WHERE submission_id = ? ORDER BY split", firstId)
      ).map((r) => r.split),
    ).toEqual(["category:Real sample", "overall", "tier:easy"]);
  });

  it("stores per-sample metrics that match the definitions", async () => {
    const samples = await rowsOf(
      `${SAMPLES_WITH_FACTS} WHERE s.submission_id = ? ORDER BY s.task_key`,
      firstId,
    );
    expect(samples.map((s) => [s.task_key, s.run])).toEqual([
      ["0", 0],
      ["1", 0],
      ["2", 0],
    ]);
    for (const [i, s] of samples.entries()) {
      const e = expectedFromRecord(good[i]);
      expect(s.fcr).toBeCloseTo(e.fcr!, 12);
      expect(s.hit_rate).toBeCloseTo(e.hitRate, 12);
      expect(s.tool_calls).toBe(e.toolCalls);
      expect(s.hit_log_calls).toBe(e.hitLogCalls);
      expect(s.correct).toBe(e.correct ? 1 : 0);
      expect(s.status).toBe(e.status);
      expect(s.fact_count).toBe(4);
      expect(s.tier).toBe("easy");
      const steps = await countOf("SELECT count(*) AS c FROM steps WHERE sample_id = ?", s.id);
      expect(steps).toBe(s.step_count);
      // calls in the steps are numbered 1..n
      const callIdx = (
        await rowsOf(
          "SELECT call_index FROM steps WHERE sample_id = ? AND kind = 'tool_call' ORDER BY ordinal",
          s.id,
        )
      ).map((r) => r.call_index);
      expect(callIdx).toEqual(Array.from({ length: callIdx.length }, (_, k) => k + 1));
    }
    const overall = (
      await rowsOf(
        "SELECT * FROM aggregates WHERE submission_id = ? AND split = 'overall'",
        firstId,
      )
    )[0];
    const exp = good.map(expectedFromRecord);
    expect(overall.n).toBe(3);
    expect(overall.primary).toBeCloseTo(exp.filter((e) => e.correct).length / 3, 12);
    const report = mpwAggregateReportSchema.parse(JSON.parse(overall.metrics));
    expect(report.pass1.value).toBe(overall.primary);
    expect(report.fcr.value).toBeCloseTo(exp.reduce((a, e) => a + e.fcr!, 0) / 3, 12);
    expect(report.zeroCallSamples).toBe(exp.filter((e) => e.hitLogCalls === 0).length);
    const tasks = await rowsOf("SELECT * FROM tasks WHERE benchmark_id = 'mpw' ORDER BY task_key");
    expect(tasks.map((t) => [t.task_key, t.fact_count, t.tier, t.language])).toEqual([
      ["0", 4, "easy", "zh"],
      ["1", 4, "easy", "zh"],
      ["2", 4, "easy", "zh"],
    ]);
  });

  it("the same bundle twice is a duplicate: same id, no new rows", async () => {
    const before = await counts();
    const again = await ingestBundle(db, goodDir, OPTIONS);
    expect(again).toMatchObject({ submissionId: firstId, duplicate: true, samples: 3 });
    expect(await counts()).toEqual(before);
  });

  it("the same bundle as .zip (wrapped in a folder) is recognised as a duplicate", async () => {
    const zipPath = join(tmp, "good.zip");
    const parent = join(tmp, "zip-src");
    cpSync(goodDir, join(parent, "my-bundle"), { recursive: true });
    execFileSync("zip", ["-q", "-r", "-X", zipPath, "my-bundle"], { cwd: parent });
    const before = await counts();
    const result = await ingestBundle(db, zipPath, OPTIONS);
    expect(result).toMatchObject({ submissionId: firstId, duplicate: true });
    expect(await counts()).toEqual(before);
  });

  it("the same bundle as .tar.gz is recognised as a duplicate", async () => {
    const tgz = join(tmp, "good.tar.gz");
    await tar.c({ gzip: true, file: tgz, cwd: goodDir }, [
      "manifest.json",
      "tasks.jsonl",
      "results.jsonl",
    ]);
    const before = await counts();
    const result = await ingestBundle(db, tgz, OPTIONS);
    expect(result).toMatchObject({ submissionId: firstId, duplicate: true });
    expect(await counts()).toEqual(before);
  });

  it("with explicit limits, the .zip and .tar.gz forms are duplicates too (archive handling itself works)", async () => {
    const zipPath = join(tmp, "good-flat.zip");
    execFileSync("zip", ["-q", "-X", zipPath, "manifest.json", "tasks.jsonl", "results.jsonl"], {
      cwd: goodDir,
    });
    const tgz = join(tmp, "good-wrapped.tar.gz");
    const parent = join(tmp, "tar-src");
    cpSync(goodDir, join(parent, "wrapped"), { recursive: true });
    await tar.c({ gzip: true, file: tgz, cwd: parent }, ["wrapped"]);
    const before = await counts();
    for (const path of [zipPath, tgz]) {
      const result = await ingestBundle(db, path, { ...OPTIONS, limits: LIMITS });
      expect(result).toMatchObject({ submissionId: firstId, duplicate: true });
    }
    expect(await counts()).toEqual(before);
  });

  it("an archive over the unpacked-size budget is refused", async () => {
    const zipPath = join(tmp, "good-flat-2.zip");
    execFileSync("zip", ["-q", "-X", zipPath, "manifest.json", "tasks.jsonl", "results.jsonl"], {
      cwd: goodDir,
    });
    const before = await counts();
    const err = await bundleErrorOf(zipPath, { maxUnpackedBytes: 100, maxFiles: 1000 });
    expect(err.message).toMatch(/100 bytes/);
    expect(await counts()).toEqual(before);
    const err2 = await bundleErrorOf(zipPath, { maxUnpackedBytes: 1 << 30, maxFiles: 2 });
    expect(err2.message).toMatch(/more than 2 files/);
  });

  it("a directory bundle whose named files exceed the unpacked budget is refused: the budget counts what the import reads", async () => {
    const before = await counts();
    const err = await bundleErrorOf(goodDir, { maxUnpackedBytes: 100, maxFiles: 1000 });
    expect(err.details[0]).toMatchObject({ message: expect.stringMatching(/more than 100 bytes/) });
    expect(await counts()).toEqual(before);
  });

  it("the fixture record's hand-computed figures are stored", async () => {
    const dir = bundle(
      { "tasks.jsonl": TASK_TEXT, "results.jsonl": jsonl([FIXTURE_RECORD]) },
      { ...MANIFEST, model: "Fixture" },
    );
    fixtureDir = dir;
    const first = await ingestBundle(db, dir, OPTIONS);
    fixtureId = first.submissionId;
    expect(first).toMatchObject({
      duplicate: false,
      samples: 1,
      tasks: 1,
      model: "Fixture",
      malformedSteps: 0,
    });

    // The fixture's hand-computed figures (see lib/benchmarks/mpw/import.test.ts): FCR 2/4, HitRate 3/4, 4 calls.
    const [s] = await rowsOf(`${SAMPLES_WITH_FACTS} WHERE s.submission_id = ?`, fixtureId);
    expect(s).toMatchObject({
      task_key: "0",
      run: 0,
      fcr: 0.5,
      hit_rate: 0.75,
      tool_calls: 4,
      hits: 3,
      correct: 1,
      tier: "easy",
      status: "finished",
    });
    expect(s.compound_rate).toBe(0.25);
    expect(JSON.parse(s.first_covered_at)).toEqual({
      "2027年温布尔登男单冠军": 1,
      决赛对手: 3,
      决赛比分: null,
      夺冠场地: null,
    });
    expect(await countOf("SELECT count(*) AS c FROM steps WHERE sample_id = ?", s.id)).toBe(16);
    const hitLogs = await rowsOf(
      "SELECT call_index, hit, compound, matched_fact_keys FROM hit_logs WHERE sample_id = ? ORDER BY call_index",
      s.id,
    );
    // JSON columns compared parsed: their text differs by engine (drizzle's JSON.stringify here, PostgreSQL's own output there: spacing may differ).
    expect(
      hitLogs.map((h) => ({ ...h, matched_fact_keys: JSON.parse(h.matched_fact_keys) })),
    ).toEqual([
      { call_index: 1, hit: 1, compound: 0, matched_fact_keys: ["2027年温布尔登男单冠军"] },
      { call_index: 2, hit: 0, compound: 1, matched_fact_keys: [] },
      { call_index: 3, hit: 1, compound: 0, matched_fact_keys: ["决赛对手"] },
      { call_index: 4, hit: 1, compound: 0, matched_fact_keys: [" 2027年温布尔登男单冠军 "] },
    ]);
    const aggs = (
      await rowsOf(
        'SELECT split, n, "primary", metrics FROM aggregates WHERE submission_id = ? ORDER BY split',
        fixtureId,
      )
    ).map(({ metrics, ...row }) => {
      const report = mpwAggregateReportSchema.parse(JSON.parse(metrics));
      return {
        split: row.split,
        n: row.n,
        pass1: row.primary,
        fcr: report.fcr.value,
        hit_rate: report.hitRate.value,
        tool_calls: report.toolCalls.value,
      };
    });
    expect(aggs).toEqual([
      { split: "category:Tennis", n: 1, pass1: 1, fcr: 0.5, hit_rate: 0.75, tool_calls: 4 },
      { split: "overall", n: 1, pass1: 1, fcr: 0.5, hit_rate: 0.75, tool_calls: 4 },
      { split: "tier:easy", n: 1, pass1: 1, fcr: 0.5, hit_rate: 0.75, tool_calls: 4 },
    ]);
  });

  it("the fixture bundle as .tar.gz (default limits) is a duplicate of its directory form", async () => {
    const tgz = join(tmp, "fixture.tgz");
    await tar.c({ gzip: true, file: tgz, cwd: fixtureDir }, [
      "manifest.json",
      "tasks.jsonl",
      "results.jsonl",
    ]);
    const before = await counts();
    expect(await ingestBundle(db, tgz, OPTIONS)).toMatchObject({
      submissionId: fixtureId,
      duplicate: true,
    });
    expect(await counts()).toEqual(before);
  });

  it("a new bundle can arrive as a .zip first (explicit limits)", async () => {
    const dir = bundle(
      { "results.jsonl": jsonl([FIXTURE_RECORD]) },
      { benchmark: "mpw", model: "Zipped", setting: "B-guidance", results: ["results.jsonl"] },
    );
    const zipPath = join(tmp, "zipped.zip");
    execFileSync("zip", ["-q", "-X", zipPath, "manifest.json", "results.jsonl"], { cwd: dir });
    const before = await counts();
    const result = await ingestBundle(db, zipPath, { ...OPTIONS, limits: LIMITS });
    expect(result).toMatchObject({
      duplicate: false,
      samples: 1,
      model: "Zipped",
      setting: "B-guidance",
    });
    expect((await counts()).samples).toBe(before.samples + 1);
    expect((await ingestBundle(db, dir, OPTIONS)).submissionId).toBe(result.submissionId);
  });

  it("a bundle without a tasks file imports from the records alone", async () => {
    const dir = bundle(
      { "results.jsonl": jsonl(records(1, "evaluation")) },
      { benchmark: "mpw", model: "NoTasks", setting: "C", results: ["results.jsonl"] },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result).toMatchObject({ duplicate: false, samples: 3, tasks: 3 });
  });
});

describe("ingestBundle: judge model and usage", () => {
  it("the manifest's judgeModel is the submission's; MPW records name no judge and report no usage", async () => {
    const declared = await ingestBundle(
      db,
      bundle(
        { "results.jsonl": jsonl(records(2)) },
        { ...MANIFEST, model: "Declared judge", judgeModel: " gpt-4.1 ", tasks: undefined },
      ),
      OPTIONS,
    );
    const silent = await ingestBundle(
      db,
      bundle(
        { "results.jsonl": jsonl(records(3)) },
        { ...MANIFEST, model: "Silent judge", tasks: undefined },
      ),
      OPTIONS,
    );
    expect(
      await rowsOf(
        "SELECT id, judge_model FROM submissions WHERE id IN (?, ?) ORDER BY id",
        declared.submissionId,
        silent.submissionId,
      ),
    ).toEqual([
      { id: declared.submissionId, judge_model: "gpt-4.1" },
      { id: silent.submissionId, judge_model: null },
    ]);
    const usage = await rowsOf(
      "SELECT DISTINCT prompt_tokens, completion_tokens, cost_usd, seconds FROM samples WHERE submission_id IN (?, ?)",
      declared.submissionId,
      silent.submissionId,
    );
    expect(usage).toEqual([
      { prompt_tokens: null, completion_tokens: null, cost_usd: null, seconds: null },
    ]);
  });
});

describe("ingestBundle: stored task", () => {
  it("the task's fact count and tier are |F| after trimming, as the sample's", async () => {
    const r = JSON.parse(JSON.stringify(FIXTURE_RECORD));
    r.index = 900;
    // 6 raw keys; " 决赛对手 " duplicates "决赛对手" after trimming and "  " is blank → |F| = 4 → easy
    r.trajectory_log.world_truth_info.atomic_facts = {
      ...r.trajectory_log.world_truth_info.atomic_facts,
      " 决赛对手 ": "Jannik Sinner",
      "  ": "",
    };
    const dir = bundle(
      { "results.jsonl": jsonl([r]) },
      { benchmark: "mpw", model: "Padded keys", setting: "C", results: ["results.jsonl"] },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    const [s] = await rowsOf(
      "SELECT f.fact_count, f.fcr, s.tier, s.task_id FROM samples s JOIN sample_facts f ON f.sample_id = s.id WHERE s.submission_id = ?",
      result.submissionId,
    );
    expect(s).toMatchObject({ fact_count: 4, fcr: 0.5, tier: "easy" });
    const [t] = await rowsOf("SELECT fact_count, tier FROM tasks WHERE id = ?", s.task_id);
    expect(t).toEqual({ fact_count: 4, tier: "easy" });
  });

  it("stores how the submission arrived", async () => {
    const subs = await rowsOf("SELECT DISTINCT status, source FROM submissions");
    expect(subs).toEqual([{ status: "approved", source: "test" }]);
  });
});

describe("ingestBundle: runs", () => {
  it("several results files holding the same task index → run 0 and run 1", async () => {
    const a = records(2, "judge_response");
    const b = records(3, "answer");
    const dir = bundle(
      { "tasks.jsonl": TASK_TEXT, "run1.jsonl": jsonl(a), "run2.jsonl": jsonl(b) },
      { ...MANIFEST, model: "Runs", results: ["run1.jsonl", "run2.jsonl"] },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result).toMatchObject({ samples: 6, tasks: 3, duplicate: false });
    const rows = await rowsOf(
      "SELECT task_key, run, source_file, source_line FROM samples WHERE submission_id = ? ORDER BY task_key, run",
      result.submissionId,
    );
    expect(rows).toEqual([
      { task_key: "0", run: 0, source_file: "run1.jsonl", source_line: 1 },
      { task_key: "0", run: 1, source_file: "run2.jsonl", source_line: 1 },
      { task_key: "1", run: 0, source_file: "run1.jsonl", source_line: 2 },
      { task_key: "1", run: 1, source_file: "run2.jsonl", source_line: 2 },
      { task_key: "2", run: 0, source_file: "run1.jsonl", source_line: 3 },
      { task_key: "2", run: 1, source_file: "run2.jsonl", source_line: 3 },
    ]);
    const sub = (
      await rowsOf(
        "SELECT sample_count, task_count, runs FROM submissions WHERE id = ?",
        result.submissionId,
      )
    )[0];
    expect(sub).toEqual({ sample_count: 6, task_count: 3, runs: 2 });
    // The tasks are shared with the earlier submissions, not duplicated.
    expect(
      await countOf(
        "SELECT count(*) AS c FROM tasks WHERE benchmark_id = 'mpw' AND benchmark_version = 'v1' AND task_key IN ('0', '1', '2')",
      ),
    ).toBe(3);
    const taskIds = (
      await rowsOf("SELECT DISTINCT task_id FROM samples WHERE task_key IN ('0', '1', '2')")
    ).map((r) => r.task_id);
    expect(taskIds).toHaveLength(3);
  });
});

describe("ingestBundle: malformed bundles are refused and leave the database unchanged", () => {
  const goodResults = () => jsonl(records(4));

  async function refused(path: string, limits?: typeof LIMITS): Promise<BundleError> {
    const before = await counts();
    const error = await bundleErrorOf(path, limits);
    expect(await counts()).toEqual(before);
    return error;
  }

  it("missing manifest", async () => {
    const err = await refused(
      bundle({ "tasks.jsonl": TASK_TEXT, "results.jsonl": goodResults() }, null),
    );
    expect(err.details[0].file).toBe("manifest.json");
  });

  it("manifest is invalid JSON", async () => {
    const err = await refused(
      bundle({ "results.jsonl": goodResults() }, '{"benchmark": "mpw", "model": '),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json" });
    expect(err.message).toMatch(/JSON/);
  });

  it("a name with invisible or direction-changing characters: each field named with its characters", async () => {
    const err = await refused(
      bundle(
        { "results.jsonl": goodResults() },
        { ...MANIFEST, model: "GPT\u202e-4o", agent: "Re\u200bAct", setting: "C" },
      ),
    );
    expect(err.details).toEqual([
      expect.objectContaining({
        file: "manifest.json",
        field: "model",
        message: expect.stringContaining("U+202E"),
      }),
      expect.objectContaining({ field: "agent", message: expect.stringContaining("U+200B") }),
    ]);
    const isolate = await refused(
      bundle({ "results.jsonl": goodResults() }, { ...MANIFEST, model: "\u2066Atlas\u2069" }),
    );
    expect(isolate.details[0].message).toContain("U+2066, U+2069");
  });

  it("unknown benchmark", async () => {
    const err = await refused(
      bundle({ "results.jsonl": goodResults() }, { ...MANIFEST, benchmark: "nope" }),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "benchmark" });
  });

  it("a benchmark name that is an Object.prototype key is an unknown benchmark, not a crash", async () => {
    const err = await refused(
      bundle({ "results.jsonl": goodResults() }, { ...MANIFEST, benchmark: "constructor" }),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "benchmark" });
  });

  it("bad setting", async () => {
    const err = await refused(
      bundle({ "results.jsonl": goodResults() }, { ...MANIFEST, setting: "D" }),
    );
    expect(err.details).toContainEqual(
      expect.objectContaining({ file: "manifest.json", field: "setting" }),
    );
  });

  it("an empty judgeModel is refused", async () => {
    const err = await refused(
      bundle({ "results.jsonl": goodResults() }, { ...MANIFEST, judgeModel: "  " }),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "judgeModel" });
  });

  it("results file missing", async () => {
    const err = await refused(bundle({ "tasks.jsonl": TASK_TEXT }));
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "results.0" });
    expect(err.message).toContain("results.jsonl");
  });

  it("a results path leaving the bundle", async () => {
    const err = await refused(
      bundle({ "tasks.jsonl": TASK_TEXT }, { ...MANIFEST, results: ["../outside.jsonl"] }),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "results.0" });
  });

  it("invalid JSON on line 3 of the results", async () => {
    const lines = goodResults().split("\n");
    lines[2] = lines[2].slice(0, -5);
    const err = await refused(
      bundle({ "tasks.jsonl": TASK_TEXT, "results.jsonl": lines.join("\n") }),
    );
    expect(err.details[0]).toMatchObject({ file: "results.jsonl", line: 3 });
    expect(err.message).toContain("line 3");
  });

  it("a record with a wrong field type on line 2 (after new tasks and a good line 1 were written)", async () => {
    const rows = records(4);
    rows[1].trajectory_log.hit_logs = [
      { query: "q", is_compound_query: false, hit: 1, matched_fact_keys: "决赛对手", reason: "" },
    ];
    // A new benchmark version: its tasks are new rows, which must be rolled back too.
    const err = await refused(
      bundle(
        { "tasks.jsonl": TASK_TEXT, "results.jsonl": jsonl(rows) },
        { ...MANIFEST, benchmarkVersion: "v-new" },
      ),
    );
    expect(err.details).toContainEqual(
      expect.objectContaining({
        file: "results.jsonl",
        line: 2,
        field: "trajectory_log.hit_logs.0.matched_fact_keys",
      }),
    );
  });

  it("a bad line in the tasks file", async () => {
    const tasks = TASK_LINES.slice();
    tasks[1] = JSON.stringify({ ...JSON.parse(tasks[1]), index: 1.5 });
    const err = await refused(
      bundle(
        { "tasks.jsonl": `${tasks.join("\n")}\n`, "results.jsonl": goodResults() },
        { ...MANIFEST, benchmarkVersion: "v-bad-task" },
      ),
    );
    expect(err.details).toContainEqual(
      expect.objectContaining({ file: "tasks.jsonl", line: 2, field: "index" }),
    );
  });

  it("empty results", async () => {
    const err = await refused(
      bundle(
        { "tasks.jsonl": TASK_TEXT, "results.jsonl": "\n\n" },
        { ...MANIFEST, benchmarkVersion: "v-empty" },
      ),
    );
    expect(err.details[0].file).toBe("results.jsonl");
  });

  it("a zip entry with a ../ path", async () => {
    const evil = `seekboard-evil-${process.pid}-${Date.now()}.txt`;
    const src = bundle(
      { "tasks.jsonl": TASK_TEXT, "results.jsonl": goodResults() },
      { ...MANIFEST, model: "Evil zip" },
    );
    const zipPath = join(tmp, "evil.zip");
    const py = [
      "import sys, zipfile, os",
      "src, out, evil = sys.argv[1], sys.argv[2], sys.argv[3]",
      "with zipfile.ZipFile(out, 'w') as z:",
      "    for n in ['manifest.json', 'tasks.jsonl', 'results.jsonl']: z.write(os.path.join(src, n), n)",
      "    z.writestr('../' + evil, 'pwned')",
    ].join("\n");
    execFileSync("python3", ["-c", py, src, zipPath, evil]);
    // Explicit limits: the refusal must come from the path check, not from the size budget.
    const err = await refused(zipPath, LIMITS);
    expect(err.message).toMatch(/\.\.|outside/);
    expect(existsSync(join(tmpdir(), evil))).toBe(false);
  });

  it("a .tar.gz entry with a ../ path", async () => {
    const evil = `seekboard-evil-${process.pid}-${Date.now()}.txt`;
    const src = bundle(
      { "tasks.jsonl": TASK_TEXT, "results.jsonl": goodResults() },
      { ...MANIFEST, model: "Evil tar" },
    );
    writeFileSync(join(tmp, evil), "pwned");
    const tgz = join(tmp, "evil.tar.gz");
    await tar.c({ gzip: true, file: tgz, cwd: src, preservePaths: true }, [
      "manifest.json",
      "tasks.jsonl",
      "results.jsonl",
      `../${evil}`,
    ]);
    rmSync(join(tmp, evil));
    const err = await refused(tgz, LIMITS);
    expect(err.message).toMatch(/\.\.|outside|evil/);
    expect(existsSync(join(tmpdir(), evil))).toBe(false);
  });

  it("a file that is neither a directory nor an archive", async () => {
    const p = join(tmp, "bundle.txt");
    writeFileSync(p, "hello");
    await refused(p);
  });

  it("a corrupt zip", async () => {
    const p = join(tmp, "corrupt.zip");
    writeFileSync(p, "PK\u0003\u0004 not really a zip");
    await refused(p);
  });
});

describe("ingestBundle: names that are Object.prototype keys", () => {
  const NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty"];
  /** One record per name: the name is its status, its category and its one fact key, which its only search covers. */
  const recordText = (name: string, i: number) => {
    const record = {
      ...FIXTURE_RECORD,
      index: 900 + i,
      category: "CATEGORY",
      status: "STATUS",
      trajectory_log: {
        ...FIXTURE_RECORD.trajectory_log,
        tool_calls: [{ tool_name: "web_search", query: "q", hit: 1 }],
        hit_logs: [{ query: "q", is_compound_query: false, hit: 1, matched_fact_keys: ["FACT"] }],
        world_truth_info: {
          ...FIXTURE_RECORD.trajectory_log.world_truth_info,
          atomic_facts: { FACT: "v" },
        },
      },
    };
    // Written as text: an object literal's "__proto__" key would set the prototype, not a key.
    return JSON.stringify(record)
      .replace('"CATEGORY"', JSON.stringify(name))
      .replace('"STATUS"', JSON.stringify(name))
      .replace('{"FACT":"v"}', `{${JSON.stringify(name)}:"v"}`)
      .replace('["FACT"]', `[${JSON.stringify(name)}]`);
  };

  it("counts, splits and covers them like any other name", async () => {
    const dir = bundle(
      { "results.jsonl": NAMES.map(recordText).join("\n") + "\n" },
      { ...MANIFEST, model: "Prototype keys", tasks: undefined },
    );
    const { submissionId } = await ingestBundle(db, dir, OPTIONS);
    const aggregates = await rowsOf(
      "SELECT split, n, status_counts FROM aggregates WHERE submission_id = ? ORDER BY split",
      submissionId,
    );
    expect(aggregates.map((a) => [a.split, a.n])).toEqual([
      ...[...NAMES.map((n) => `category:${n}`), "overall", "tier:easy"]
        .sort()
        .map((split) => [split, split === "overall" || split === "tier:easy" ? 4 : 1]),
    ]);
    // JSON compared parsed (the text may differ by engine); JSON.parse makes "__proto__" an own key, as the stored text has it.
    const counted = (names: string[]) =>
      JSON.parse(`{${names.map((n) => `${JSON.stringify(n)}:1`).join(",")}}`);
    const overall = aggregates.find((a) => a.split === "overall")!;
    expect(Object.keys(JSON.parse(overall.status_counts)).sort()).toEqual([...NAMES].sort());
    expect(JSON.parse(overall.status_counts)).toEqual(counted(NAMES));
    for (const name of NAMES) {
      const statusCounts = JSON.parse(
        aggregates.find((a) => a.split === `category:${name}`)!.status_counts,
      );
      expect(Object.keys(statusCounts)).toEqual([name]);
      expect(statusCounts).toEqual(counted([name]));
    }
    const samples = await rowsOf(
      "SELECT s.status, f.fcr, f.first_covered_at FROM samples s JOIN sample_facts f ON f.sample_id = s.id WHERE s.submission_id = ? ORDER BY s.id",
      submissionId,
    );
    expect(
      samples.map((s) => ({ ...s, first_covered_at: JSON.parse(s.first_covered_at) })),
    ).toEqual(NAMES.map((name) => ({ status: name, fcr: 1, first_covered_at: counted([name]) })));
    for (const [i, name] of NAMES.entries())
      expect(Object.keys(JSON.parse(samples[i].first_covered_at))).toEqual([name]);
  });
});

describe("progress", () => {
  it("an invalid bundle is read to its end without writing, and held to the import's deadline all the same", async () => {
    // A bad first record, then more than one read chunk (1 MiB) of records: after the first
    // error no sample reaches the writer, so only the bytes read can tell the deadline.
    const [first, ...rest] = records(0);
    const many = Array.from({ length: 3000 }, (_, i) => rest[i % rest.length]);
    const results = jsonl([{ ...first, index: null }, ...many]);
    expect(Buffer.byteLength(results)).toBeGreaterThan(2 * 1024 ** 2);
    const dir = bundle(
      { "tasks.jsonl": TASK_LINES.join("\n") + "\n", "results.jsonl": results },
      { ...MANIFEST, model: "Deadline" },
    );
    const deadline = BundleError.at("bundle", null, null, "the import took longer than 1 ms");
    const error = await ingestBundle(db, dir, {
      ...OPTIONS,
      onProgress: ({ done }) => {
        if (done > 1.5 * 1024 ** 2) throw deadline;
      },
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleError);
    const { details } = error as BundleError;
    expect(details[0]).toMatchObject({ file: "results.jsonl", line: 1, field: "index" });
    expect(details.at(-1)).toEqual(deadline.details[0]);
  });

  it("reports the bytes of the named files read, of their total, and the samples written, ending at every byte and sample", async () => {
    const tasks = TASK_LINES.join("\n") + "\n";
    const results = jsonl(records(4));
    const dir = bundle(
      { "tasks.jsonl": tasks, "results.jsonl": results },
      { ...MANIFEST, model: "Progress" },
    );
    const seen: { done: number; total: number; samples: number }[] = [];
    const result = await ingestBundle(db, dir, {
      ...OPTIONS,
      onProgress: (progress) => seen.push(progress),
    });
    const total =
      Buffer.byteLength(JSON.stringify({ ...MANIFEST, model: "Progress" })) +
      Buffer.byteLength(tasks) +
      Buffer.byteLength(results);
    // Told as each file is read (the tasks, then the results, before any sample), then per sample.
    expect(seen.map((p) => p.samples)).toEqual([0, 0, 1, 2, 3]);
    expect(seen.every((p) => p.total === total && p.done <= total)).toBe(true);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
    // Small files are read in one chunk each: every byte is read by the first sample.
    expect(seen.at(-1)).toEqual({ done: total, total, samples: result.samples });
  });
});
