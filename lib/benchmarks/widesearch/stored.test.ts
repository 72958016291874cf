import { describe, expect, it } from "vitest";
import { aggregateWideSearch, type WideSearchRunSample } from "./aggregate";
import type { WideSearchSummary } from "./formats";
import { summaryCheck, wideSearchReason, wideSearchSampleMetricsSchema } from "./stored";
import { wideSearchStoredAggregateSchema } from "./stored-aggregate";

describe("wideSearchReason", () => {
  it("keeps the producer's error messages (their first line)", () => {
    expect(wideSearchReason("response is None")).toBe("response is None");
    expect(wideSearchReason("  response_df is None\n")).toBe("response_df is None");
    const mismatch =
      "required_columns ['rank', 'universityname', 'country', 'specificaddress'] != response_df Index(['rank', 'universityname', 'foundingyear', 'country', 'specificaddress'], dtype='object')";
    expect(wideSearchReason(mismatch)).toBe(mismatch);
    const traceback =
      'evaluator error: \nTraceback (most recent call last):\n  File "evaluation.py", line 105, in evaluate_single_query\n    response_df = response.extract_dataframe()\npandas.errors.EmptyDataError: No columns to parse from file\n';
    expect(wideSearchReason(traceback)).toBe(
      "evaluator error: pandas.errors.EmptyDataError: No columns to parse from file",
    );
    expect(wideSearchReason(traceback)).not.toContain("\n");
  });

  it("caps a long message at 500 characters", () => {
    expect(wideSearchReason("x".repeat(800))).toBe("x".repeat(500));
  });

  it("the printed per-cell score table is no reason: null", () => {
    // As the official evaluator prints it into `msg` (real, from claude-sonnet-4.5 ws_en_028).
    const table =
      "   brand_exact_match  worldwide_number_near  newyork_exact_match  detroit_exact_match  seattle_exact_match\n0                1.0                    1.0                  1.0                  1.0                  1.0\n1                1.0                    1.0                  1.0                  1.0                  0.0";
    expect(wideSearchReason(table)).toBeNull();
    for (const metric of [
      "exact_match",
      "number_near",
      "date_near",
      "url_match",
      "in_match",
      "llm_judge",
    ]) {
      expect(
        wideSearchReason(`    col_${metric}  other_exact_match\n0   1.0   0.0`),
        metric,
      ).toBeNull();
    }
  });

  it("an empty or blank msg is no reason: null", () => {
    expect(wideSearchReason("")).toBeNull();
    expect(wideSearchReason("  \n\t ")).toBeNull();
  });

  it("a message that merely mentions a metric name later on is still a reason", () => {
    expect(wideSearchReason("column mismatch: name_exact_match missing")).toBe(
      "column mismatch: name_exact_match missing",
    );
  });
});

const run = (
  instanceId: string,
  success: boolean,
  rowF1: number,
  itemF1: number,
): WideSearchRunSample => ({
  instanceId,
  success,
  rowPrecision: rowF1,
  rowRecall: rowF1,
  rowF1,
  itemPrecision: itemF1,
  itemRecall: itemF1,
  itemF1,
});

// Two tasks, one run each: success 1 and 0 → avg = max = min = 0.5;
// rowF1 1 and 0.5 → 0.75; itemF1 1 and 0.75 → 0.875.
const REPORT = aggregateWideSearch([
  run("ws_en_001", true, 1, 1),
  run("ws_en_002", false, 0.5, 0.75),
]);
const stats = (v: number) => ({ avg_n: v, max_n: v, min_n: v });
const MATCHING: WideSearchSummary = {
  layout: "flat",
  evaluatorConfig: null,
  metrics: {
    score: stats(0.5),
    precision_by_row: stats(0.75),
    recall_by_row: stats(0.75),
    f1_by_row: stats(0.75),
    precision_by_item: stats(0.875),
    recall_by_item: stats(0.875),
    f1_by_item: stats(0.875),
  },
};

describe("summaryCheck", () => {
  it("a summary our aggregation reproduces: matches, difference 0, nothing worst", () => {
    expect(summaryCheck(REPORT, MATCHING, "run_summary.json")).toEqual({
      summary: "run_summary.json",
      layout: "flat",
      matches: true,
      maxDifference: 0,
      worst: null,
      judge: null,
    });
  });

  it("names the largest difference", () => {
    const summary = structuredClone(MATCHING);
    summary.metrics.f1_by_row = { avg_n: 0.75, max_n: 0.8, min_n: 0.75 }; // off by 0.05
    summary.metrics.score = { avg_n: 0.5, max_n: 0.5, min_n: 0.49 }; // off by 0.01
    const check = summaryCheck(REPORT, summary, "s.json");
    expect(check.matches).toBe(false);
    expect(check.worst).toBe("f1_by_row.max_n");
    expect(check.maxDifference).toBeCloseTo(0.05, 12);
  });

  it("differences within 1e-9 still match", () => {
    const summary = structuredClone(MATCHING);
    summary.metrics.f1_by_item.avg_n += 5e-10;
    const check = summaryCheck(REPORT, summary, "s.json");
    expect(check.matches).toBe(true);
    expect(check.worst).toBe("f1_by_item.avg_n");
  });

  it("metrics the summary leaves out are not compared; unknown metrics are ignored", () => {
    const summary: WideSearchSummary = {
      layout: "flat",
      evaluatorConfig: null,
      metrics: { score: stats(0.5), something_else: stats(7) },
    };
    expect(summaryCheck(REPORT, summary, "s.json")).toMatchObject({
      matches: true,
      maxDifference: 0,
    });
  });

  it("the newer layout: its judge model is reported", () => {
    const summary: WideSearchSummary = {
      ...MATCHING,
      layout: "with-evaluator-config",
      evaluatorConfig: { name: "google/gemini-3-flash-preview", temperature: 1 },
    };
    expect(summaryCheck(REPORT, summary, "s.json")).toMatchObject({
      layout: "with-evaluator-config",
      judge: "google/gemini-3-flash-preview",
      matches: true,
    });
  });

  it("no rows of ours to compare with: no match", () => {
    const check = summaryCheck(aggregateWideSearch([]), MATCHING, "s.json");
    expect(check.matches).toBe(false);
    expect(check.maxDifference).toBe(Infinity);
    expect(check.worst).toBe("score.avg_n");
  });
});

describe("stored shapes", () => {
  it("sample metrics: call counts may be null (unknown), not missing", () => {
    const base = {
      success: true,
      rowPrecision: 1,
      rowRecall: 1,
      rowF1: 1,
      itemPrecision: 1,
      itemRecall: 1,
      itemF1: 1,
      reason: null,
      complete: true,
      unscoredCells: 0,
      trialIdx: 0,
    };
    expect(
      wideSearchSampleMetricsSchema.safeParse({ ...base, searchCalls: null, browseCalls: null })
        .success,
    ).toBe(true);
    expect(
      wideSearchSampleMetricsSchema.safeParse({ ...base, searchCalls: 3, browseCalls: 1 }).success,
    ).toBe(true);
    expect(wideSearchSampleMetricsSchema.safeParse(base).success).toBe(false);
  });

  it("the stored aggregate schema rejects a row without the contract's fields", () => {
    expect(wideSearchStoredAggregateSchema.safeParse({ successAvg: 0.5, n: 1 }).success).toBe(
      false,
    );
  });
});
