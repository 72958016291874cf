/**
 * Seekboard bundle format v1 import path (WebDetective, EvoBrowseComp, generic QA) end to
 * end: demo bundles → ingestBundle → database → metricsReport (the `metrics --json`
 * contract), duplicates by content hash, and malformed bundles refused with file, line
 * and field, leaving every table unchanged.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleReport } from "../cli/metrics-report";
import {
  demoEvoBundles,
  DEMO_EVO_RUNS,
  DEMO_EVO_TASKS_PER_LANGUAGE,
} from "../lib/benchmarks/evobrowsecomp/demo";
import { demoQaBundles, DEMO_QA_TASKS } from "../lib/benchmarks/qa/demo";
import {
  demoWebDetectiveBundles,
  DEMO_WEBDETECTIVE_TASKS,
} from "../lib/benchmarks/webdetective/demo";
import type { DemoFiles } from "../lib/demo/files";
import { BundleError } from "../lib/import/errors";
import {
  aggregateWebDetective,
  webDetectiveInputFromBundle,
} from "../lib/benchmarks/webdetective/metrics";
import {
  aggregateEvoBrowseComp,
  evoInputFromBundle,
} from "../lib/benchmarks/evobrowsecomp/metrics";
import { aggregateQa, qaInputFromBundle } from "../lib/benchmarks/qa/metrics";
import { parseSeekboardJsonl } from "../lib/bundle-format/parse";
import { closeDb, type Db } from "./client";
import { openTestDb } from "../test/db";
import { sqlCount, sqlRow, sqlRows, tableCounts } from "../test/sql";
import { ingestBundle } from "./ingest";

const OPTIONS = { source: "test", status: "approved" } as const;
let db: Db;
let tmp: string;

function write(bundle: DemoFiles, override?: (files: Record<string, string>) => void): string {
  const dir = join(tmp, `${bundle.name}-${Math.random().toString(36).slice(2)}`);
  const files = { ...bundle.files };
  override?.(files);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const TABLES = ["submissions", "tasks", "samples", "steps", "aggregates", "benchmarks"];
const counts = () => tableCounts(db, TABLES);

async function refused(dir: string): Promise<BundleError> {
  const before = await counts();
  const error = await ingestBundle(db, dir, OPTIONS).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  expect(await counts()).toEqual(before);
  return error as BundleError;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-ingest-"));
  db = await openTestDb(join(tmp, "test.db"));
});
afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

type Report = {
  benchmark: string;
  aggregate: Record<string, unknown>;
  samples: Record<string, unknown>[];
  report?: Record<string, unknown>;
  dataset?: string;
};

describe("WebDetective", () => {
  const bundle = demoWebDetectiveBundles()[1];
  let id: number;

  it("imports every line, one task per task_id, steps from messages", async () => {
    const result = await ingestBundle(db, write(bundle), OPTIONS);
    expect(result).toMatchObject({
      benchmark: "webdetective",
      samples: DEMO_WEBDETECTIVE_TASKS,
      tasks: DEMO_WEBDETECTIVE_TASKS,
      duplicate: false,
      malformedSteps: 0,
    });
    id = result.submissionId;
    const steps = await sqlCount(
      db,
      "SELECT count(*) AS c FROM steps JOIN samples ON samples.id = steps.sample_id WHERE samples.submission_id = ?",
      id,
    );
    expect(steps).toBeGreaterThan(DEMO_WEBDETECTIVE_TASKS);
    const sample = (await sqlRow(
      db,
      "SELECT judge_rationale, verdict_label, status FROM samples WHERE submission_id = ? AND task_key = 'wd-0001'",
      id,
    ))!;
    expect(sample.judge_rationale).toMatch(/^Conclusion:/);
    expect(sample.status).toBe("finished");
  });

  it("the metrics --json contract: exactly the contract's keys, equal to the pure module on the same lines", async () => {
    const report = (await moduleReport(db, id)) as unknown as Report;
    expect(Object.keys(report.aggregate).sort()).toEqual(
      [
        "knowledgeScore",
        "searchScore",
        "generationScore",
        "goodRefusalF1",
        "knowledgeUtilizationF1",
        "forgetRate",
        "leadAstrayRate",
        "pass1",
        "n",
      ].sort(),
    );
    const expected = aggregateWebDetective(
      parseSeekboardJsonl(bundle.files["results.jsonl"], "webdetective", "results.jsonl").map(
        webDetectiveInputFromBundle,
      ),
    );
    expect(report.aggregate).toEqual(expected.aggregate);
    expect(report.report?.regions).toEqual(expected.regions);
    expect(report.samples).toHaveLength(DEMO_WEBDETECTIVE_TASKS);
    expect(report.samples[0]).toMatchObject({ taskId: "wd-0001", run: 0 });
    for (const key of [
      "refused",
      "evidence",
      "hopsUsed",
      "hopsGt",
      "searched",
      "cleanEvidenceCorrect",
      "region",
      "response",
      "verdict",
    ])
      expect(report.samples[0]).toHaveProperty(key);
  });

  it("the same bundle again is a duplicate", async () => {
    const before = await counts();
    const again = await ingestBundle(db, write(bundle), OPTIONS);
    expect(again).toMatchObject({ duplicate: true, submissionId: id });
    expect(await counts()).toEqual(before);
  });
});

describe("EvoBrowseComp", () => {
  const bundles = demoEvoBundles();
  it("one submission per version; aggregate {accuracy, exceedRatio, n, runs} equal to the pure module", async () => {
    const bundle = bundles[0];
    const result = await ingestBundle(db, write(bundle), OPTIONS);
    expect(result.samples).toBe(DEMO_EVO_RUNS * DEMO_EVO_TASKS_PER_LANGUAGE * 2 * 2);
    const report = (await moduleReport(db, result.submissionId)) as unknown as Report & {
      submission: { benchmarkVersion: string };
    };
    expect(Object.keys(report.aggregate).sort()).toEqual(["accuracy", "exceedRatio", "n", "runs"]);
    expect(report.submission.benchmarkVersion).toBe("2025-10");
    const manifest = JSON.parse(bundle.files["manifest.json"]) as { results: string[] };
    const samples = manifest.results
      .flatMap((f) => parseSeekboardJsonl(bundle.files[f], "evobrowsecomp", f))
      .map((s) => evoInputFromBundle(s, "2025-10"));
    const expected = aggregateEvoBrowseComp(samples);
    expect(report.aggregate).toEqual(expected.aggregate);
    expect(report.aggregate.runs).toBe(DEMO_EVO_RUNS);
    expect((report.report?.cells as unknown[]).length).toBe(4);
    expect(report.samples[0]).toMatchObject({
      taskId: "evo-2025-10-en-001",
      run: 0,
      language: "en",
      setting: "tool-based",
    });
    for (const key of ["toolCalls", "toolCallLimit", "exceeded", "confidence", "correct"])
      expect(report.samples[0]).toHaveProperty(key);
  });

  it("a manifest without benchmarkVersion is refused", async () => {
    const err = await refused(
      write(bundles[1], (files) => {
        const m = JSON.parse(files["manifest.json"]) as Record<string, unknown>;
        delete m.benchmarkVersion;
        files["manifest.json"] = JSON.stringify(m);
      }),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "benchmarkVersion" });
  });

  it("a line with an unknown setting (after good lines in an earlier file) rolls everything back", async () => {
    const err = await refused(
      write(bundles[2], (files) => {
        const lines = files["run1.jsonl"].trim().split("\n");
        const bad = JSON.parse(lines[4]) as { benchmark: Record<string, unknown> };
        bad.benchmark.setting = "browser";
        lines[4] = JSON.stringify(bad);
        files["run1.jsonl"] = `${lines.join("\n")}\n`;
      }),
    );
    expect(err.details[0]).toMatchObject({
      file: "run1.jsonl",
      line: 5,
      field: "benchmark.setting",
    });
  });

  it("a repeated (task_id, run) across files is refused", async () => {
    const err = await refused(
      write(bundles[3], (files) => {
        files["run2.jsonl"] = files["run1.jsonl"];
      }),
    );
    expect(err.details[0]).toMatchObject({ file: "run2.jsonl", line: 1, field: "run" });
  });
});

describe("generic QA", () => {
  const bundles = demoQaBundles();
  it("the dataset namespaces tasks; aggregate {accuracy, calibrationError, n}", async () => {
    const a = await ingestBundle(db, write(bundles[0]), OPTIONS);
    const b = await ingestBundle(db, write(bundles[3]), OPTIONS);
    expect(a.tasks).toBe(DEMO_QA_TASKS);
    expect(b.tasks).toBe(DEMO_QA_TASKS);
    const versions = await sqlRows(
      db,
      "SELECT DISTINCT benchmark_version AS v FROM tasks WHERE benchmark_id = 'qa' ORDER BY v",
    );
    expect(versions.map((r) => r.v)).toEqual(["browsecomp-demo@v1", "frames-demo@v1"]);
    const report = (await moduleReport(db, a.submissionId)) as unknown as Report;
    expect(report.dataset).toBe("browsecomp-demo");
    expect(Object.keys(report.aggregate).sort()).toEqual(["accuracy", "calibrationError", "n"]);
    const expected = aggregateQa(
      parseSeekboardJsonl(bundles[0].files["results.jsonl"], "qa", "results.jsonl").map(
        qaInputFromBundle,
      ),
    );
    expect(report.aggregate).toEqual(expected.aggregate);
    expect(report.samples[0]).toMatchObject({ taskId: "1", run: 0 });
    expect(report.samples[0]).toHaveProperty("confidence");
  });

  it("a manifest without dataset is refused", async () => {
    const err = await refused(
      write(bundles[1], (files) => {
        const m = JSON.parse(files["manifest.json"]) as Record<string, unknown>;
        delete m.dataset;
        files["manifest.json"] = JSON.stringify(m);
      }),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "dataset" });
  });

  it("invalid JSON on line 3 is refused with its line", async () => {
    const err = await refused(
      write(bundles[2], (files) => {
        const lines = files["results.jsonl"].trim().split("\n");
        lines[2] = lines[2].slice(0, -2);
        files["results.jsonl"] = `${lines.join("\n")}\n`;
      }),
    );
    expect(err.details[0]).toMatchObject({ file: "results.jsonl", line: 3 });
    expect(err.message).toMatch(/invalid JSON/);
  });

  it("a line longer than maxLineBytes is refused", async () => {
    const before = await counts();
    const dir = write(bundles[4]);
    const error = await ingestBundle(db, dir, { ...OPTIONS, maxLineBytes: 200 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).details[0]).toMatchObject({ file: "results.jsonl", line: 1 });
    expect(await counts()).toEqual(before);
  });

  it("a results file missing from the bundle is refused", async () => {
    const err = await refused(write(bundles[5], (files) => void delete files["results.jsonl"]));
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "results.0" });
  });
});

describe("judge model and usage (any Seekboard-format benchmark)", () => {
  type Line = { judge?: string | null; usage?: Record<string, number> };
  /** A small QA bundle: one line per entry, each with the judge model and usage given. */
  function qaBundle(
    name: string,
    lines: Line[],
    manifestExtra: Record<string, unknown> = {},
  ): DemoFiles {
    const rows = lines.map((l, t) => ({
      task_id: String(t + 1),
      question: `question ${t + 1}`,
      gold_answer: "A",
      prediction: t % 2 ? "B" : "A",
      verdict: t % 2 ? "incorrect" : "correct",
      ...(l.judge === undefined ? {} : { judge: { model: l.judge, output: "correct: yes" } }),
      ...(l.usage ? { usage: l.usage } : {}),
    }));
    const manifest = {
      benchmark: "qa",
      format: "seekboard-v1",
      model: name,
      dataset: "judge-usage",
      results: ["results.jsonl"],
      ...manifestExtra,
    };
    return {
      name,
      model: name,
      setting: "default",
      files: {
        "manifest.json": JSON.stringify(manifest),
        "results.jsonl": `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`,
      },
    };
  }
  const judgeOf = async (id: number) =>
    (await sqlRow(db, "SELECT judge_model FROM submissions WHERE id = ?", id))?.judge_model;
  const ingest = async (bundle: DemoFiles) =>
    (await ingestBundle(db, write(bundle), OPTIONS)).submissionId;

  it("the manifest's judgeModel wins over the samples' judge.model", async () => {
    expect(
      await judgeOf(
        await ingest(
          qaBundle("declared", [{ judge: "judge-a" }, { judge: "judge-a" }], {
            judgeModel: "gpt-4.1-2025-04-14",
          }),
        ),
      ),
    ).toBe("gpt-4.1-2025-04-14");
  });

  it("else the samples' most frequent judge.model, ties to the alphabetically first; none when no sample names one", async () => {
    expect(
      await judgeOf(
        await ingest(
          qaBundle("most-frequent", [
            { judge: "judge-b" },
            { judge: "judge-a" },
            { judge: "judge-b" },
            { judge: null },
            {},
          ]),
        ),
      ),
    ).toBe("judge-b");
    expect(
      await judgeOf(
        await ingest(
          qaBundle("tied", [
            { judge: "judge-b" },
            { judge: "judge-a" },
            { judge: "judge-b" },
            { judge: "judge-a" },
          ]),
        ),
      ),
    ).toBe("judge-a");
    expect(
      await judgeOf(await ingest(qaBundle("unnamed", [{ judge: null }, {}, { judge: "  " }]))),
    ).toBeNull();
  });

  it("an empty judgeModel is refused", async () => {
    const err = await refused(
      write(qaBundle("empty-judge", [{ judge: "judge-a" }], { judgeModel: "" })),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "judgeModel" });
  });

  it("stores each sample's usage as reported: what is left out stays null, never 0", async () => {
    const id = await ingest(
      qaBundle("usage", [
        { usage: { prompt_tokens: 5120, completion_tokens: 640, cost_usd: 0.0249, seconds: 41.5 } },
        { usage: { prompt_tokens: 3000, completion_tokens: 0 } },
        { usage: { seconds: 12 } },
        {},
      ]),
    );
    const rows = await sqlRows(
      db,
      "SELECT prompt_tokens, completion_tokens, cost_usd, seconds FROM samples WHERE submission_id = ? ORDER BY source_line",
      id,
    );
    expect(rows).toEqual([
      { prompt_tokens: 5120, completion_tokens: 640, cost_usd: 0.0249, seconds: 41.5 },
      { prompt_tokens: 3000, completion_tokens: 0, cost_usd: null, seconds: null },
      { prompt_tokens: null, completion_tokens: null, cost_usd: null, seconds: 12 },
      { prompt_tokens: null, completion_tokens: null, cost_usd: null, seconds: null },
    ]);
  });
});
