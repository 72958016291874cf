import { describe, expect, it } from "vitest";
import { reviewedSample } from "../review-fixtures";
import { evoDiagnosis } from "./review";

const metrics = {
  verdict: "incorrect",
  statedConfidence: null,
  judgeConfidence: null,
  judgeModel: null,
  extractedFinalAnswer: null,
  toolCalls: 2,
  language: "en",
  setting: "tool-based",
  toolCallLimit: 2,
  toolCallsCounted: true,
  domain: null,
  hops: null,
  freshEvidence: null,
  rootDomains: null,
  exceeded: true,
};

describe("evoDiagnosis", () => {
  it("adds the tool-call limit when the run exceeded it", () => {
    const sample = reviewedSample(
      [
        { query: "q", reply: "…" },
        { query: "q", reply: "…" },
      ],
      { metrics },
    );
    expect(evoDiagnosis(sample).items).toEqual([
      { text: "1 repeated query (first at call 2, repeating call 1)", callIndex: 2 },
      { text: "answered wrongly after 2 calls", callIndex: 2 },
      { text: "stopped by the tool-call limit (2)", callIndex: null },
    ]);
  });

  it("says nothing of the limit when the run stayed under it", () => {
    expect(
      evoDiagnosis(
        reviewedSample([{ query: "q", reply: "…" }], {
          metrics: { ...metrics, toolCalls: 1, exceeded: false },
        }),
      ).items,
    ).toEqual([{ text: "answered wrongly after 1 call", callIndex: 1 }]);
  });

  it("says the stored trajectory is partial when the record counts more calls than it holds", () => {
    const sample = reviewedSample(
      [
        { query: "a", reply: "…" },
        { query: "b", reply: "…" },
        { query: "c", reply: "…" },
      ],
      { metrics: { ...metrics, toolCalls: 40, toolCallLimit: 40, toolCallsCounted: false } },
    );
    expect(evoDiagnosis(sample).items).toEqual([
      { text: "the stored trajectory is partial: 3 of the run's 40 calls", callIndex: 3 },
      { text: "answered wrongly after 40 calls", callIndex: 3 },
      { text: "stopped by the tool-call limit (40)", callIndex: null },
    ]);
  });
});
