import { describe, expect, it } from "vitest";
import { reviewedSample } from "../review-fixtures";
import { mpwCallMarks, mpwDiagnosis } from "./review";

const facts = { score: "3-1", scorer: "Ada", venue: "Lyon" };
const hit = (callIndex: number, keys: string[], compound = false) => ({
  callIndex,
  hit: true,
  matchedFactKeys: keys,
  compound,
});
const miss = (callIndex: number, compound = false) => ({
  callIndex,
  hit: false,
  matchedFactKeys: [],
  compound,
});

describe("mpwCallMarks", () => {
  it("marks new facts, hits on covered facts, misses, compound misses, repeats, errors and unlogged calls", () => {
    const sample = reviewedSample(
      [
        { query: "final score", reply: "3-1" },
        { query: "who scored", reply: "Ada" },
        { query: "Final score", reply: "3-1" },
        { query: "score and venue and date", reply: "…" },
        { query: "weather", reply: "Error: timeout" },
        { query: "stadium", reply: "…" },
        { query: "anything", reply: "…" },
      ],
      {
        task: { atomicFacts: facts, extra: null },
        firstCoveredAt: { score: 1, scorer: 2, venue: null },
        hitLog: [
          hit(1, ["score"]),
          hit(2, ["scorer", "score"]),
          hit(3, ["score"]),
          miss(4, true),
          miss(5),
          hit(6, ["score"]),
        ],
      },
    );
    expect(mpwCallMarks(sample).map((m) => [m.call, m.outcome])).toEqual([
      [1, "new-fact"],
      [2, "new-fact"],
      [3, "repeated-query"],
      [4, "compound"],
      [5, "error"],
      [6, "hit-covered"],
      [7, "unlogged"],
    ]);
  });

  it("has no cells for a trajectory without calls", () => {
    expect(mpwCallMarks(reviewedSample([]))).toEqual([]);
  });
});

describe("mpwDiagnosis", () => {
  it("says where the facts stopped coming, what was never covered, the repeats and the limit", () => {
    const sample = reviewedSample(
      [
        { query: "a", reply: "…" },
        { query: "b", reply: "…" },
        { query: "a", reply: "…" },
        { query: "c", reply: "…" },
      ],
      {
        status: "max_turns_reached",
        prediction: "",
        task: { atomicFacts: facts, extra: null },
        firstCoveredAt: { score: 2, scorer: null, venue: null },
        hitLog: [miss(1), hit(2, ["score"]), hit(3, ["score"]), miss(4)],
      },
    );
    expect(mpwDiagnosis(sample).items).toEqual([
      { text: "last new fact at call 2", callIndex: 2 },
      { text: "2 calls after it found nothing new", callIndex: 3 },
      { text: "2 facts never queried: scorer, venue", callIndex: null },
      { text: "1 repeated query (first at call 3, repeating call 1)", callIndex: 3 },
      { text: "stopped by the tool-call limit (max_turns_reached)", callIndex: 4 },
      { text: "no final answer", callIndex: null },
    ]);
  });

  it("with zero tool calls says so and lists every fact as never queried", () => {
    const sample = reviewedSample([], {
      task: { atomicFacts: { a: "1" }, extra: null },
      firstCoveredAt: { a: null },
    });
    expect(mpwDiagnosis(sample).items).toEqual([
      { text: "no tool calls", callIndex: null },
      { text: "1 fact never queried: a", callIndex: null },
      { text: "answered wrongly without a tool call", callIndex: null },
    ]);
  });

  it("when every call repeats the first and no fact was covered", () => {
    const sample = reviewedSample(
      [
        { query: "q", reply: "…" },
        { query: "q", reply: "…" },
        { query: "q", reply: "…" },
      ],
      {
        task: { atomicFacts: { a: "1" }, extra: null },
        firstCoveredAt: { a: null },
        hitLog: [miss(1), miss(2), miss(3)],
      },
    );
    expect(mpwCallMarks(sample).map((m) => m.outcome)).toEqual([
      "miss",
      "repeated-query",
      "repeated-query",
    ]);
    expect(mpwDiagnosis(sample).items).toEqual([
      { text: "none of 3 calls covered a fact", callIndex: null },
      { text: "1 fact never queried: a", callIndex: null },
      { text: "2 repeated queries (first at call 2, repeating call 1)", callIndex: 2 },
      { text: "answered wrongly after 3 calls", callIndex: 3 },
    ]);
  });

  it("tells a fact queried and never returned from one never queried; counts repeats as the timeline colours them", () => {
    const red = "Bilibili Gaming — map wins on red side";
    const blue = "Bilibili Gaming — map wins on blue side";
    const sample = reviewedSample(
      [
        { query: "Bilibili Gaming map wins on red side", reply: "…" },
        { query: "Weibo Gaming roster", reply: "…" },
        { query: "Bilibili Gaming map wins on red side", reply: "…" },
        { query: "Weibo Gaming roster", reply: "…" },
      ],
      {
        task: { atomicFacts: { [red]: "7", [blue]: "5", roster: "WBG" }, extra: null },
        firstCoveredAt: { [red]: null, [blue]: null, roster: 4 },
        hitLog: [miss(1), miss(2), miss(3), hit(4, ["roster"])],
      },
    );
    // Call 4 repeats call 2 but is coloured "new fact": neither the legend nor the summary counts it.
    expect(mpwCallMarks(sample).map((m) => m.outcome)).toEqual([
      "miss",
      "miss",
      "repeated-query",
      "new-fact",
    ]);
    expect(mpwDiagnosis(sample).items).toEqual([
      { text: "last new fact at call 4", callIndex: 4 },
      { text: `“${red}” queried at calls 1, 3, never returned`, callIndex: 1 },
      { text: `1 fact never queried: ${blue}`, callIndex: null },
      { text: "1 repeated query (first at call 3, repeating call 1)", callIndex: 3 },
      { text: "answered wrongly after 4 calls", callIndex: 4 },
    ]);
  });

  it("for a task without atomic facts says only what the calls did", () => {
    const sample = reviewedSample([{ query: "q", reply: "…" }], { correct: true });
    expect(mpwDiagnosis(sample).items).toEqual([
      { text: "the task lists no atomic facts: coverage cannot be told", callIndex: null },
    ]);
  });
});
