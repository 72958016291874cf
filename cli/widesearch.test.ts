/**
 * The CLI contract for WideSearch: `ingest <bundle> --db FILE` then
 * `metrics <id> --db FILE --json`, run as users run it (npm run --silent cli).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeRealWideSearchBundles } from "../lib/benchmarks/widesearch/demo";
import { runCli } from "./run-cli";
import { testDatabaseTarget } from "../test/db";

const ROOT = join(__dirname, "..");
const TINY = join(ROOT, "test", "fixtures", "widesearch", "tiny");

const cli = (...args: string[]) => runCli(args);

const AGGREGATE_RATES = [
  "successAvg",
  "successPass",
  "rowF1Avg",
  "rowF1Max",
  "itemF1Avg",
  "itemF1Max",
  "rowPrecisionAvg",
  "rowRecallAvg",
  "itemPrecisionAvg",
  "itemRecallAvg",
] as const;
const SAMPLE_RATES = [
  "rowPrecision",
  "rowRecall",
  "rowF1",
  "itemPrecision",
  "itemRecall",
  "itemF1",
] as const;

/** `metrics --json` output, loosely: values are checked at run time. */
interface MetricsJson {
  benchmark: unknown;
  submission: Record<string, unknown>;
  aggregate: Record<string, number>;
  importNotes: { summaryChecks: { matches: unknown }[] } | null;
  samples: Record<string, unknown>[];
}

/** The WideSearch `metrics --json` contract: keys and value types. */
function expectContract(out: MetricsJson, n: number, runs: number, samples: number): void {
  expect(out.benchmark).toBe("widesearch");
  for (const key of AGGREGATE_RATES) {
    expect(typeof out.aggregate[key], key).toBe("number");
    expect(out.aggregate[key], key).toBeGreaterThanOrEqual(0);
    expect(out.aggregate[key], key).toBeLessThanOrEqual(1);
  }
  expect(out.aggregate.n).toBe(n);
  expect(out.aggregate.runs).toBe(runs);
  expect(Number.isInteger(out.aggregate.n) && Number.isInteger(out.aggregate.runs)).toBe(true);
  expect(out.aggregate.successPass).toBeGreaterThanOrEqual(out.aggregate.successAvg);
  expect(out.aggregate.rowF1Max).toBeGreaterThanOrEqual(out.aggregate.rowF1Avg);
  expect(out.aggregate.itemF1Max).toBeGreaterThanOrEqual(out.aggregate.itemF1Avg);
  expect(Array.isArray(out.samples)).toBe(true);
  expect(out.samples).toHaveLength(samples);
  for (const s of out.samples) {
    expect(typeof s.taskId).toBe("string");
    expect(s.taskId).toMatch(/^ws_(en|zh)_\d+$/);
    expect(Number.isInteger(s.run)).toBe(true);
    expect(s.run).toBeGreaterThanOrEqual(0);
    expect(s.run).toBeLessThan(runs);
    expect(typeof s.success).toBe("boolean");
    for (const key of SAMPLE_RATES) {
      expect(typeof s[key], key).toBe("number");
      expect(s[key], key).toBeGreaterThanOrEqual(0);
      expect(s[key], key).toBeLessThanOrEqual(1);
    }
    if ("reason" in s) {
      expect(typeof s.reason).toBe("string");
      expect(s.reason).toMatch(/\S/);
    }
  }
}

let tmp: string;
let dbPath: string;
let tinyDir: string;
let realDir: string;
let badDir: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-widesearch-test-"));
  dbPath = testDatabaseTarget(join(tmp, "cli.db"));
  tinyDir = join(tmp, "tiny");
  cpSync(TINY, tinyDir, { recursive: true });
  realDir = writeRealWideSearchBundles(join(tmp, "real")).find((b) => b.model === "kimi-k2.5")!.dir;
  badDir = join(tmp, "bad");
  cpSync(TINY, badDir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(badDir, "manifest.json"), "utf8"));
  writeFileSync(join(badDir, "manifest.json"), JSON.stringify({ ...manifest, gold: undefined }));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("cli ingest / metrics --json for WideSearch", () => {
  let tinyId: number;
  let realId: number;

  it("ingest of a native bundle prints the submission", async () => {
    const run = await cli("ingest", tinyDir, "--db", dbPath);
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({
      benchmark: "widesearch",
      model: "Tiny fixture agent",
      setting: "single-agent",
      samples: 1,
      tasks: 1,
      duplicate: false,
    });
    expect(Number.isInteger(out.submissionId)).toBe(true);
    tinyId = out.submissionId;
  });

  it("metrics --json of the native bundle: the contract, with the hand-computed figures", async () => {
    const run = await cli("metrics", String(tinyId), "--db", dbPath, "--json");
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as MetricsJson;
    expectContract(out, 1, 1, 1);
    // See test/fixtures/widesearch/tiny/README.md: row P/R/F1 = 1/2, item P/R/F1 = 5/6.
    expect(out.aggregate.rowF1Avg).toBeCloseTo(0.5, 12);
    expect(out.aggregate.itemF1Avg).toBeCloseTo(5 / 6, 12);
    expect(out.samples[0]).toMatchObject({
      taskId: "ws_en_901",
      run: 0,
      success: false,
      searchCalls: 2,
      browseCalls: 1,
    });
    expect(out.submission).toMatchObject({
      id: tinyId,
      model: "Tiny fixture agent",
      status: "approved",
    });
  });

  it("ingest + metrics --json of a real results-only bundle with two runs (kimi-k2.5)", async () => {
    const ingest = await cli("ingest", realDir, "--db", dbPath);
    expect(ingest.code).toBe(0);
    const result = JSON.parse(ingest.stdout);
    expect(result).toMatchObject({
      benchmark: "widesearch",
      model: "kimi-k2.5",
      samples: 200,
      tasks: 100,
      duplicate: false,
    });
    realId = result.submissionId;
    expect(realId).not.toBe(tinyId);

    const run = await cli("metrics", String(realId), "--db", dbPath, "--json");
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as MetricsJson;
    expectContract(out, 100, 2, 200);
    expect(out.samples.filter((s) => s.run === 0)).toHaveLength(100);
    expect(out.samples.filter((s) => s.run === 1)).toHaveLength(100);
    expect(out.importNotes!.summaryChecks).toHaveLength(2);
    expect(out.importNotes!.summaryChecks.every((c) => c.matches === true)).toBe(true);
    // Avg@2 = the mean of the two files' avg_n (each summary covers its own file).
    const summaries = ["20260203_112606_summary.json", "20260203_121258_summary.json"].map((f) =>
      JSON.parse(readFileSync(join(realDir, f), "utf8")),
    );
    expect(
      Math.abs(
        out.aggregate.successAvg - (summaries[0].score.avg_n + summaries[1].score.avg_n) / 2,
      ),
    ).toBeLessThan(1e-12);
    expect(
      Math.abs(
        out.aggregate.itemF1Avg -
          (summaries[0].f1_by_item.avg_n + summaries[1].f1_by_item.avg_n) / 2,
      ),
    ).toBeLessThan(1e-12);
  });

  it("the same bundle again is a duplicate with the same id", async () => {
    const run = await cli("ingest", realDir, "--db", dbPath);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      submissionId: realId,
      duplicate: true,
      samples: 200,
    });
  });

  it("an invalid WideSearch bundle exits 2, naming the manifest field", async () => {
    const run = await cli("ingest", badDir, "--db", dbPath);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/invalid bundle/);
    expect(run.stderr).toMatch(/manifest\.json.*field gold/);
  });
});
