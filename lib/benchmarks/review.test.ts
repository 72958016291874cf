import { describe, expect, it } from "vitest";
import { answerJudgedReview } from "./review";
import { reviewedSample } from "./review-fixtures";

describe("answerJudgedReview", () => {
  it("marks calls as calls, repeated queries and errors", () => {
    const sample = reviewedSample([
      { query: "a", reply: "…" },
      { query: "A", reply: "…" },
      { query: "b", reply: "Error: 429" },
    ]);
    expect(answerJudgedReview.calls(sample)).toEqual([
      { call: 1, outcome: "results" },
      { call: 2, outcome: "repeated-query" },
      { call: 3, outcome: "error" },
    ]);
    expect(answerJudgedReview.diagnosis(sample).items).toEqual([
      { text: "1 tool call failed (first at call 3)", callIndex: 3 },
      { text: "1 repeated query (first at call 2, repeating call 1)", callIndex: 2 },
      { text: "answered wrongly after 3 calls", callIndex: 3 },
    ]);
  });

  it("colours each call by what its reply brought back", () => {
    const sample = reviewedSample([
      { query: "a", reply: '{"search_query": "a", "search_result": [{"title": "t"}]}' },
      { query: "b", reply: '{"search_query": "b", "search_result": []}' },
      { query: "c", reply: "[]" },
      { query: "d" },
      { name: "visit", reply: "<html>…</html>" },
      { name: "python", reply: "42" },
    ]);
    expect(answerJudgedReview.calls(sample).map((m) => m.outcome)).toEqual([
      "results",
      "no-results",
      "no-results",
      "no-reply",
      "page-opened",
      "call",
    ]);
  });

  it("counts a repeated query that failed as the timeline does: an error, not a repeat", () => {
    const sample = reviewedSample([
      { query: "a", reply: "…" },
      { query: "a", reply: "Error: 429" },
    ]);
    expect(answerJudgedReview.calls(sample).map((m) => m.outcome)).toEqual(["results", "error"]);
    expect(answerJudgedReview.diagnosis(sample).items).toEqual([
      { text: "1 tool call failed (first at call 2)", callIndex: 2 },
      { text: "answered wrongly after 2 calls", callIndex: 2 },
    ]);
  });

  it("with zero tool calls and no answer says both", () => {
    const sample = reviewedSample([], { prediction: null });
    expect(answerJudgedReview.calls(sample)).toEqual([]);
    expect(answerJudgedReview.diagnosis(sample).items).toEqual([
      { text: "no tool calls", callIndex: null },
      { text: "no final answer", callIndex: null },
    ]);
  });

  it("says nothing of a right answer", () => {
    expect(
      answerJudgedReview.diagnosis(reviewedSample([{ query: "a", reply: "…" }], { correct: true }))
        .items,
    ).toEqual([]);
  });

  it("tells a sample without a recorded trajectory from one without calls", () => {
    expect(answerJudgedReview.diagnosis({ ...reviewedSample([]), steps: [] }).items).toEqual([
      { text: "no trajectory recorded", callIndex: null },
      { text: "answered wrongly", callIndex: null },
    ]);
  });
});
