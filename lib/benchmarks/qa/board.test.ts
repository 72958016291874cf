import { describe, expect, it } from "vitest";
import { storedFigures } from "../board";
import { qaBoard } from "./board";
import { aggregateQa } from "./metrics";

describe("the QA board", () => {
  it("reads the stored report back through its schema", () => {
    const report = aggregateQa(
      [0, 1, 2, 3].map((i) => ({
        taskId: `t${i}`,
        run: 0,
        correct: i % 2 === 0,
        confidence: 50 + i * 10,
      })),
      { resamples: 50 },
    );
    const figures = storedFigures(qaBoard, JSON.parse(JSON.stringify(report)));
    expect(figures.values).toMatchObject({ accuracy: 0.5, n: 4 });
    expect(figures.cis.accuracy).not.toBeNull();
    expect(qaBoard.versionLabel("frames@v1")).toBe("frames");
    expect(qaBoard.versionLabel("frames@v2")).toBe("frames (v2)");
  });
});
