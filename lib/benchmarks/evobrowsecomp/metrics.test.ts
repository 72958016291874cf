import { describe, expect, it } from "vitest";
import { parseSeekboardSample } from "../../bundle-format/parse";
import {
  aggregateEvoBrowseComp,
  evoInputFromBundle,
  exceededToolLimit,
  runSpread,
  type EvoSampleInput,
} from "./metrics";

function evo(
  taskId: string,
  run: number,
  language: "en" | "zh",
  setting: "tool-based" | "tool-free",
  correct: boolean,
  toolCalls: number | null,
  extra: Partial<EvoSampleInput> = {},
): EvoSampleInput {
  return {
    taskId,
    run,
    language,
    setting,
    correct,
    toolCalls,
    toolCallLimit: 40,
    confidence: null,
    ...extra,
  };
}

const FAST = { resamples: 200 };

// en tool-based:  run 0: t1 ✓ (40 calls: hits the limit)  t2 ✓ (12)      → 1
//                 run 1: t1 ✓ (45 calls: over the limit)  t2 ✗ (10)      → 1/2
//                 run 2: t1 ✗ (29 of a 30 limit)          t2 ✗ (5)       → 0
// zh tool-based:  run 0: t3 ✓ (40 → hit)   run 1: t3 ✓ (39)   run 2: t3 ✗ (unknown calls)
// en tool-free:   run 0: t1 ✗, t2 ✓ (0 calls)
const SAMPLES = [
  evo("t1", 0, "en", "tool-based", true, 40),
  evo("t2", 0, "en", "tool-based", true, 12),
  evo("t1", 1, "en", "tool-based", true, 45),
  evo("t2", 1, "en", "tool-based", false, 10),
  evo("t1", 2, "en", "tool-based", false, 29, { toolCallLimit: 30 }),
  evo("t2", 2, "en", "tool-based", false, 5),
  evo("t3", 0, "zh", "tool-based", true, 40),
  evo("t3", 1, "zh", "tool-based", true, 39),
  evo("t3", 2, "zh", "tool-based", false, null),
  evo("t1", 0, "en", "tool-free", false, 0),
  evo("t2", 0, "en", "tool-free", true, 0),
];

