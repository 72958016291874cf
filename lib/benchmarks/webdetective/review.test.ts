import { describe, expect, it } from "vitest";
import { reviewedSample } from "../review-fixtures";
import { webDetectiveDiagnosis, webDetectiveReview } from "./review";

const metrics = {
  verdict: "incorrect",
  statedConfidence: null,
  judgeConfidence: null,
  judgeModel: null,
  extractedFinalAnswer: null,
  toolCalls: 1,
  evidence: [
    { id: "e1", foundBySearch: true, probeCorrect: null },
    { id: "e2", foundBySearch: false, probeCorrect: false },
    { id: "e3", foundBySearch: false, probeCorrect: true },
  ],
  refused: false,
  hopsUsed: 1,
  hopsGt: 3,
  searched: true,
  cleanEvidenceCorrect: null,
  knowledgeSufficient: false,
  region: "I",
  response: "wrong",
  missingEvidence: ["e2"],
  searchCredit: false,
  degradation: null,
};

describe("webDetectiveDiagnosis", () => {
  it("names each evidence link search did not find, the region and the hops", () => {
    expect(
      webDetectiveDiagnosis(reviewedSample([{ query: "q", reply: "…" }], { metrics })).items,
    ).toEqual([
      { text: "evidence link e2 not found by search and the probe got it wrong", callIndex: null },
      {
        text: "evidence link e3 not found by search (known: the probe answered it)",
        callIndex: null,
      },
      { text: "region I: knowledge insufficient (missing e2)", callIndex: null },
      { text: "1 hop used, 3 in the ground truth", callIndex: null },
      { text: "answered wrongly after 1 call", callIndex: 1 },
    ]);
  });

  it("links each evidence link its bundle places to that call, and marks the call", () => {
    const placed = {
      ...metrics,
      toolCalls: 2,
      evidence: [
        { id: "e1", foundBySearch: true, probeCorrect: null, foundAtCall: 2 },
        { id: "e2", foundBySearch: true, probeCorrect: null, foundAtCall: 2 },
        { id: "e3", foundBySearch: false, probeCorrect: true },
      ],
      missingEvidence: [],
    };
    const sample = reviewedSample(
      [
        { query: "q1", reply: "nothing" },
        { query: "q2", reply: "both links" },
      ],
      { metrics: placed },
    );
    const items = webDetectiveDiagnosis(sample).items;
    expect(items.slice(0, 2)).toEqual([
      { text: "evidence link e1 found at call 2", callIndex: 2 },
      { text: "evidence link e2 found at call 2", callIndex: 2 },
    ]);
    const marks = webDetectiveReview.calls(sample);
    expect(marks.map((m) => m.note)).toEqual([undefined, "found evidence e1, e2"]);
  });

  it("a refusal with no calls is not also reported as a missing answer", () => {
    const refused = {
      ...metrics,
      refused: true,
      response: "refused",
      toolCalls: 0,
      evidence: [{ id: "e1", foundBySearch: false, probeCorrect: null }],
      missingEvidence: ["e1"],
      hopsUsed: 3,
    };
    expect(
      webDetectiveDiagnosis(reviewedSample([], { metrics: refused, prediction: null })).items,
    ).toEqual([
      { text: "evidence link e1 not found by search (not probed)", callIndex: null },
      { text: "region I: knowledge insufficient (missing e1)", callIndex: null },
      { text: "refused to answer", callIndex: null },
      { text: "no tool calls", callIndex: null },
    ]);
  });
});
