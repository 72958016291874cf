import { describe, expect, it } from "vitest";
import { storedFigures } from "../board";
import { webDetectiveBoard } from "./board";
import { aggregateWebDetective } from "./metrics";

describe("the WebDetective board", () => {
  it("reads the stored report back through its schema", () => {
    const sample = (taskId: string, correct: boolean) => ({
      taskId,
      run: 0,
      evidence: [{ id: "e1", foundBySearch: true, probeCorrect: null }],
      refused: false,
      correct,
      hopsUsed: 2,
      hopsGt: 2,
      searched: true,
      cleanEvidenceCorrect: null,
    });
    const report = aggregateWebDetective([sample("a", true), sample("b", false)], {
      resamples: 50,
    });
    const figures = storedFigures(webDetectiveBoard, JSON.parse(JSON.stringify(report)));
    expect(figures.values).toMatchObject({ pass1: 0.5, knowledgeScore: 1, n: 2 });
    expect(webDetectiveBoard.columns[0].key).toBe(webDetectiveBoard.primary);
  });
});
