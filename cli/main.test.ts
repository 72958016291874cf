import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MPW_DEMO_MODELS } from "../lib/benchmarks/mpw/demo-models";
import { generateMpwRecord } from "../lib/benchmarks/mpw/demo-records";
import { parseMpwTaskRecord } from "../lib/benchmarks/mpw/import";
import { runCli } from "./run-cli";
import { testDatabaseTarget } from "../test/db";
import { closeDb, openDb } from "../db/client";
import { dataVersion, PUBLIC_DATA } from "../db/jobs/data-version";

const ROOT = join(__dirname, "..");
const TASK_TEXT = readFileSync(join(ROOT, "demo", "mpw", "mpw_bench.jsonl"), "utf8");
const FIXTURE_RECORD = readFileSync(
  join(ROOT, "test", "fixtures", "mpw", "result-record.json"),
  "utf8",
);
const MANIFEST = {
  benchmark: "mpw",
  model: "M",
  setting: "C",
  tasks: "tasks.jsonl",
  results: ["results.jsonl"],
};

const cli = (...args: string[]) => runCli(args);

let tmp: string;
let dbPath: string;
let demoBundle: string;
let fixtureBundle: string;
let badBundle: string;

function writeBundle(name: string, results: string, manifest: unknown = MANIFEST): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(dir, "tasks.jsonl"), TASK_TEXT);
  writeFileSync(join(dir, "results.jsonl"), results);
  return dir;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-test-"));
  dbPath = testDatabaseTarget(join(tmp, "cli.db"));
  const tasks = TASK_TEXT.split("\n")
    .filter((l) => l.trim() !== "")
    .map((line, i) => parseMpwTaskRecord(JSON.parse(line), "tasks.jsonl", i + 1));
  const records = tasks.map((t, i) =>
    generateMpwRecord(
      {
        index: Number(t.taskKey),
        position: i,
        category: "Real sample",
        question: t.question ?? "",
        answer: t.goldAnswer ?? "",
        atomicFacts: t.atomicFacts,
      },
      { model: MPW_DEMO_MODELS[0], setting: "C", judgeVariant: "judge_response" },
    ),
  );
  demoBundle = writeBundle("demo", records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  fixtureBundle = writeBundle("fixture", `${JSON.stringify(JSON.parse(FIXTURE_RECORD))}\n`, {
    ...MANIFEST,
    model: "Fixture",
  });
  const lines = records.map((r) => JSON.stringify(r));
  lines[2] = lines[2].slice(0, 40);
  badBundle = writeBundle("bad", lines.join("\n") + "\n", { ...MANIFEST, model: "Bad" });
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("cli ingest / metrics", () => {
  let demoId: number;
  let fixtureId: number;

  it("ingest prints the submission as JSON", async () => {
    const run = await cli("ingest", demoBundle, "--db", dbPath);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toHaveProperty("submissionId");
    expect(out).toHaveProperty("samples", 3);
    expect(Number.isInteger(out.submissionId)).toBe(true);
    expect(out.duplicate).toBe(false);
    demoId = out.submissionId;

    const fixture = JSON.parse((await cli("ingest", fixtureBundle, "--db", dbPath)).stdout);
    expect(fixture).toMatchObject({ samples: 1, duplicate: false });
    fixtureId = fixture.submissionId;
    expect(fixtureId).not.toBe(demoId);
    // Each approved import moves the public data version the servers validate public pages by.
    const db = await openDb(dbPath);
    try {
      expect(await dataVersion(db, PUBLIC_DATA)).toBe(2);
    } finally {
      await closeDb(db);
    }
  });

  it("ingesting the same bundle again reports the same id as a duplicate", async () => {
    const run = await cli("ingest", demoBundle, "--db", dbPath);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      submissionId: demoId,
      duplicate: true,
      samples: 3,
    });
  });

  it("metrics --json follows the contract", async () => {
    const run = await cli("metrics", String(demoId), "--db", dbPath, "--json");
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.benchmark).toBe("mpw");
    for (const key of ["pass1", "fcr", "hitRate", "toolCalls", "n"])
      expect(out.aggregate).toHaveProperty(key);
    expect(out.aggregate.n).toBe(3);
    for (const key of ["pass1", "fcr", "hitRate"]) {
      expect(out.aggregate[key]).toBeGreaterThanOrEqual(0);
      expect(out.aggregate[key]).toBeLessThanOrEqual(1);
    }
    expect(out.aggregate.toolCalls).toBeGreaterThanOrEqual(0);
    expect(out.samples).toHaveLength(3);
    expect(out.samples.map((s: { taskId: unknown }) => s.taskId)).toEqual(["0", "1", "2"]);
    for (const s of out.samples) {
      expect(typeof s.taskId).toBe("string");
      expect(s.run).toBe(0);
      expect(typeof s.correct).toBe("boolean");
      expect(s.fcr).toBeGreaterThanOrEqual(0);
      expect(s.fcr).toBeLessThanOrEqual(1);
      expect(s.hitRate).toBeGreaterThanOrEqual(0);
      expect(s.hitRate).toBeLessThanOrEqual(1);
      expect(Number.isInteger(s.toolCalls)).toBe(true);
      expect(typeof s.status).toBe("string");
      expect(["easy", "medium", "hard"]).toContain(s.tier);
    }
    // aggregate Pass@1 is the mean of the samples' verdicts
    const correct = out.samples.filter((s: { correct: boolean }) => s.correct).length;
    expect(out.aggregate.pass1).toBeCloseTo(correct / 3, 12);
    // MPW has answer grounding beside its fact coverage: the counts cover its correct runs.
    expect(out.aggregate.grounding).toMatchObject({ correct });
    for (const s of out.samples) expect(s).toHaveProperty("answerSeenAtCall");
  });

  it("metrics of the fixture bundle give the hand-computed figures", async () => {
    const out = JSON.parse(
      (await cli("metrics", String(fixtureId), "--db", dbPath, "--json")).stdout,
    );
    // FCR 2/4, HitRate 3/4, 4 calls, judged Correct (see lib/benchmarks/mpw/import.test.ts)
    expect(out.aggregate).toMatchObject({ n: 1, pass1: 1, fcr: 0.5, hitRate: 0.75, toolCalls: 4 });
    expect(out.samples).toEqual([
      expect.objectContaining({
        taskId: "0",
        run: 0,
        correct: true,
        fcr: 0.5,
        hitRate: 0.75,
        toolCalls: 4,
        status: "finished",
        tier: "easy",
      }),
    ]);
    expect(out.submission).toMatchObject({ model: "Fixture", setting: "C" });
  });
});

describe("cli failures", () => {
  it("a bad bundle exits non-zero with the message on stderr and nothing on stdout", async () => {
    const run = await cli("ingest", badBundle, "--db", dbPath);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("results.jsonl");
    expect(run.stderr).toContain("line 3");
  });

  it("an unknown submission id exits non-zero", async () => {
    const run = await cli("metrics", "999999", "--db", dbPath, "--json");
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("999999");
  });

  it("a bundle path that does not exist exits non-zero", async () => {
    const run = await cli("ingest", join(tmp, "nope"), "--db", dbPath);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("nope");
  });
});
