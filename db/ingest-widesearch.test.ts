/**
 * WideSearch import path end to end: bundle → ingestBundle → database → metricsReport
 * (the `metrics --json` contract). Results-only bundles from every real model folder of
 * runshengdu/widesearch_exp (checked against the producer's own summary JSONs), the
 * synthetic native demo bundle, a hand-scored tiny native bundle
 * (test/fixtures/widesearch/tiny), and malformed bundles that must be refused without
 * leaving a row behind.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsReport } from "../cli/metrics-report";
import { BundleError } from "../lib/import/errors";
import type { WideSearchSampleScore } from "../lib/benchmarks/widesearch/score";
import type { SummaryCheck, WideSearchSampleMetrics } from "../lib/benchmarks/widesearch/stored";
import type { WideSearchStoredAggregate } from "../lib/benchmarks/widesearch/stored-aggregate";
import { closeDb, type Db } from "./client";
import { openTestDb } from "../test/db";
import { appTables, sqlRows, tableCounts } from "../test/sql";
import { ingestBundle } from "./ingest";
import { getSubmissionPreview } from "./queries/moderation";
import {
  writeRealWideSearchBundles,
  writeSyntheticWideSearchBundles,
} from "../lib/benchmarks/widesearch/demo";
import type { DemoBundle } from "../lib/demo/files";

const ROOT = join(__dirname, "..");
const REAL = join(ROOT, "demo", "widesearch", "real");
const TINY = join(ROOT, "test", "fixtures", "widesearch", "tiny");
const OPTIONS = { source: "test", status: "approved" } as const;

const CSV_HEADER =
  "instance_id,trial_idx,score,precision_by_row,recall_by_row,f1_by_row,precision_by_item,recall_by_item,f1_by_item,msg";
type SummaryMetric =
  | "score"
  | "precision_by_row"
  | "recall_by_row"
  | "f1_by_row"
  | "precision_by_item"
  | "recall_by_item"
  | "f1_by_item";
type Summary = Record<SummaryMetric, { avg_n: number; max_n: number; min_n: number }>;

/** A printed per-cell score table, as the official evaluator writes into `msg` when a sample was compared. */
const SCORE_TABLE = /^\s+\S+_(exact_match|number_near|date_near|url_match|in_match|llm_judge)\b/;

interface RealModel {
  model: string;
  evalDir: string;
  /** Run CSV names, sorted (the order writeRealWideSearchBundles lists them). */
  runs: string[];
}

/** The real model folders, found independently of writeRealWideSearchBundles: every folder holding `eval/`. */
function realModels(dir: string = REAL): RealModel[] {
  const out: RealModel[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    const evalDir = join(path, "eval");
    if (existsSync(evalDir))
      out.push({
        model: entry.name,
        evalDir,
        runs: readdirSync(evalDir)
          .filter((f) => f.endsWith(".csv"))
          .sort(),
      });
    else out.push(...realModels(path));
  }
  return out.sort((a, b) => a.model.localeCompare(b.model));
}

const MODELS = realModels();

interface CsvRow {
  instance_id: string;
  trial_idx: string;
  score: string;
  precision_by_row: string;
  recall_by_row: string;
  f1_by_row: string;
  precision_by_item: string;
  recall_by_item: string;
  f1_by_item: string;
  msg: string;
}

function readCsv(path: string): CsvRow[] {
  return parseCsv(readFileSync(path, "utf8"), { columns: true, bom: true }) as CsvRow[];
}

function readSummary(path: string): Summary {
  const value = JSON.parse(readFileSync(path, "utf8"));
  return "summary" in value ? value.summary : value;
}

let tmp: string;
let db: Db;
let counter = 0;

