import { describe, expect, it } from "vitest";
import { storedFigures } from "../board";
import { infoMosaicBoard } from "./board";
import {
  aggregateInfoMosaic,
  performanceByToolCalls,
  toolOutcomeMix,
  toolPositionHeatmap,
} from "./metrics";

describe("the InfoMosaic board", () => {
  it("reads the stored report (with its diagnostics' figures) back through its schema: a column per domain present", () => {
    const inputs = [
      {
        taskId: "m",
        domain: "map" as const,
        score: 2 as const,
        passRate: 1,
        numToolCalls: 2,
        messages: null,
      },
      {
        taskId: "w",
        domain: "web" as const,
        score: 0 as const,
        passRate: null,
        numToolCalls: 0,
        messages: null,
      },
    ];
    const stored = {
      ...aggregateInfoMosaic(inputs, { resamples: 50 }),
      toolOutcomes: toolOutcomeMix(inputs),
      byToolCalls: performanceByToolCalls(inputs),
      heatmap: toolPositionHeatmap(inputs),
    };
    const figures = storedFigures(infoMosaicBoard, JSON.parse(JSON.stringify(stored)));
    expect(figures.values).toMatchObject({ accuracy: 0.5, "acc:map": 1, "acc:web": 0, n: 2 });
    expect(figures.values).not.toHaveProperty("acc:bio");
  });
});
