import { describe, expect, it } from "vitest";
import { reviewedSample } from "../review-fixtures";
import { infoMosaicDiagnosis, infoMosaicReview } from "./review";

const metrics = {
  domain: "map",
  score: 0,
  passRate: 0.5,
  passRateOverOne: 0.5,
  numToolCalls: 5,
  toolCallTurns: 4,
  extractedResponse: "Café",
  testcaseVerdicts: ["CORRECT", "INCORRECT", null],
};

describe("infoMosaicReview", () => {
  const sample = reviewedSample(
    [
      { name: "maps_search", reply: '[{"name": "Café"}]' },
      { name: "maps_search", reply: "[]" },
      { name: "maps_serach", reply: "Unknown tool: maps_serach" },
      { name: "maps_route", reply: "TypeError: missing 1 required positional argument: 'origin'" },
      { name: "maps_route" },
    ],
    {
      metrics,
      task: {
        atomicFacts: {},
        extra: {
          testcases: [
            { condition: "is in Lyon", groundTruth: null },
            { condition: "opens before 8", groundTruth: "7:30" },
            { condition: "has Wi-Fi", groundTruth: null },
          ],
        },
      },
    },
  );

  it("classifies each call as the paper's four outcomes, or no reply", () => {
    expect(infoMosaicReview.calls(sample).map((m) => m.outcome)).toEqual([
      "valid",
      "invalid",
      "selection-error",
      "usage-error",
      "no-reply",
    ]);
  });

  it("names the failing testcases and the tool errors", () => {
    expect(infoMosaicDiagnosis(sample).items).toEqual([
      { text: "1 testcase failed: #2 opens before 8", callIndex: null },
      { text: "1 usage error (first at call 4)", callIndex: 4 },
      { text: "1 selection error (first at call 3)", callIndex: 3 },
      { text: "1 invalid result (nothing returned) (first at call 2)", callIndex: 2 },
      { text: "answered wrongly after 5 calls", callIndex: 5 },
    ]);
  });

  it("with zero tool calls and metrics it cannot read, says only that", () => {
    expect(infoMosaicDiagnosis(reviewedSample([], { metrics: { bad: true } })).items).toEqual([
      { text: "no tool calls", callIndex: null },
      { text: "answered wrongly without a tool call", callIndex: null },
    ]);
  });
});
