import { describe, expect, it } from "vitest";
import { stepsOf } from "../benchmarks/review-fixtures";
import { callFailed, callsOf, normaliseQuery, repeatedQueries } from "./calls";

describe("callsOf", () => {
  it("ties each call to its first reply and keeps calls without one", () => {
    const calls = callsOf(stepsOf([{ query: "a", reply: "r1" }, { query: "b" }]));
    expect(calls).toEqual([
      { callIndex: 1, name: "search", query: "a", malformed: null, result: "r1" },
      { callIndex: 2, name: "search", query: "b", malformed: null, result: null },
    ]);
  });

  it("is empty for a trajectory without calls", () => {
    expect(callsOf(stepsOf([]))).toEqual([]);
  });
});

describe("callFailed", () => {
  it("counts unreadable arguments and error replies, not ordinary ones or missing replies", () => {
    expect(callFailed({ malformed: "invalid JSON", result: "ok" })).toBe(true);
    expect(callFailed({ malformed: null, result: "Traceback (most recent call last):\n…" })).toBe(
      true,
    );
    expect(callFailed({ malformed: null, result: '{"error": "rate limited"}' })).toBe(true);
    expect(callFailed({ malformed: null, result: "The error rate of the method was 3%." })).toBe(
      false,
    );
    expect(callFailed({ malformed: null, result: null })).toBe(false);
  });
});

describe("repeatedQueries", () => {
  it("maps each repeat to the first call that sent the query, ignoring case, spaces and edge punctuation", () => {
    expect(normaliseQuery("  Who  won the 2031 Cup? ")).toBe("who won the 2031 cup");
    const calls = callsOf(
      stepsOf([
        { query: "Who won the 2031 Cup?" },
        { query: "other" },
        { query: "who won  the 2031 cup" },
        { query: "OTHER" },
      ]),
    );
    expect([...repeatedQueries(calls)]).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });

  it("marks every call after the first when all send the same query", () => {
    const calls = callsOf(stepsOf([{ query: "q" }, { query: "q" }, { query: "Q" }]));
    expect([...repeatedQueries(calls).keys()]).toEqual([2, 3]);
  });

  it("never counts calls without a query", () => {
    expect(repeatedQueries(callsOf(stepsOf([{}, {}, { query: "" }, { query: "" }]))).size).toBe(0);
  });
});
