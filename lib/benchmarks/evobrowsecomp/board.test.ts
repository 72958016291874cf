import { describe, expect, it } from "vitest";
import { storedFigures } from "../board";
import { evoBrowseCompBoard } from "./board";
import { aggregateEvoBrowseComp } from "./metrics";

describe("the EvoBrowseComp board", () => {
  it("reads the stored report back through its schema: a figure per language × setting", () => {
    const sample = (
      taskId: string,
      language: "en" | "zh",
      setting: "tool-based" | "tool-free",
      correct: boolean,
    ) => ({
      taskId,
      run: 0,
      language,
      setting,
      correct,
      toolCalls: 40,
      toolCallLimit: 40,
      confidence: 90,
    });
    const report = aggregateEvoBrowseComp(
      [sample("a", "en", "tool-based", true), sample("b", "zh", "tool-free", false)],
      { resamples: 50 },
    );
    const figures = storedFigures(evoBrowseCompBoard, JSON.parse(JSON.stringify(report)));
    expect(figures.values).toMatchObject({
      accuracy: 0.5,
      enToolBased: 1,
      zhToolFree: 0,
      exceedRatio: 1,
      n: 2,
      runs: 1,
    });
    expect(() => storedFigures(evoBrowseCompBoard, { ...report, cells: "none" })).toThrow();
  });
});