describe("aggregateEvoBrowseComp", () => {
  const report = aggregateEvoBrowseComp(SAMPLES, FAST);
  const cell = (language: string, setting: string) =>
    report.cells.find((c) => c.language === language && c.setting === setting)!;

  it("accuracy per language × setting is the mean over runs, with the spread", () => {
    const enTool = cell("en", "tool-based");
    expect(enTool.runs.map((r) => [r.run, r.samples, r.correct, r.accuracy])).toEqual([
      [0, 2, 2, 1],
      [1, 2, 1, 0.5],
      [2, 2, 0, 0],
    ]);
    expect(enTool.accuracy).toBeCloseTo(0.5, 12); // (1 + 0.5 + 0) / 3
    expect([enTool.min, enTool.max]).toEqual([0, 1]);
    expect(enTool.std).toBeCloseTo(Math.sqrt(1 / 6), 12); // population: sqrt((0.25 + 0 + 0.25) / 3)
    expect(enTool).toMatchObject({ samples: 6, tasks: 2 });
    expect(cell("zh", "tool-based").accuracy).toBeCloseTo(2 / 3, 12); // (1 + 1 + 0) / 3
    expect(cell("en", "tool-free")).toMatchObject({ accuracy: 0.5, std: 0, min: 0.5, max: 0.5 }); // one run
    expect(cell("zh", "tool-free")).toMatchObject({
      accuracy: null,
      min: null,
      std: null,
      samples: 0,
      exceedRatio: null,
      accuracyCi: null,
    });
  });

  it("the overall accuracy averages each run's accuracy over all samples given", () => {
    // run 0: 4 of 5 correct; run 1: 2 of 3; run 2: 0 of 3 → (0.8 + 0.6667 + 0) / 3
    expect(report.aggregate.accuracy).toBeCloseTo((0.8 + 2 / 3) / 3, 12);
    expect(report.aggregate).toMatchObject({ n: 3, runs: 3 }); // tasks t1, t2, t3; runs 0, 1, 2
    expect(report.bySetting["tool-based"].accuracy).toBeCloseTo((1 + 2 / 3 + 0) / 3, 12);
    expect(report.byLanguage.en.accuracy).toBeCloseTo((0.75 + 0.5 + 0) / 3, 12);
  });

  it("Exceed Ratio: tool-based samples with tool calls ≥ their limit, unknown counts left out", () => {
    // en: 40 ≥ 40 ✓, 45 ≥ 40 ✓, 29 < 30, 12, 10, 5 → 2/6; zh: 40 ✓, 39, unknown → 1/2
    expect(cell("en", "tool-based")).toMatchObject({
      exceeded: 2,
      counted: 6,
      toolCallsUnknown: 0,
    });
    expect(cell("en", "tool-based").exceedRatio).toBeCloseTo(1 / 3, 12);
    expect(cell("zh", "tool-based")).toMatchObject({
      exceedRatio: 0.5,
      exceeded: 1,
      counted: 2,
      toolCallsUnknown: 1,
    });
    expect(cell("en", "tool-free")).toMatchObject({ exceedRatio: null, counted: 0 }); // tool-free samples are not counted
    expect(report.aggregate.exceedRatio).toBeCloseTo(3 / 8, 12);
    expect(exceededToolLimit({ toolCalls: 40, toolCallLimit: 40 })).toBe(true);
    expect(exceededToolLimit({ toolCalls: 39, toolCallLimit: 40 })).toBe(false);
    expect(exceededToolLimit({ toolCalls: null, toolCallLimit: 40 })).toBeNull();
  });

  it("runs with the same accuracy have no spread", () => {
    const tied = runSpread([
      evo("a", 0, "en", "tool-based", true, 1),
      evo("b", 0, "en", "tool-based", false, 1),
      evo("a", 1, "en", "tool-based", false, 1),
      evo("b", 1, "en", "tool-based", true, 1),
    ]);
    expect(tied).toMatchObject({ accuracy: 0.5, min: 0.5, max: 0.5, std: 0 });
  });

  it("refuses to mix benchmark versions", () => {
    expect(
      aggregateEvoBrowseComp(
        SAMPLES.map((s) => ({ ...s, benchmarkVersion: "2026-05" })),
        FAST,
      ).benchmarkVersion,
    ).toBe("2026-05");
    const mixed = [
      evo("a", 0, "en", "tool-based", true, 1, { benchmarkVersion: "2026-05" }),
      evo("b", 0, "en", "tool-based", true, 1, { benchmarkVersion: "2026-08" }),
    ];
    expect(() => aggregateEvoBrowseComp(mixed)).toThrow(/2026-05, 2026-08/);
  });

  it("calibration error from the stated confidence, and unjudged samples", () => {
    // confidences 10 ✗ | 90 ✓, a bin each: gaps 0.1 and 0.1 → sqrt((0.01 + 0.01) / 2) = 0.1
    const r = aggregateEvoBrowseComp(
      [
        evo("a", 0, "en", "tool-based", true, 3, { confidence: 90 }),
        evo("b", 0, "en", "tool-based", false, 3, { confidence: 10, judged: false }),
      ],
      FAST,
    );
    expect(r.calibration.n).toBe(2);
    expect(r.calibration.error).toBeCloseTo(0.1, 12);
    expect(r.unjudged).toBe(1);
  });

  it("is defined for no samples", () => {
    const r = aggregateEvoBrowseComp([]);
    expect(r.aggregate).toEqual({ accuracy: null, exceedRatio: null, n: 0, runs: 0 });
    expect(r.cells).toHaveLength(4);
    expect(r.calibration.error).toBeNull();
  });
});

describe("evoInputFromBundle", () => {
  it("reads a bundle line, the stated confidence before the judge's", () => {
    const sample = parseSeekboardSample(
      {
        task_id: "evo-1",
        run: 1,
        question: "q",
        gold_answer: "g",
        prediction: "g",
        verdict: "correct",
        judge: { confidence: 100 },
        benchmark: {
          language: "zh",
          setting: "tool-based",
          tool_calls: 41,
          domain: "finance",
          stated_confidence: 70,
        },
      },
      "evobrowsecomp",
      "f",
      1,
    );
    expect(evoInputFromBundle(sample, "2026-05")).toEqual({
      taskId: "evo-1",
      run: 1,
      language: "zh",
      setting: "tool-based",
      correct: true,
      judged: true,
      toolCalls: 41,
      toolCallLimit: 40,
      confidence: 70,
      benchmarkVersion: "2026-05",
      domain: "finance",
      hops: null,
      freshEvidence: null,
      rootDomains: null,
    });
  });
});