function dirFor(name: string): string {
  const dir = join(tmp, `${name}-${counter++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A bundle directory from files (names → contents) and a manifest. */
function bundle(files: Record<string, string>, manifest: unknown): string {
  const dir = dirFor("bundle");
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** A copy of the tiny native fixture, optionally with its manifest changed. */
function tinyCopy(manifestChanges: Record<string, unknown> = {}): string {
  const dir = dirFor("tiny");
  cpSync(TINY, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ ...manifest, ...manifestChanges }));
  return dir;
}

async function counts(): Promise<Record<string, number>> {
  const names = await appTables(db);
  for (const t of ["benchmarks", "tasks", "submissions", "samples", "steps", "aggregates"])
    expect(names).toContain(t);
  return tableCounts(db, names);
}

const rowsOf = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  (await sqlRows(db, sql, ...params)) as T[];

/** A `samples` row as stored. */
interface SampleRow {
  id: number;
  task_key: string;
  run: number;
  status: string;
  correct: number;
  tool_calls: number;
  step_count: number;
  source_file: string;
  source_line: number;
  prediction: string | null;
  judge_rationale: string | null;
  metrics: string;
  detail: string | null;
}

/** `metrics --json` for a WideSearch submission, as the CLI prints it. */
interface ReportSample {
  taskId: string;
  run: number;
  success: boolean;
  rowPrecision: number;
  rowRecall: number;
  rowF1: number;
  itemPrecision: number;
  itemRecall: number;
  itemF1: number;
  reason?: string;
  status: string;
  complete: boolean;
  searchCalls: number | null;
  browseCalls: number | null;
}

interface Report {
  benchmark: string;
  submission: Record<string, unknown>;
  aggregate: WideSearchStoredAggregate;
  splits: Record<string, WideSearchStoredAggregate>;
  importNotes: { summaryChecks: (SummaryCheck & { evaluation: string })[] } | null;
  samples: ReportSample[];
}

type AggregateRate =
  | "successAvg"
  | "successPass"
  | "rowF1Avg"
  | "rowF1Max"
  | "itemF1Avg"
  | "itemF1Max"
  | "rowPrecisionAvg"
  | "rowRecallAvg"
  | "itemPrecisionAvg"
  | "itemRecallAvg";

/** The report as plain JSON, exactly as the CLI prints it. */
async function report(id: number): Promise<Report> {
  return JSON.parse(JSON.stringify(await metricsReport(db, id)));
}

/** Refused with a BundleError, and every table's row count unchanged. */
async function refused(path: string): Promise<BundleError> {
  const before = await counts();
  let caught: unknown = null;
  try {
    await ingestBundle(db, path, OPTIONS);
  } catch (error) {
    caught = error;
  }
  expect(await counts()).toEqual(before);
  expect(caught, "the bundle was accepted").not.toBeNull();
  expect(caught).toBeInstanceOf(BundleError);
  return caught as BundleError;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-widesearch-test-"));
  db = await openTestDb(join(tmp, "db", "test.db"));
});

afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
describe("results-only import of every real model folder (widesearch_exp)", () => {
  let bundles: DemoBundle[];
  const ids = new Map<string, number>();
  const reports = new Map<string, Report>();

  beforeAll(async () => {
    bundles = writeRealWideSearchBundles(join(tmp, "real"));
    for (const b of bundles) {
      const result = await ingestBundle(db, b.dir, OPTIONS);
      expect(result.duplicate).toBe(false);
      ids.set(b.model, result.submissionId);
      reports.set(b.model, await report(result.submissionId));
    }
  });

  it("finds the 12 model folders and 14 run files, one bundle per folder", () => {
    expect(MODELS).toHaveLength(12);
    expect(MODELS.reduce((n, m) => n + m.runs.length, 0)).toBe(14);
    expect(MODELS.filter((m) => m.runs.length === 2).map((m) => m.model)).toEqual([
      "deepseek-reasoner",
      "kimi-k2.5",
    ]);
    expect(bundles.map((b) => b.model)).toEqual(MODELS.map((m) => m.model));
    // Each run's summary sits beside it.
    for (const m of MODELS)
      for (const run of m.runs)
        expect(existsSync(join(m.evalDir, run.replace(/\.csv$/, "_summary.json")))).toBe(true);
  });

  it.each(MODELS.map((m) => [m.model, m] as const))(
    "%s: the metrics --json aggregate reproduces the producer's summary",
    (model, m) => {
      const r = reports.get(model)!;
      const runs = m.runs.length;
      const csvs = m.runs.map((run) => readCsv(join(m.evalDir, run)));
      const summaries = m.runs.map((run) =>
        readSummary(join(m.evalDir, run.replace(/\.csv$/, "_summary.json"))),
      );
      expect(r.benchmark).toBe("widesearch");
      expect(r.submission).toMatchObject({
        id: ids.get(model),
        model,
        setting: "single-agent",
        status: "approved",
      });
      const a = r.aggregate;
      expect(a.n).toBe(100);
      expect(a.runs).toBe(runs);

      // Aggregate field ← summary metric (Avg@N and Max@N of the run file).
      const avgFields: [AggregateRate, SummaryMetric][] = [
        ["successAvg", "score"],
        ["rowF1Avg", "f1_by_row"],
        ["itemF1Avg", "f1_by_item"],
        ["rowPrecisionAvg", "precision_by_row"],
        ["rowRecallAvg", "recall_by_row"],
        ["itemPrecisionAvg", "precision_by_item"],
        ["itemRecallAvg", "recall_by_item"],
      ];
      const maxFields: [AggregateRate, SummaryMetric, keyof CsvRow][] = [
        ["successPass", "score", "score"],
        ["rowF1Max", "f1_by_row", "f1_by_row"],
        ["itemF1Max", "f1_by_item", "f1_by_item"],
      ];
      if (runs === 1) {
        const [s] = summaries;
        // One run per task: the same numbers, bit for bit.
        for (const [field, metric] of avgFields)
          expect([field, a[field]]).toEqual([field, s[metric].avg_n]);
        for (const [field, metric] of maxFields)
          expect([field, a[field]]).toEqual([field, s[metric].max_n]);
      } else {
        // N = 2: each summary covers its own file; Avg@2 (mean over tasks of the mean of the
        // two runs) = mean of the two files' Avg@1, as every task is in both files.
        for (const [field, metric] of avgFields) {
          const expected = mean(summaries.map((s) => s[metric].avg_n));
          expect(Math.abs(a[field]! - expected), field).toBeLessThan(1e-12);
        }
        // Max@2 / Pass@2 from the raw CSVs: per task the better of the two runs, then the mean.
        const byTask = new Map<string, CsvRow[]>();
        for (const csv of csvs)
          for (const row of csv)
            byTask.set(row.instance_id, [...(byTask.get(row.instance_id) ?? []), row]);
        expect(byTask.size).toBe(100);
        for (const [field, , column] of maxFields) {
          const expected = mean(
            [...byTask.values()].map((rows) => Math.max(...rows.map((row) => Number(row[column])))),
          );
          expect(Math.abs(a[field]! - expected), field).toBeLessThan(1e-12);
          // Pass@2 / Max@2 is at least either file's own Max@1.
          for (const s of summaries)
            expect(a[field]).toBeGreaterThanOrEqual(
              s[maxFields.find((f) => f[0] === field)![1]].max_n - 1e-12,
            );
        }
      }

      // One summary check per run file, each matching.
      const checks = r.importNotes!.summaryChecks;
      expect(checks).toHaveLength(runs);
      checks.forEach((check, i) => {
        expect(check).toMatchObject({
          evaluation: m.runs[i],
          summary: m.runs[i].replace(/\.csv$/, "_summary.json"),
          matches: true,
          maxDifference: 0,
          worst: null,
          layout: model === "kimi-k2-thinking" ? "with-evaluator-config" : "flat",
          judge: model === "kimi-k2-thinking" ? "google/gemini-3-flash-preview" : null,
        });
      });

      // Samples: taskId = instance_id, run k = the k-th file, in the file's order.
      expect(r.samples).toHaveLength(100 * runs);
      csvs.forEach((csv, run) => {
        const samples = r.samples.filter((s) => s.run === run);
        expect(samples.map((s) => s.taskId)).toEqual(csv.map((row) => row.instance_id));
        samples.forEach((s, i) => {
          const row = csv[i];
          expect(s.success).toBe(Number(row.score) === 1);
          expect(s.rowPrecision).toBe(Number(row.precision_by_row));
          expect(s.rowRecall).toBe(Number(row.recall_by_row));
          expect(s.rowF1).toBe(Number(row.f1_by_row));
          expect(s.itemPrecision).toBe(Number(row.precision_by_item));
          expect(s.itemRecall).toBe(Number(row.recall_by_item));
          expect(s.itemF1).toBe(Number(row.f1_by_item));
          expect(typeof s.taskId).toBe("string");
          // No trajectory in a results-only bundle: call counts unknown, not 0.
          expect(s.searchCalls).toBeNull();
          expect(s.browseCalls).toBeNull();
          if (row.msg.trim() === "response is None") expect(s.reason).toBe("response is None");
          else if (SCORE_TABLE.test(row.msg) || row.msg.trim().startsWith("Empty DataFrame"))
            expect(s).not.toHaveProperty("reason");
          else if (row.msg.trim() !== "") expect(typeof s.reason).toBe("string");
        });
      });
      expect(new Set(r.samples.map((s) => s.run))).toEqual(new Set(runs === 1 ? [0] : [0, 1]));
    },
  );

  it("reasons across all 14 runs: 102 'response is None' rows have one, the 1233 printed score tables have none", () => {
    // Totals counted by hand over the CSVs (Python csv module): 102 rows whose msg is
    // "response is None" (100 of them kimi-k2-thinking's), 1232 whose msg is the table,
    // and doubao's ws_en_003 whose msg is an empty printed table ("Empty DataFrame").
    let none = 0;
    let tables = 0;
    for (const r of reports.values()) {
      for (const s of r.samples) {
        if (s.reason === "response is None") none += 1;
        if (!("reason" in s)) tables += 1;
      }
    }
    expect(none).toBe(102);
    expect(tables).toBe(1233);
    const thinking = reports.get("kimi-k2-thinking")!;
    expect(
      thinking.samples.every((s) => s.reason === "response is None" && s.success === false),
    ).toBe(true);
    expect(thinking.aggregate).toMatchObject({
      successAvg: 0,
      successPass: 0,
      rowF1Avg: 0,
      itemF1Avg: 0,
      n: 100,
      runs: 1,
    });
  });

  it("stores results-only samples as evaluated, with the raw msg kept as the rationale, and the tasks as English", async () => {
    const id = ids.get("claude-sonnet-4.5")!;
    const statuses = (
      await rowsOf<{ status: string }>(
        "SELECT DISTINCT status FROM samples WHERE submission_id = ?",
        id,
      )
    ).map((r) => r.status);
    expect(statuses).toEqual(["evaluated"]);
    const [row] = await rowsOf<SampleRow & { steps: number }>(
      "SELECT judge_rationale, source_file, source_line, detail, steps FROM (SELECT s.*, (SELECT count(*) FROM steps WHERE sample_id = s.id) AS steps FROM samples s WHERE submission_id = ? AND task_key = 'ws_en_036') AS x",
      id,
    );
    expect(row.judge_rationale).toMatch(/^evaluator error: \nTraceback/);
    expect(row.source_file).toBe("20260205_182036.csv");
    expect(row.detail).toBeNull();
    expect(row.steps).toBe(0);
    const splits = (
      await rowsOf<{ split: string }>(
        "SELECT split FROM aggregates WHERE submission_id = ? ORDER BY split",
        id,
      )
    ).map((r) => r.split);
    expect(splits).toEqual(["lang:en", "overall"]);
    expect(reports.get("claude-sonnet-4.5")!.splits["lang:en"].n).toBe(100);
  });

  it("the real bundles again are duplicates: same ids, no new rows", async () => {
    const before = await counts();
    for (const b of bundles) {
      const again = await ingestBundle(db, b.dir, OPTIONS);
      expect(again).toMatchObject({ submissionId: ids.get(b.model), duplicate: true });
    }
    expect(await counts()).toEqual(before);
  });

  it("the judge model is the one a newer-layout summary names (kimi-k2-thinking's); flat summaries name none", async () => {
    const judges = await rowsOf<{ model: string; judge_model: string | null }>(
      `SELECT model, judge_model FROM submissions WHERE id IN (${[...ids.values()].join(", ")}) AND judge_model IS NOT NULL`,
    );
    expect(judges).toEqual([
      { model: "kimi-k2-thinking", judge_model: "google/gemini-3-flash-preview" },
    ]);
    // The evaluation CSVs report no tokens, dollars or time.
    const usage = await rowsOf(
      `SELECT count(*) AS c FROM samples WHERE submission_id IN (${[...ids.values()].join(", ")}) AND coalesce(prompt_tokens, completion_tokens, cost_usd, seconds) IS NOT NULL`,
    );
    expect(usage).toEqual([{ c: 0 }]);
  });

  it("the manifest's judgeModel wins over the summary's", async () => {
    const [b] = writeRealWideSearchBundles(join(tmp, "real-declared")).filter(
      (x) => x.model === "kimi-k2-thinking",
    );
    const manifestPath = join(b.dir, "manifest.json");
    writeFileSync(
      manifestPath,
      JSON.stringify({ ...JSON.parse(readFileSync(manifestPath, "utf8")), judgeModel: "gpt-4.1" }),
    );
    const result = await ingestBundle(db, b.dir, OPTIONS);
    expect(
      await rowsOf("SELECT judge_model FROM submissions WHERE id = ?", result.submissionId),
    ).toEqual([{ judge_model: "gpt-4.1" }]);
  });

  it("a summary JSON that disagrees is imported, with its check failing and naming the metric", async () => {
    const source = bundles.find((b) => b.model === "claude-sonnet-4.5")!.dir;
    const dir = dirFor("disagreeing");
    cpSync(source, dir, { recursive: true });
    const summaryPath = join(dir, "20260205_182036_summary.json");
    const summary = JSON.parse(readFileSync(summaryPath, "utf8"));
    const original = summary.f1_by_item.avg_n;
    summary.f1_by_item.avg_n = original + 0.001;
    writeFileSync(summaryPath, JSON.stringify(summary, null, 2));
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result).toMatchObject({ duplicate: false, samples: 100 });
    const r = await report(result.submissionId);
    const [check] = r.importNotes!.summaryChecks;
    expect(check).toMatchObject({
      evaluation: "20260205_182036.csv",
      summary: "20260205_182036_summary.json",
      matches: false,
      worst: "f1_by_item.avg_n",
    });
    expect(check.maxDifference).toBeCloseTo(0.001, 12);
    // Our figure comes from the CSV, not from the summary.
    expect(r.aggregate.itemF1Avg).toBe(original);
  });

  it("of two runs, only the disagreeing file's check fails", async () => {
    const source = bundles.find((b) => b.model === "kimi-k2.5")!.dir;
    const dir = dirFor("disagreeing-2");
    cpSync(source, dir, { recursive: true });
    const summaryPath = join(dir, "20260203_121258_summary.json");
    const summary = JSON.parse(readFileSync(summaryPath, "utf8"));
    summary.score.max_n = summary.score.max_n + 0.25;
    writeFileSync(summaryPath, JSON.stringify(summary, null, 2));
    const r = await report((await ingestBundle(db, dir, OPTIONS)).submissionId);
    const [first, second] = r.importNotes!.summaryChecks;
    expect(first).toMatchObject({ evaluation: "20260203_112606.csv", matches: true, worst: null });
    expect(second).toMatchObject({
      evaluation: "20260203_121258.csv",
      matches: false,
      worst: "score.max_n",
    });
    expect(second.maxDifference).toBeCloseTo(0.25, 12);
  });
});

// ---------------------------------------------------------------------------------------
describe("native import: the synthetic demo bundle", () => {
  let dir: string;
  let id: number;
  let r: Report;

  beforeAll(async () => {
    [{ dir }] = writeSyntheticWideSearchBundles(join(tmp, "synthetic"));
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result).toMatchObject({
      benchmark: "widesearch",
      model: "Synthetic Deep Research Agent (demo)",
      samples: 21,
      tasks: 7,
      duplicate: false,
      malformedSteps: 0,
    });
    id = result.submissionId;
    r = await report(id);
  });

  it("7 tasks × 3 trials = 21 samples, runs 0–2 per task", async () => {
    expect(r.aggregate).toMatchObject({ n: 7, runs: 3 });
    expect(r.samples).toHaveLength(21);
    const sub = (
      await rowsOf<Record<string, unknown>>(
        "SELECT sample_count, task_count, runs, import_notes FROM submissions WHERE id = ?",
        id,
      )
    )[0];
    expect(sub).toEqual({ sample_count: 21, task_count: 7, runs: 3, import_notes: null });
    const perTask = new Map<string, number[]>();
    for (const s of r.samples) perTask.set(s.taskId, [...(perTask.get(s.taskId) ?? []), s.run]);
    expect([...perTask.keys()].sort()).toEqual([
      "demo_en_01",
      "demo_en_02",
      "demo_en_03",
      "demo_en_04",
      "demo_zh_01",
      "demo_zh_02",
      "demo_zh_03",
    ]);
    for (const runs of perTask.values()) expect(runs).toEqual([0, 1, 2]);
  });

  it("the upload answer's figures are WideSearch's columns, and its tool calls its mean search calls, as before", async () => {
    const preview = await getSubmissionPreview(db, id);
    const searchCalls = r.aggregate.searchCalls;
    expect(searchCalls).toBeGreaterThan(0);
    expect(preview?.metrics).toMatchObject({ n: 7, toolCalls: searchCalls });
    expect(preview?.figures?.[0]).toMatchObject({ key: "successAvg", label: "SR Avg@N" });
    expect(preview?.figures?.find((f) => f.key === "searchCalls")?.value).toBe(searchCalls);
  });

  it("samples.detail holds the score breakdown for scored samples", async () => {
    const rows = await rowsOf<SampleRow>(
      "SELECT task_key, status, metrics, detail, prediction FROM samples WHERE submission_id = ? ORDER BY id",
      id,
    );
    const scored = rows.filter((row) => row.status === "scored");
    expect(scored.length).toBeGreaterThan(0);
    for (const row of scored) {
      const m = JSON.parse(row.metrics) as WideSearchSampleMetrics;
      const { score } = JSON.parse(row.detail!) as { score: WideSearchSampleScore };
      expect(score.status).toBe("scored");
      expect(score.reason).toBeNull();
      expect(m.reason).toBeNull();
      for (const key of [
        "rowPrecision",
        "rowRecall",
        "rowF1",
        "itemPrecision",
        "itemRecall",
        "itemF1",
        "success",
        "complete",
        "unscoredCells",
      ] as const) {
        expect([key, score[key]]).toEqual([key, m[key]]);
      }
      expect(score.rows).toHaveLength(score.counts.matchedRows);
      for (const diff of score.rows)
        expect(diff.cells.map((c) => c.column)).toEqual(score.columns.required);
      expect(score.table).not.toBeNull();
      expect(typeof row.prediction).toBe("string");
    }
    // Not-scored samples carry a reason, in the metrics and in the report.
    for (const row of rows.filter((x) => x.status !== "scored"))
      expect(JSON.parse(row.metrics).reason).toEqual(expect.any(String));
    for (const s of r.samples) expect("reason" in s).toBe(s.status !== "scored");
  });

  it("unscored llm_judge cells make samples incomplete, and the aggregate counts them", async () => {
    // Only demo_en_03 has an llm_judge column (missiontype): its scored samples with a
    // matched row are incomplete; no other task's are.
    const incomplete = r.samples.filter((s) => s.complete === false);
    expect(incomplete.length).toBeGreaterThan(0);
    expect(new Set(incomplete.map((s) => s.taskId))).toEqual(new Set(["demo_en_03"]));
    for (const row of await rowsOf<SampleRow>(
      "SELECT metrics, detail FROM samples WHERE submission_id = ? AND task_key = 'demo_en_03' AND status = 'scored'",
      id,
    )) {
      const m = JSON.parse(row.metrics) as WideSearchSampleMetrics;
      const { score } = JSON.parse(row.detail!) as { score: WideSearchSampleScore };
      // One judged cell per matched row.
      expect(m.unscoredCells).toBe(score.counts.matchedRows);
      expect(m.complete).toBe(score.counts.matchedRows === 0);
      if (!m.complete) expect(score.upperBound).not.toBeNull();
    }
    expect(r.aggregate.incompleteSamples).toBe(incomplete.length);
    expect(r.splits["lang:en"].incompleteSamples).toBe(incomplete.length);
    expect(r.splits["lang:zh"].incompleteSamples).toBe(0);
  });

  it("the aggregate is Avg@3 / Pass@3 / Max@3 of the stored samples; language splits lang:en (4) and lang:zh (3)", async () => {
    const byTask = new Map<string, ReportSample[]>();
    for (const s of r.samples) byTask.set(s.taskId, [...(byTask.get(s.taskId) ?? []), s]);
    const tasks = [...byTask.values()];
    const avg = (f: (s: ReportSample) => number) => mean(tasks.map((runs) => mean(runs.map(f))));
    const max = (f: (s: ReportSample) => number) =>
      mean(tasks.map((runs) => Math.max(...runs.map(f))));
    const a = r.aggregate;
    expect(a.successAvg).toBeCloseTo(
      avg((s) => (s.success ? 1 : 0)),
      12,
    );
    expect(a.successPass).toBeCloseTo(
      max((s) => (s.success ? 1 : 0)),
      12,
    );
    expect(a.rowF1Avg).toBeCloseTo(
      avg((s) => s.rowF1),
      12,
    );
    expect(a.rowF1Max).toBeCloseTo(
      max((s) => s.rowF1),
      12,
    );
    expect(a.itemF1Avg).toBeCloseTo(
      avg((s) => s.itemF1),
      12,
    );
    expect(a.itemF1Max).toBeCloseTo(
      max((s) => s.itemF1),
      12,
    );
    expect(a.rowRecallAvg).toBeCloseTo(
      avg((s) => s.rowRecall),
      12,
    );
    expect(a.searchCalls).toBeCloseTo(mean(r.samples.map((s) => s.searchCalls!)), 12);
    expect(a.browseCalls).toBeCloseTo(mean(r.samples.map((s) => s.browseCalls!)), 12);
    expect(a.scaling.map((p) => p.k)).toEqual([1, 2, 3]);
    expect(a.scaling[2].successPass).toBeCloseTo(a.successPass!, 12);
    expect(a.scaling[0].successPass).toBeCloseTo(a.successAvg!, 12);
    expect(Object.keys(r.splits).sort()).toEqual(["lang:en", "lang:zh"]);
    expect(r.splits["lang:en"]).toMatchObject({ n: 4, runs: 3 });
    expect(r.splits["lang:zh"]).toMatchObject({ n: 3, runs: 3 });
    const tasksRows = await rowsOf<{ task_key: string; language: string }>(
      "SELECT task_key, language FROM tasks WHERE benchmark_id = 'widesearch' AND task_key LIKE 'demo_zh_%' ORDER BY task_key",
    );
    expect(tasksRows).toEqual([
      { task_key: "demo_zh_01", language: "zh" },
      { task_key: "demo_zh_02", language: "zh" },
      { task_key: "demo_zh_03", language: "zh" },
    ]);
  });

  it("the same bundle twice (directory, then .tar.gz) is a duplicate: same id, no new rows", async () => {
    const before = await counts();
    const again = await ingestBundle(db, dir, OPTIONS);
    expect(again).toMatchObject({ submissionId: id, duplicate: true, samples: 21, tasks: 7 });
    const tgz = join(tmp, "synthetic.tar.gz");
    await tar.c({ gzip: true, file: tgz, cwd: dir }, readdirSync(dir));
    expect(await ingestBundle(db, tgz, OPTIONS)).toMatchObject({
      submissionId: id,
      duplicate: true,
    });
    expect(await counts()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------
describe("native import: the hand-built tiny bundle (test/fixtures/widesearch/tiny)", () => {
  it("scores the one response by hand: row P/R/F1 = 1/2, item P/R/F1 = 5/6", async () => {
    // Gold (key `name`; `year` number_near with criterion 0; `city` exact_match):
    //   Alpha 1990 Paris | Beta 2001 Rome
    // Response: Alpha 1990 Paris | Beta 2001 Milan  (one wrong cell)
    // Key cells score 1. Alpha row = min(1, 1, 1) = 1; Beta row = min(1, 1, 0) = 0.
    // TP_row = 1 → row P = 1/2 (2 predicted rows), R = 1/2 (2 gold rows), F1 = 1/2.
    // TP_item = 3 + 2 = 5 → item P = 5/(2·3) = 5/6, R = 5/(2·3) = 5/6, F1 = 5/6.
    // Not every figure is 1 and the tables differ → success = 0.
    const before = await counts();
    const result = await ingestBundle(db, tinyCopy(), OPTIONS);
    expect(result).toMatchObject({
      model: "Tiny fixture agent",
      samples: 1,
      tasks: 1,
      duplicate: false,
      malformedSteps: 0,
    });
    const after = await counts();
    expect(after.samples - before.samples).toBe(1);
    expect(after.tasks - before.tasks).toBe(1);

    const r = await report(result.submissionId);
    expect(r.samples).toHaveLength(1);
    const [s] = r.samples;
    expect(s).toMatchObject({
      taskId: "ws_en_901",
      run: 0,
      success: false,
      status: "scored",
      complete: true,
      searchCalls: 2,
      browseCalls: 1,
    });
    expect(s).not.toHaveProperty("reason");
    expect(s.rowPrecision).toBeCloseTo(1 / 2, 12);
    expect(s.rowRecall).toBeCloseTo(1 / 2, 12);
    expect(s.rowF1).toBeCloseTo(1 / 2, 12);
    expect(s.itemPrecision).toBeCloseTo(5 / 6, 12);
    expect(s.itemRecall).toBeCloseTo(5 / 6, 12);
    expect(s.itemF1).toBeCloseTo(5 / 6, 12);

    const a = r.aggregate;
    expect(a).toMatchObject({
      successAvg: 0,
      successPass: 0,
      n: 1,
      runs: 1,
      incompleteSamples: 0,
      searchCalls: 2,
      browseCalls: 1,
    });
    expect(a.rowF1Avg).toBeCloseTo(1 / 2, 12);
    expect(a.rowF1Max).toBeCloseTo(1 / 2, 12);
    expect(a.itemF1Avg).toBeCloseTo(5 / 6, 12);
    expect(a.itemF1Max).toBeCloseTo(5 / 6, 12);
    expect(a.rowPrecisionAvg).toBeCloseTo(1 / 2, 12);
    expect(a.itemRecallAvg).toBeCloseTo(5 / 6, 12);
    expect(Object.keys(r.splits)).toEqual(["lang:en"]);
    expect(r.importNotes).toBeNull();

    const [row] = await rowsOf<SampleRow>(
      "SELECT * FROM samples WHERE submission_id = ?",
      result.submissionId,
    );
    expect(row).toMatchObject({
      task_key: "ws_en_901",
      run: 0,
      status: "scored",
      correct: 0,
      tool_calls: 3,
      source_file: "responses.jsonl",
      source_line: 1,
    });
    expect(row.prediction).toContain("| Beta | 2001 | Milan |");
    // system, question, 3 × (call + result), final answer text
    expect(row.step_count).toBe(9);
    const calls = await rowsOf<{ call_index: number; data: string }>(
      "SELECT call_index, data FROM steps WHERE sample_id = ? AND kind = 'tool_call' ORDER BY ordinal",
      row.id,
    );
    expect(calls.map((c) => [c.call_index, JSON.parse(c.data).name])).toEqual([
      [1, "search_global"],
      [2, "search_global"],
      [3, "text_browser_view"],
    ]);

    const { score } = JSON.parse(row.detail!) as { score: WideSearchSampleScore };
    expect(score.counts).toMatchObject({ predRows: 2, goldRows: 2, matchedRows: 2 });
    const beta = score.rows.find((d) => d.key.name === "Beta")!;
    const alpha = score.rows.find((d) => d.key.name === "Alpha")!;
    expect(alpha.score).toBe(1);
    expect(beta.score).toBe(0);
    const city = beta.cells.find((c) => c.column === "city");
    expect(city).toMatchObject({ predicted: "Milan", gold: "Rome", score: 0 });
    expect(
      beta.cells
        .filter((c) => c.score === 1)
        .map((c) => c.column)
        .sort(),
    ).toEqual(["name", "year"]);

    // The query is the submission's own; the task row is shared.
    const [task] = await rowsOf<{ question: string; language: string; extra: string }>(
      "SELECT st.question, t.language, t.extra FROM tasks t JOIN submission_tasks st ON st.task_id = t.id WHERE t.benchmark_id = 'widesearch' AND t.task_key = 'ws_en_901' AND st.submission_id = ?",
      result.submissionId,
    );
    expect(task.language).toBe("en");
    expect(task.question).toMatch(/^List the two made-up towns/);
    expect(JSON.parse(task.extra).evaluation).toMatchObject({
      uniqueColumns: ["name"],
      required: ["name", "year", "city"],
    });
  });
});

// ---------------------------------------------------------------------------------------
describe("native import: widesearch_exp's response records, with each completion's usage", () => {
  it("stores the run's tokens summed over its assistant messages; no dollars or time (the records have none)", async () => {
    // The tiny fixture's response rewritten as runshengdu/widesearch_exp writes them: a
    // metadata object first, pretty-printed records, `usage` on every assistant message.
    const dir = tinyCopy({ model: "Tiny fixture agent (widesearch_exp)" });
    const record = JSON.parse(readFileSync(join(dir, "responses.jsonl"), "utf8"));
    const usages = [
      {
        completion_tokens: 112,
        prompt_tokens: 1830,
        total_tokens: 1942,
        completion_tokens_details: null,
        prompt_tokens_details: null,
        cached_tokens: 0,
      },
      {
        completion_tokens: 95,
        prompt_tokens: 2410,
        total_tokens: 2505,
        completion_tokens_details: null,
        prompt_tokens_details: null,
        cached_tokens: 1792,
      },
      {
        completion_tokens: 88,
        prompt_tokens: 2977,
        total_tokens: 3065,
        completion_tokens_details: null,
        prompt_tokens_details: null,
        cached_tokens: 2304,
      },
      {
        completion_tokens: 240,
        prompt_tokens: 3620,
        total_tokens: 3860,
        completion_tokens_details: null,
        prompt_tokens_details: null,
        cached_tokens: 2944,
      },
    ];
    let next = 0;
    const messages = record.messages.map((m: { role: string }) =>
      m.role === "assistant" ? { ...m, usage: usages[next++] } : m,
    );
    expect(next).toBe(usages.length);
    const withUsage = {
      ...record,
      assistant_message_count: { count: usages.length, final_token: usages[usages.length - 1] },
      messages,
    };
    const meta = { model_config_name: "tiny", model_config: { name: "tiny", temperature: 1.0 } };
    writeFileSync(
      join(dir, "responses.jsonl"),
      `${JSON.stringify(meta, null, 2)}\n${JSON.stringify(withUsage, null, 2)}\n`,
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    const [row] = await rowsOf(
      "SELECT prompt_tokens, completion_tokens, cost_usd, seconds, correct FROM samples WHERE submission_id = ?",
      result.submissionId,
    );
    expect(row).toEqual({
      prompt_tokens: 1830 + 2410 + 2977 + 3620,
      completion_tokens: 112 + 95 + 88 + 240,
      cost_usd: null,
      seconds: null,
      correct: 0,
    });
    // No summary, no declared judge: nothing names one.
    expect(
      await rowsOf("SELECT judge_model FROM submissions WHERE id = ?", result.submissionId),
    ).toEqual([{ judge_model: null }]);
  });

  it("the official records (no usage) store none", async () => {
    const result = await ingestBundle(
      db,
      tinyCopy({ benchmarkVersion: "v-official-usage" }),
      OPTIONS,
    );
    expect(
      await rowsOf(
        "SELECT prompt_tokens, completion_tokens, cost_usd, seconds FROM samples WHERE submission_id = ?",
        result.submissionId,
      ),
    ).toEqual([{ prompt_tokens: null, completion_tokens: null, cost_usd: null, seconds: null }]);
  });
});

// ---------------------------------------------------------------------------------------
describe("malformed WideSearch bundles are refused and leave every table unchanged", () => {
  const evalRow = (id: string, msg = "response is None", precision = "0.0") =>
    `${id},0,0.0,${precision},0.0,0.0,0.0,0.0,0.0,${msg}`;
  const multiline =
    '"    name_exact_match  year_exact_match\n0                1.0               1.0\n1                1.0               0.0"';

  it("a manifest with both native files and evaluations", async () => {
    const err = await refused(tinyCopy({ evaluations: ["run.csv"] }));
    expect(err.details).toContainEqual(
      expect.objectContaining({ file: "manifest.json", field: "evaluations" }),
    );
  });

  it("a native manifest without `gold`", async () => {
    const err = await refused(tinyCopy({ gold: undefined }));
    expect(err.details).toContainEqual(
      expect.objectContaining({ file: "manifest.json", field: "gold" }),
    );
  });

  it("a manifest whose summaries do not pair one to one with the evaluations", async () => {
    const csv = [CSV_HEADER, evalRow("ws_en_001")].join("\n") + "\n";
    const err = await refused(
      bundle(
        { "a.csv": csv, "b.csv": csv, "a_summary.json": "{}" },
        {
          benchmark: "widesearch",
          model: "Pairs",
          evaluations: ["a.csv", "b.csv"],
          summaries: ["a_summary.json"],
        },
      ),
    );
    expect(err.details).toContainEqual(
      expect.objectContaining({ file: "manifest.json", field: "summaries" }),
    );
  });

  it("a response whose instance_id is not in the tasks file (after a good response was written)", async () => {
    const dir = tinyCopy({ benchmarkVersion: "v-bad-id" });
    const good = readFileSync(join(dir, "responses.jsonl"), "utf8").trim();
    const bad = JSON.stringify({ ...JSON.parse(good), instance_id: "ws_en_999" });
    writeFileSync(join(dir, "responses.jsonl"), `${good}\n${bad}\n`);
    const err = await refused(dir);
    expect(err.details[0]).toMatchObject({
      file: "responses.jsonl",
      line: 2,
      field: "instance_id",
    });
    expect(err.message).toContain("ws_en_999");
    expect(err.message).toContain("widesearch.jsonl");
  });

  it("a task whose gold CSV is missing: reported once for all its runs, beside the other responses' errors", async () => {
    const dir = tinyCopy({ benchmarkVersion: "v-no-gold" });
    rmSync(join(dir, "gold", "ws_en_901.csv"));
    const responses = join(dir, "responses.jsonl");
    const [first] = readFileSync(responses, "utf8").split("\n");
    const again = JSON.stringify({ ...JSON.parse(first), trial_idx: 1 });
    const unknown = JSON.stringify({ ...JSON.parse(first), instance_id: "ws_en_999" });
    writeFileSync(responses, [first, again, unknown].join("\n") + "\n");
    const err = await refused(dir);
    expect(err.details.map((d) => [d.file, d.line, d.field])).toEqual([
      ["responses.jsonl", 1, "instance_id"],
      ["responses.jsonl", 3, "instance_id"],
    ]);
    expect(err.details[0].message).toContain("gold/ws_en_901.csv");
    expect(err.details[1].message).toContain("ws_en_999");
  });

  it("an evaluation CSV without the `score` column", async () => {
    const header = CSV_HEADER.replace(",score,", ",");
    const csv = [header, "ws_en_001,0,0.0,0.0,0.0,0.0,0.0,0.0,response is None"].join("\n") + "\n";
    const err = await refused(
      bundle(
        { "run.csv": csv },
        { benchmark: "widesearch", model: "No score", evaluations: ["run.csv"] },
      ),
    );
    expect(err.details[0]).toMatchObject({ file: "run.csv", line: 1, field: "score" });
  });

  it("a non-numeric precision on line 6, after a msg cell spanning lines 2–4 (LF)", async () => {
    // line 1 header; lines 2–4 ws_en_001 (msg spans three lines); line 5 ws_en_002; line 6 ws_en_003
    const csv =
      [
        CSV_HEADER,
        evalRow("ws_en_001", multiline),
        evalRow("ws_en_002"),
        evalRow("ws_en_003", "x", "n/a"),
      ].join("\n") + "\n";
    const err = await refused(
      bundle(
        { "run.csv": csv },
        { benchmark: "widesearch", model: "Bad precision", evaluations: ["run.csv"] },
      ),
    );
    expect(err.details[0]).toMatchObject({ file: "run.csv", line: 6, field: "precision_by_row" });
    expect(err.message).toContain("line 6");
  });

  it("the same with Windows line endings throughout (CRLF also inside the quoted msg): still line 6", async () => {
    // As git's core.autocrlf or a Windows editor leaves a CSV: every \n becomes \r\n,
    // inside quoted cells too. csv-parse counts a quoted \r\n as two lines.
    const csv = (
      [
        CSV_HEADER,
        evalRow("ws_en_001", multiline),
        evalRow("ws_en_002"),
        evalRow("ws_en_003", "x", "n/a"),
      ].join("\n") + "\n"
    ).replace(/\n/g, "\r\n");
    const err = await refused(
      bundle(
        { "run.csv": csv },
        { benchmark: "widesearch", model: "Bad precision CRLF", evaluations: ["run.csv"] },
      ),
    );
    expect(err.details[0]).toMatchObject({ file: "run.csv", line: 6, field: "precision_by_row" });
  });

  it("a task line whose `evaluation` string is not valid JSON", async () => {
    const dir = tinyCopy({ benchmarkVersion: "v-bad-eval" });
    const good = readFileSync(join(dir, "widesearch.jsonl"), "utf8").trim();
    const bad = JSON.stringify({
      ...JSON.parse(good),
      instance_id: "ws_en_902",
      evaluation: '{"unique_columns": ["name"], "required": ',
    });
    writeFileSync(join(dir, "widesearch.jsonl"), `${good}\n${bad}\n`);
    const err = await refused(dir);
    expect(err.details[0]).toMatchObject({
      file: "widesearch.jsonl",
      line: 2,
      field: "evaluation",
    });
    expect(err.message).toMatch(/not valid JSON/);
  });

  it("a summary JSON that is not valid JSON (e.g. NaN, as Python's json.dump writes it) names the summary file", async () => {
    const csv = [CSV_HEADER, evalRow("ws_en_001")].join("\n") + "\n";
    const summary = `{"score": {"avg_n": NaN, "max_n": NaN, "min_n": NaN}}`;
    const err = await refused(
      bundle(
        { "run.csv": csv, "run_summary.json": summary },
        {
          benchmark: "widesearch",
          model: "Bad summary",
          evaluations: ["run.csv"],
          summaries: ["run_summary.json"],
        },
      ),
    );
    expect(err.details[0]).toMatchObject({ file: "run_summary.json" });
  });
});
