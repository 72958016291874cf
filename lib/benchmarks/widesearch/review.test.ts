import { describe, expect, it } from "vitest";
import { reviewedSample } from "../review-fixtures";
import { wideSearchDiagnosis, wideSearchReview } from "./review";

const cell = (
  column: string,
  predicted: string,
  gold: string,
  score: number | "unscored",
  isKey = false,
) => ({ column, predicted, gold, isKey, score });
const detail = {
  score: {
    status: "scored",
    reason: null,
    counts: { goldRows: 3, matchedRows: 2, predRows: 3 },
    rows: [
      {
        key: { city: "Lyon" },
        cells: [cell("city", "Lyon", "Lyon", 1, true), cell("population", "500000", "522000", 0)],
      },
      {
        key: { city: "Nice" },
        cells: [
          cell("city", "Nice", "Nice", 1, true),
          cell("population", "342000", "342000", 1),
          cell("mayor", "?", "Estrosi", "unscored"),
        ],
      },
    ],
    missingGoldRows: [{ key: { city: "Paris" } }],
    extraPredictedRows: [{ key: { city: "Atlantis" } }],
  },
};

describe("wideSearchReview", () => {
  const sample = reviewedSample(
    [
      { name: "search", query: "french cities", reply: "…" },
      { name: "browse_page", reply: "…" },
      { name: "search", query: "French cities", reply: "…" },
      { name: "python", reply: "Traceback (most recent call last):" },
    ],
    { detail },
  );

  it("marks searches, opened pages, repeats and errors", () => {
    expect(wideSearchReview.calls(sample).map((m) => m.outcome)).toEqual([
      "results",
      "page-opened",
      "repeated-query",
      "error",
    ]);
  });

  it("names missing rows, wrong cells (unscored ones left out) and extra rows", () => {
    expect(wideSearchDiagnosis(sample).items).toEqual([
      { text: "1 gold row of 3 missing: Paris", callIndex: null },
      {
        text: "1 wrong cell in matched rows: Lyon · population: “500000”, gold “522000”",
        callIndex: null,
      },
      { text: "1 predicted row not in the gold table: Atlantis", callIndex: null },
      { text: "1 page opened", callIndex: null },
      { text: "1 tool call failed (first at call 4)", callIndex: 4 },
      { text: "1 repeated query (first at call 3, repeating call 1)", callIndex: 3 },
      { text: "answered wrongly after 4 calls", callIndex: 4 },
    ]);
  });

  it("for a results-only sample (no trajectory, no diff) says what is missing", () => {
    expect(
      wideSearchDiagnosis({ ...reviewedSample([]), steps: [], prediction: null }).items,
    ).toEqual([
      { text: "no trajectory recorded", callIndex: null },
      { text: "no final answer", callIndex: null },
    ]);
  });

  it("gives the reason a sample was not scored", () => {
    const unscored = {
      score: { ...detail.score, status: "no_table", reason: "no markdown table in the response" },
    };
    expect(wideSearchDiagnosis(reviewedSample([], { detail: unscored })).items[0]).toEqual({
      text: "not scored (no_table): no markdown table in the response",
      callIndex: null,
    });
  });
});
