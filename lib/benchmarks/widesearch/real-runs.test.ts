/**
 * Every real run in runshengdu/widesearch_exp (14 run files): parsing its
 * evaluation CSV and aggregating it reproduces the run's own summary JSON. The producer
 * (`main.py`, `_calc_summary_from_csv`) groups rows by instance id in first-appearance
 * order, takes np.mean / np.max / np.min over each task's runs, then np.mean over tasks;
 * with NumPy's summation order we match its numbers bit for bit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { aggregateWideSearch, WIDESEARCH_METRIC_KEYS } from "./aggregate";
import {
  CSV_METRIC_KEYS,
  CSV_METRICS,
  parseWideSearchEvalCsv,
  parseWideSearchSummary,
} from "./formats";

// The repository's copy (the demo loads it) unless another checkout of widesearch_exp is named.
const ROOT =
  process.env.WIDESEARCH_EXP_DIR ?? join(__dirname, "..", "..", "..", "demo", "widesearch", "real");

function csvFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return csvFiles(path);
    return entry.name.endsWith(".csv") ? [path] : [];
  });
}

const RUNS = csvFiles(ROOT)
  .sort()
  .map((path) => {
    const name = relative(ROOT, path);
    const summaryPath = path.replace(/\.csv$/, "_summary.json");
    return {
      name,
      model: name.split("/eval/")[0],
      rows: parseWideSearchEvalCsv(readFileSync(path, "utf8"), name),
      summary: parseWideSearchSummary(
        JSON.parse(readFileSync(summaryPath, "utf8")),
        relative(ROOT, summaryPath),
      ),
    };
  });

describe("real widesearch_exp runs", () => {
  it("has 14 run files from 12 model folders, 100 English tasks each", () => {
    // The data README says 13 models; the folders hold 12 (deepseek-reasoner and kimi-k2.5
    // have two run files each: 12 + 2 = 14 files).
    expect(RUNS).toHaveLength(14);
    expect(new Set(RUNS.map((r) => r.model)).size).toBe(12);
    for (const run of RUNS) {
      expect(run.rows).toHaveLength(100);
      expect(new Set(run.rows.map((r) => r.instanceId)).size).toBe(100);
      expect(run.rows.every((r) => r.instanceId.startsWith("ws_en_") && r.trialIdx === 0)).toBe(
        true,
      );
    }
  });

  it.each(RUNS.map((r) => [r.name, r] as const))(
    "%s: aggregating the CSV reproduces its summary JSON",
    (_, run) => {
      const report = aggregateWideSearch(run.rows);
      expect(report.aggregate.n).toBe(100);
      expect(report.aggregate.runs).toBe(1);
      expect(Object.keys(run.summary.metrics).sort()).toEqual([...CSV_METRICS].sort());
      for (const metric of CSV_METRICS) {
        const ours = report.stats![CSV_METRIC_KEYS[metric]];
        const theirs = run.summary.metrics[metric];
        // Bit for bit (a tolerance of 1e-9 would hide a wrong summation order only).
        expect([metric, ours.avg, ours.max, ours.min]).toEqual([
          metric,
          theirs.avg_n,
          theirs.max_n,
          theirs.min_n,
        ]);
      }
      // The CLI aggregate reads the same numbers.
      expect(report.aggregate.successAvg).toBe(run.summary.metrics.score.avg_n);
      expect(report.aggregate.successPass).toBe(run.summary.metrics.score.max_n);
      expect(report.aggregate.rowF1Avg).toBe(run.summary.metrics.f1_by_row.avg_n);
      expect(report.aggregate.itemF1Max).toBe(run.summary.metrics.f1_by_item.max_n);
      expect(report.aggregate.itemRecallAvg).toBe(run.summary.metrics.recall_by_item.avg_n);
    },
  );

  it("kimi-k2-thinking failed throughout and uses the newer summary layout", () => {
    const run = RUNS.find((r) => r.model === "kimi-k2-thinking")!;
    expect(run.summary.layout).toBe("with-evaluator-config");
    expect(run.summary.evaluatorConfig).toMatchObject({ name: "google/gemini-3-flash-preview" });
    expect(
      run.rows.every((r) => r.msg === "response is None" && !r.success && r.itemF1 === 0),
    ).toBe(true);
    expect(RUNS.filter((r) => r.summary.layout === "flat")).toHaveLength(13);
  });

  it("keeps multi-line messages whole (printed score tables, tracebacks)", () => {
    const all = RUNS.flatMap((r) => r.rows);
    expect(
      all.filter((r) => r.msg.includes("All items match perfectly.")).every((r) => r.success),
    ).toBe(true);
    expect(all.some((r) => r.msg.startsWith("evaluator error: \nTraceback"))).toBe(true);
    // A row's line is where it starts: the header is line 1, so the first row is line 2.
    expect(RUNS.every((r) => r.rows[0].line === 2)).toBe(true);
  });

  it.each(["deepseek-reasoner", "kimi-k2.5"])(
    "%s: two run files are two runs of one model (N = 2)",
    (model) => {
      const [first, second] = RUNS.filter((r) => r.model === model);
      const report = aggregateWideSearch([...first.rows, ...second.rows]);
      expect(report.aggregate).toMatchObject({ n: 100, runs: 2 });
      expect(report.runsPerTask).toEqual({ min: 2, max: 2 });
      for (const key of WIDESEARCH_METRIC_KEYS) {
        const metric = (Object.keys(CSV_METRIC_KEYS) as (keyof typeof CSV_METRIC_KEYS)[]).find(
          (m) => CSV_METRIC_KEYS[m] === key,
        )!;
        const a = first.summary.metrics[metric].avg_n;
        const b = second.summary.metrics[metric].avg_n;
        // Avg@2 is the mean of the two runs' Avg@1; Max@2 and Min@2 bracket both.
        expect(report.stats![key].avg).toBeCloseTo((a + b) / 2, 12);
        expect(report.stats![key].max).toBeGreaterThanOrEqual(Math.max(a, b) - 1e-12);
        expect(report.stats![key].min).toBeLessThanOrEqual(Math.min(a, b) + 1e-12);
      }
      // Pass@2: tasks solved in either run.
      const solved = new Set(
        [...first.rows, ...second.rows].filter((r) => r.success).map((r) => r.instanceId),
      );
      expect(report.aggregate.successPass).toBeCloseTo(solved.size / 100, 12);
    },
  );
});
