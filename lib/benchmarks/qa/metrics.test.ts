import { describe, expect, it } from "vitest";
import { parseSeekboardSample } from "../../bundle-format/parse";
import { aggregateQa, perTaskAccuracy, qaInputFromBundle, type QaSampleInput } from "./metrics";

const s = (
  taskId: string,
  run: number,
  correct: boolean,
  confidence: number | null,
  judged = true,
): QaSampleInput => ({ taskId, run, correct, confidence, judged });

describe("aggregateQa", () => {
  // Task A: runs ✓ ✗; task B: ✓; task C: ✗ (unjudged).
  const samples = [
    s("A", 0, true, 80),
    s("A", 1, false, null),
    s("B", 0, true, 100),
    s("C", 0, false, 40, false),
  ];

  it("accuracy is the mean over tasks of the mean over runs, hand-computed", () => {
    const report = aggregateQa(samples);
    // per task: A 1/2, B 1, C 0 → (0.5 + 1 + 0) / 3 = 0.5 (the pooled mean would be 2/4 too; see below for a case where they differ)
    expect(report.aggregate.accuracy).toBeCloseTo(0.5, 12);
    expect(report.aggregate.n).toBe(3);
    expect(report).toMatchObject({ samples: 4, runs: 2, unjudged: 1 });
    // calibration over the 3 samples with a confidence, one bin each (fewer than 10 samples):
    // 40✗ | 80✓ | 100✓ → gaps 0.4, 0.2, 0 → sqrt((0.16 + 0.04 + 0) / 3)
    expect(report.aggregate.calibrationError).toBeCloseTo(Math.sqrt(0.2 / 3), 12);
    expect(report.calibration.bins).toHaveLength(3);
    expect(report.calibration.n).toBe(3);
    expect(report.accuracyCi!.lo).toBeLessThanOrEqual(0.5);
    expect(report.accuracyCi!.hi).toBeGreaterThanOrEqual(0.5);
  });

  it("weights tasks, not samples, when run counts differ", () => {
    // A: 3 runs all ✓; B: 1 run ✗ → per task (1 + 0)/2 = 0.5, pooled would be 3/4.
    const report = aggregateQa([
      s("A", 0, true, null),
      s("A", 1, true, null),
      s("A", 2, true, null),
      s("B", 0, false, null),
    ]);
    expect(report.aggregate.accuracy).toBe(0.5);
    expect(report.aggregate.calibrationError).toBeNull();
    expect(report.calibrationErrorCi).toBeNull();
  });

  it("is defined for no samples", () => {
    const report = aggregateQa([]);
    expect(report.aggregate).toEqual({ accuracy: null, calibrationError: null, n: 0 });
    expect(report).toMatchObject({ accuracyCi: null, runs: 0, samples: 0, unjudged: 0 });
  });

  it("perTaskAccuracy keeps first-appearance order", () => {
    expect([
      ...perTaskAccuracy([s("b", 0, true, null), s("a", 0, false, null), s("b", 1, false, null)]),
    ]).toEqual([
      ["b", 0.5],
      ["a", 0],
    ]);
  });
});

describe("qaInputFromBundle", () => {
  const line = {
    task_id: "7",
    question: "q",
    gold_answer: "g",
    prediction: "p",
    verdict: "correct",
    judge: { confidence: 100 },
  };

  it("takes the stated confidence first, else the judge's", () => {
    expect(
      qaInputFromBundle(
        parseSeekboardSample({ ...line, benchmark: { stated_confidence: 30 } }, "qa", "f", 1),
      ),
    ).toEqual({
      taskId: "7",
      run: 0,
      correct: true,
      judged: true,
      confidence: 30,
    });
    expect(qaInputFromBundle(parseSeekboardSample(line, "qa", "f", 1)).confidence).toBe(100);
    const unjudged = qaInputFromBundle(
      parseSeekboardSample({ ...line, verdict: null, judge: undefined }, "qa", "f", 1),
    );
    expect(unjudged).toMatchObject({ correct: false, judged: false, confidence: null });
  });
});
