/**
 * InfoMosaic-Bench import path: the release's `{domain}_eval.jsonl` files (+ gold) →
 * database → metricsReport; per-domain splits; malformed bundles refused unchanged.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleReport } from "../cli/metrics-report";
import {
  demoInfoMosaicBundles,
  DEMO_INFOMOSAIC_DOMAINS,
  DEMO_INFOMOSAIC_TASKS_PER_DOMAIN,
} from "../lib/benchmarks/infomosaic/demo";
import type { DemoFiles } from "../lib/demo/files";
import { BundleError } from "../lib/import/errors";
import { parseInfoMosaicEvaluation } from "../lib/benchmarks/infomosaic/formats";
import {
  aggregateInfoMosaic,
  infoMosaicInputFromEvaluation,
} from "../lib/benchmarks/infomosaic/metrics";
import { closeDb, type Db } from "./client";
import { openTestDb } from "../test/db";
import { sqlRow, tableCounts } from "../test/sql";
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

const TABLES = ["submissions", "tasks", "samples", "steps", "aggregates"];
const counts = () => tableCounts(db, TABLES);

async function refused(dir: string): Promise<BundleError> {
  const before = await counts();
  const error = await ingestBundle(db, dir, OPTIONS).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BundleError);
  expect(await counts()).toEqual(before);
  return error as BundleError;
}

const editManifest =
  (edit: (m: Record<string, unknown>) => void) => (files: Record<string, string>) => {
    const m = JSON.parse(files["manifest.json"]) as Record<string, unknown>;
    edit(m);
    files["manifest.json"] = JSON.stringify(m);
  };

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "infomosaic-ingest-"));
  db = await openTestDb(join(tmp, "test.db"));
});
afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("InfoMosaic import", () => {
  const bundles = demoInfoMosaicBundles();

  it("imports every evaluation line; setting derived from the agent; contract {accuracy, passRate, n} equals the pure module", async () => {
    const bundle = bundles[0];
    const result = await ingestBundle(db, write(bundle), OPTIONS);
    const total = DEMO_INFOMOSAIC_DOMAINS.length * DEMO_INFOMOSAIC_TASKS_PER_DOMAIN;
    expect(result).toMatchObject({
      benchmark: "infomosaic",
      setting: "web-only",
      samples: total,
      tasks: total,
      duplicate: false,
    });
    const report = (await moduleReport(db, result.submissionId)) as unknown as {
      aggregate: Record<string, unknown>;
      splits: Record<string, { n: number; accuracy: number }>;
      samples: Record<string, unknown>[];
      report: { heatmap: { counts: number[][] }; toolOutcomes: { overall: { total: number } } };
    };
    expect(Object.keys(report.aggregate).sort()).toEqual(["accuracy", "n", "passRate"]);
    const manifest = JSON.parse(bundle.files["manifest.json"]) as { evaluations: string[] };
    const inputs = manifest.evaluations.flatMap((f) =>
      bundle.files[f]
        .trim()
        .split("\n")
        .map((line, i) =>
          infoMosaicInputFromEvaluation(parseInfoMosaicEvaluation(JSON.parse(line), f, i + 1)),
        ),
    );
    const expected = aggregateInfoMosaic(inputs);
    expect(report.aggregate).toEqual(expected.aggregate);
    expect(Object.keys(report.splits).sort()).toEqual(
      DEMO_INFOMOSAIC_DOMAINS.map((d) => `domain:${d}`).sort(),
    );
    expect(report.splits["domain:bio"]).toMatchObject({
      n: DEMO_INFOMOSAIC_TASKS_PER_DOMAIN,
      accuracy: expected.byDomain.bio?.accuracy,
    });
    expect(report.report.heatmap.counts[0]).toHaveLength(8);
    expect(report.report.toolOutcomes.overall.total).toBeGreaterThan(0);
    expect(report.samples[0]).toMatchObject({ taskId: "map-1", run: 0, domain: "map" });
    for (const key of ["score", "passRate", "toolCalls", "correct"])
      expect(report.samples[0]).toHaveProperty(key);
    const task = (await sqlRow(
      db,
      "SELECT extra, category FROM tasks WHERE benchmark_id = 'infomosaic' AND task_key = 'map-1'",
    ))!;
    expect(JSON.parse(task.extra).testcases.length).toBeGreaterThan(1);
    const sample = (await sqlRow(
      db,
      "SELECT metrics FROM samples WHERE submission_id = ? AND task_key = 'map-1'",
      result.submissionId,
    ))!;
    expect(
      JSON.parse(sample.metrics).testcaseVerdicts.every(
        (v: string | null) => v === "CORRECT" || v === "INCORRECT",
      ),
    ).toBe(true);
  });

  it("the same bundle again is a duplicate", async () => {
    const before = await counts();
    const again = await ingestBundle(db, write(bundles[0]), OPTIONS);
    expect(again.duplicate).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it("no setting and an agent the release does not name is refused", async () => {
    const err = await refused(
      write(
        bundles[1],
        editManifest((m) => (m.agent = "my-agent")),
      ),
    );
    expect(err.details[0]).toMatchObject({ file: "manifest.json", field: "setting" });
  });

  it("an explicit setting overrides the agent's", async () => {
    const result = await ingestBundle(
      db,
      write(
        bundles[1],
        editManifest((m) => ((m.agent = "my-agent"), (m.setting = "domain-tool"))),
      ),
      OPTIONS,
    );
    expect(result.setting).toBe("domain-tool");
  });

  it("the judge model is the manifest's (the release's files name none); no usage is stored (they report none)", async () => {
    const declared = await ingestBundle(
      db,
      write(
        bundles[2],
        editManifest((m) => (m.judgeModel = "gpt-4o-2024-11-20")),
      ),
      OPTIONS,
    );
    expect(
      await sqlRow(db, "SELECT judge_model FROM submissions WHERE id = ?", declared.submissionId),
    ).toEqual({ judge_model: "gpt-4o-2024-11-20" });
    // The demo declares the paper's judge; without the manifest's field nothing names one.
    const undeclared = (
      await ingestBundle(
        db,
        write(
          bundles[1],
          editManifest((m) => delete m.judgeModel),
        ),
        OPTIONS,
      )
    ).submissionId;
    expect(
      await sqlRow(db, "SELECT judge_model FROM submissions WHERE id = ?", undeclared),
    ).toEqual({ judge_model: null });
    const withUsage = await sqlRow(
      db,
      "SELECT count(*) AS c FROM samples WHERE submission_id IN (?, ?) AND coalesce(prompt_tokens, completion_tokens, cost_usd, seconds) IS NOT NULL",
      declared.submissionId,
      undeclared,
    );
    expect(withUsage).toEqual({ c: 0 });
  });

  it("a score of 3 on line 4 of the bio file is refused with file, line and field", async () => {
    const name = (JSON.parse(bundles[2].files["manifest.json"]) as { evaluations: string[] })
      .evaluations[1];
    const err = await refused(
      write(bundles[2], (files) => {
        const lines = files[name].trim().split("\n");
        lines[3] = JSON.stringify({ ...JSON.parse(lines[3]), score: 3 });
        files[name] = `${lines.join("\n")}\n`;
      }),
    );
    expect(err.details[0]).toMatchObject({ file: name, line: 4, field: "score" });
  });

  it("an evaluation line whose task is not in the gold file is refused", async () => {
    const err = await refused(
      write(bundles[3], (files) => {
        const lines = files["info_mosaic_gt_answer.jsonl"].trim().split("\n");
        files["info_mosaic_gt_answer.jsonl"] = `${lines.slice(1).join("\n")}\n`;
      }),
    );
    expect(err.details[0]).toMatchObject({ line: 1, field: "id" });
  });

  it("a refused gold line is reported once (not again as each task it lacks), beside the evaluation lines' errors", async () => {
    const name = (JSON.parse(bundles[3].files["manifest.json"]) as { evaluations: string[] })
      .evaluations[0];
    const err = await refused(
      write(bundles[3], (files) => {
        const gold = files["info_mosaic_gt_answer.jsonl"].trim().split("\n");
        gold[0] = "{oops";
        files["info_mosaic_gt_answer.jsonl"] = `${gold.join("\n")}\n`;
        const lines = files[name].trim().split("\n");
        lines[1] = JSON.stringify({ ...JSON.parse(lines[1]), score: 3 });
        files[name] = `${lines.join("\n")}\n`;
      }),
    );
    expect(err.details.map((d) => [d.file, d.line, d.field])).toEqual([
      ["info_mosaic_gt_answer.jsonl", 1, null],
      [name, 2, "score"],
    ]);
  });

  it("an unknown domain is refused", async () => {
    const name = (JSON.parse(bundles[3].files["manifest.json"]) as { evaluations: string[] })
      .evaluations[0];
    const err = await refused(
      write(bundles[3], (files) => {
        const lines = files[name].trim().split("\n");
        lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), domain: "astrology" });
        files[name] = `${lines.join("\n")}\n`;
      }),
    );
    expect(err.details[0]).toMatchObject({ file: name, line: 1, field: "domain" });
  });
});
