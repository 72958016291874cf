import { describe, expect, it } from "vitest";
import { parseSeekboardSample } from "../../bundle-format/parse";
import {
  aggregateWebDetective,
  asPercent,
  levelOf,
  PROFILE_THRESHOLDS,
  webDetectiveInputFromBundle,
  webDetectiveLevels,
  webDetectiveProfile,
  webDetectiveSampleMetrics,
  type WebDetectiveSampleInput,
} from "./metrics";

/**
 * Evidence as letters: F found by search, P not found but probed correctly, X probed
 * wrongly, N not probed. Response: C correct, W wrong, R refused.
 */
function wd(
  id: string,
  evidence: string,
  response: "C" | "W" | "R",
  clean: boolean | null = null,
  extra: Partial<WebDetectiveSampleInput> = {},
): WebDetectiveSampleInput {
  return {
    taskId: id,
    run: 0,
    evidence: [...evidence].map((k, i) => ({
      id: `e${i + 1}`,
      foundBySearch: k === "F",
      probeCorrect: k === "P" ? true : k === "X" ? false : null,
    })),
    refused: response === "R",
    correct: response === "C",
    hopsUsed: 3,
    hopsGt: 3,
    searched: true,
    cleanEvidenceCorrect: clean,
    ...extra,
  };
}

const close = (v: number) => expect.closeTo(v, 12);
const FAST = { resamples: 200 };

// Ten samples, S = 1–5, I = 6–10:
//  1 FF  C          6 FX R
//  2 FP  C          7 XN R
//  3 FF  W (clean ✗: forget)       8 FN W
//  4 FP  W (clean ✓: lead-astray)  9 FX C, hops 2 ≤ 3 → C set
//  5 FF  R (clean unknown)        10 FN C, hops 4 > 3 → not C
const TEN = [
  wd("1", "FF", "C", true),
  wd("2", "FP", "C"),
  wd("3", "FF", "W", false),
  wd("4", "FP", "W", true),
  wd("5", "FF", "R", null),
  wd("6", "FX", "R"),
  wd("7", "XN", "R"),
  wd("8", "FN", "W"),
  wd("9", "FX", "C", null, { hopsUsed: 2 }),
  wd("10", "FN", "C", null, { hopsUsed: 4 }),
];

describe("webDetectiveSampleMetrics", () => {
  it("KS(d) = 1 when every piece is found or probed correctly", () => {
    expect(webDetectiveSampleMetrics(TEN[1])).toEqual({
      knowledgeSufficient: true,
      evidenceTotal: 2,
      evidenceFound: 1,
      evidenceProbed: 1,
      missingEvidence: [],
      region: "S",
      response: "correct",
      searchCredit: false, // C needs KS = 0
      degradation: null, // correct → not in S*
    });
    expect(webDetectiveSampleMetrics(TEN[6])).toMatchObject({
      knowledgeSufficient: false,
      missingEvidence: ["e1", "e2"],
      region: "I",
      response: "refused",
    });
  });

  it("C needs correct ∧ searched ∧ hops ≤ hops_GT ∧ KS = 0", () => {
    expect(webDetectiveSampleMetrics(TEN[8]).searchCredit).toBe(true);
    expect(webDetectiveSampleMetrics(TEN[9]).searchCredit).toBe(false); // 4 hops > 3
    expect(webDetectiveSampleMetrics({ ...TEN[8], searched: false }).searchCredit).toBe(false);
    expect(webDetectiveSampleMetrics({ ...TEN[8], hopsUsed: 3 }).searchCredit).toBe(true); // equal hops count (≤)
  });

  it("S* membership and the degradation test; a refusal is never correct", () => {
    expect(TEN.slice(2, 5).map((s) => webDetectiveSampleMetrics(s).degradation)).toEqual([
      "forget",
      "lead-astray",
      "unknown",
    ]);
    expect(webDetectiveSampleMetrics({ ...TEN[0], refused: true }).response).toBe("refused");
  });
});

describe("aggregateWebDetective", () => {
  const report = aggregateWebDetective(TEN, FAST);

  it("counts the regions", () => {
    expect(report.counts).toEqual({
      n: 10,
      sufficient: 5,
      insufficient: 5,
      attempted: 7, // all but 5, 6, 7
      attemptedCorrect: 4, // 1, 2, 9, 10
      refused: 3,
      refusedInsufficient: 2, // 6, 7
      correctSufficient: 2, // 1, 2
      searchCredit: 1, // 9
      sStar: 3, // 3, 4, 5
      sStarForget: 1,
      sStarLeadAstray: 1,
      sStarUnknown: 1,
    });
    expect(report.regions).toEqual({
      S: { correct: 2, wrong: 2, refused: 1 },
      I: { correct: 2, wrong: 1, refused: 2 },
    });
  });

  it("every score, hand-computed", () => {
    expect(report.aggregate).toEqual({
      knowledgeScore: close(0.5), // 5/10
      searchScore: close(0.6), // 5/10 + 1/10
      // GR: R = 2/5 = 0.4, P = 2/3 → F1 = 2·0.4·(2/3) / (0.4 + 2/3) = 0.5333/1.0667 = 0.5
      goodRefusalF1: close(0.5),
      // KU: R = 2/5 = 0.4, P = 2/7 → F1 = 2·0.4·(2/7) / (0.4 + 2/7) = (1.6/7)/(4.8/7) = 1/3
      knowledgeUtilizationF1: close(1 / 3),
      generationScore: close(((0.5 + 1 / 3) / 2) * 0.5), // 5/24
      forgetRate: close(0.5), // 1 of the 2 S* members with a clean-evidence result
      leadAstrayRate: close(0.5),
      pass1: close(0.4), // 4/10
      n: 10,
    });
    expect(report.goodRefusal).toEqual({
      recall: close(0.4),
      precision: close(2 / 3),
      f1: close(0.5),
    });
    expect(report.knowledgeUtilization).toEqual({
      recall: close(0.4),
      precision: close(2 / 7),
      f1: close(1 / 3),
    });
    expect(report.forgetShareOfS).toBeCloseTo(0.2, 12); // 1/|S| = 1/5, as the paper's Table 1 reads
    expect(report.leadAstrayShareOfS).toBeCloseTo(0.2, 12);
    expect(report.emptyDenominators).toEqual([]);
  });

  it("profile: KS 50% Low, GR F1 50% High, KU F1 33% Medium matches no Table 2 profile", () => {
    expect(report.levels).toEqual({
      knowledge: "low",
      goodRefusal: "high",
      knowledgeUtilization: "medium",
    });
    expect(report.profile).toBeNull();
  });

  it("bootstrap intervals are deterministic and bracket the estimate", () => {
    expect(aggregateWebDetective(TEN, FAST).ci).toEqual(report.ci);
    for (const key of ["knowledgeScore", "pass1", "generationScore"] as const) {
      expect(report.ci[key]!.lo).toBeLessThanOrEqual(report.aggregate[key]);
      expect(report.ci[key]!.hi).toBeGreaterThanOrEqual(report.aggregate[key]);
    }
  });
});

describe("aggregateWebDetective: empty denominators give 0 and are flagged", () => {
  it("no refusals: P_GR (|R| = 0) and F1_GR; no S*: Forget, Lead-astray", () => {
    const report = aggregateWebDetective(
      [wd("a", "F", "C"), wd("b", "X", "W"), wd("c", "X", "W")],
      FAST,
    );
    // GR: R_GR = 0/2 = 0, P_GR = 0/0 → 0 (flagged), F1 = 0 (P + R = 0, flagged)
    // KU: R = 1/1, P = 1/3 → F1 = 2·(1/3)·1/(4/3) = 0.5; GenScore = (0 + 0.5)/2 · 1/3 = 1/12
    expect(report.aggregate).toMatchObject({
      goodRefusalF1: 0,
      knowledgeUtilizationF1: close(0.5),
      generationScore: close(1 / 12),
      forgetRate: 0,
      leadAstrayRate: 0,
    });
    expect(report.emptyDenominators.map((e) => e.metric)).toEqual([
      "goodRefusalPrecision",
      "goodRefusalF1",
      "forgetRate",
      "leadAstrayRate",
    ]);
    expect(report.emptyDenominators[0].denominator).toBe("|R|");
    expect(report.ci.goodRefusalF1).toBeNull();
    expect(report.ci.forgetRate).toBeNull();
    expect(report.ci.knowledgeUtilizationF1).not.toBeNull();
  });

  it("no knowledge-sufficient samples: R_KU (|S| = 0), F1_KU, and the degradation rates", () => {
    const report = aggregateWebDetective([wd("a", "X", "R"), wd("b", "N", "W")], FAST);
    // GR: R = 1/1... I = {a, b}, R∩I = {a} → R_GR = 1/2, P_GR = 1/1 → F1 = 2·0.5/1.5 = 2/3
    // KU: |S| = 0 → R_KU = 0 (flagged); P_KU = 0/1 = 0; F1 = 0 (flagged). GenScore = (2/3 + 0)/2 · 0 = 0
    expect(report.aggregate).toMatchObject({
      knowledgeScore: 0,
      goodRefusalF1: close(2 / 3),
      knowledgeUtilizationF1: 0,
      generationScore: 0,
    });
    expect(report.emptyDenominators.map((e) => `${e.metric} ${e.denominator}`)).toEqual([
      "knowledgeUtilizationRecall |S|",
      "knowledgeUtilizationF1 P_KU + R_KU",
      "forgetRate |S*| (with a clean-evidence result)",
      "leadAstrayRate |S*| (with a clean-evidence result)",
      "forgetShareOfS |S|",
      "leadAstrayShareOfS |S|",
    ]);
  });

  it("S* members without a clean-evidence result leave Forget and Lead-astray empty", () => {
    const report = aggregateWebDetective([wd("a", "F", "W", null), wd("b", "F", "C")], FAST);
    expect(report.counts).toMatchObject({ sStar: 1, sStarUnknown: 1 });
    expect(report.emptyDenominators.map((e) => e.metric)).toContain("forgetRate");
  });

  it("no samples at all", () => {
    const report = aggregateWebDetective([], FAST);
    expect(report.aggregate).toEqual({
      knowledgeScore: 0,
      searchScore: 0,
      generationScore: 0,
      goodRefusalF1: 0,
      knowledgeUtilizationF1: 0,
      forgetRate: 0,
      leadAstrayRate: 0,
      pass1: 0,
      n: 0,
    });
    expect(report.emptyDenominators.map((e) => e.metric)).toEqual(
      expect.arrayContaining([
        "knowledgeScore",
        "searchScore",
        "pass1",
        "goodRefusalRecall",
        "knowledgeUtilizationPrecision",
      ]),
    );
    expect(Object.values(report.ci).every((ci) => ci === null)).toBe(true);
  });
});

describe("the degenerate “refuse everything” strategy (Appendix A.1)", () => {
  // Minimal search, everything refused: 2 of 10 happen to be knowledge-sufficient.
  const samples = [
    wd("s1", "F", "R", true),
    wd("s2", "F", "R", false),
    ...Array.from({ length: 8 }, (_, i) => wd(`i${i}`, "X", "R")),
  ];
  const report = aggregateWebDetective(samples, FAST);

  it("scores high on Good Refusal but the |S|/N weight keeps its Generation Score low", () => {
    // GR: R∩I = I → R_GR = 8/8 = 1, P_GR = 8/10 = 0.8 → F1 = 2·0.8/1.8 = 0.8889
    // KU: A = ∅ → P_KU = 0 (flagged), R_KU = 0/2 = 0, F1 = 0 (flagged)
    // GenScore = (0.8889 + 0)/2 · 2/10 = 0.0889 (it would be 0.4444 without the weight)
    expect(report.aggregate).toEqual({
      knowledgeScore: close(0.2),
      searchScore: close(0.2), // nothing correct, so C = ∅
      goodRefusalF1: close(16 / 18),
      knowledgeUtilizationF1: 0,
      generationScore: close((16 / 18 / 2) * 0.2),
      forgetRate: close(0.5), // S* = {s1, s2}: refusals are not correct; s2's clean answer is wrong
      leadAstrayRate: close(0.5),
      pass1: 0,
      n: 10,
    });
    expect(report.emptyDenominators.map((e) => e.metric)).toEqual([
      "knowledgeUtilizationPrecision",
      "knowledgeUtilizationF1",
    ]);
    expect(report.regions).toEqual({
      S: { correct: 0, wrong: 0, refused: 2 },
      I: { correct: 0, wrong: 0, refused: 8 },
    });
  });

  it("lands in the Self-Aware of Weakness profile (Low, High, Low)", () => {
    expect(report.levels).toEqual({
      knowledge: "low",
      goodRefusal: "high",
      knowledgeUtilization: "low",
    });
    expect(report.profile?.id).toBe("self-aware-weakness");
  });
});

describe("profiles (Table 2 thresholds)", () => {
  it("High is strictly above, Low strictly below, Medium includes both edges", () => {
    const k = PROFILE_THRESHOLDS.knowledge;
    expect([levelOf(70, k), levelOf(70.01, k), levelOf(60, k), levelOf(59.99, k)]).toEqual([
      "medium",
      "high",
      "medium",
      "low",
    ]);
    const gr = PROFILE_THRESHOLDS.goodRefusal;
    expect([levelOf(40, gr), levelOf(40.01, gr), levelOf(25, gr), levelOf(24.99, gr)]).toEqual([
      "medium",
      "high",
      "medium",
      "low",
    ]);
    const ku = PROFILE_THRESHOLDS.knowledgeUtilization;
    expect([levelOf(45, ku), levelOf(45.01, ku), levelOf(25, ku), levelOf(24.99, ku)]).toEqual([
      "medium",
      "high",
      "medium",
      "low",
    ]);
  });

  it("a value exactly on an edge is on the edge, despite floating-point noise", () => {
    // P = 1, R = 9/31 → F1 = 2·(9/31)/(40/31) = 18/40 = 0.45 exactly, but in floating point ×100 gives 45.00000000000001
    const f1 = (2 * 1 * (9 / 31)) / (1 + 9 / 31);
    expect(f1 * 100).not.toBe(45);
    expect(asPercent(f1)).toBe(45);
    // and P = 3/4, R = 3/20 → F1 = 0.25 exactly, 24.999999999999996 in floating point
    const low = (2 * (3 / 4) * (3 / 20)) / (3 / 4 + 3 / 20);
    expect(asPercent(low)).toBe(25);
    expect(
      webDetectiveLevels({
        knowledgeScore: 140 / 200,
        goodRefusalF1: low,
        knowledgeUtilizationF1: f1,
      }),
    ).toEqual({
      knowledge: "medium",
      goodRefusal: "medium",
      knowledgeUtilization: "medium",
    });
  });

  it("places the paper's Table 1 models as Table 2 does (O3, at exactly 70.00% knowledge, is Medium by the stated thresholds)", () => {
    const profileOf = (ks: number, gr: number, ku: number) =>
      webDetectiveProfile(
        webDetectiveLevels({
          knowledgeScore: ks / 100,
          goodRefusalF1: gr / 100,
          knowledgeUtilizationF1: ku / 100,
        }),
      )?.id ?? null;
    expect(profileOf(79.0, 8.89, 49.58)).toBe("powerful-overconfident"); // GPT-5
    expect(profileOf(71.0, 9.37, 49.4)).toBe("powerful-overconfident"); // O3-Pro
    expect(profileOf(74.0, 37.63, 56.19)).toBe("well-calibrated-elite"); // Grok-4
    expect(profileOf(72.5, 6.56, 24.19)).toBe("synthesis-bottleneck"); // Qwen3-235B-Think
    expect(profileOf(66.5, 34.59, 44.19)).toBe("conservative-middle"); // Claude-Sonnet-4-Think
    expect(profileOf(68.0, 19.75, 17.56)).toBe("weak-confused"); // O4-Mini
    expect(profileOf(54.5, 53.95, 19.46)).toBe("self-aware-weakness"); // Doubao-1.6-Flash
    expect(profileOf(70.0, 3.29, 48.97)).toBeNull(); // O3: (Medium, Low, High) is no profile
  });
});

describe("webDetectiveInputFromBundle", () => {
  it("reads a bundle line", () => {
    const sample = parseSeekboardSample(
      {
        task_id: "wd-1",
        run: 1,
        question: "q",
        gold_answer: "g",
        prediction: null,
        verdict: null,
        benchmark: {
          evidence: [{ id: "e1", found_by_search: false, probe_correct: true }],
          refused: true,
          hops_used: 0,
          hops_gt: 2,
          searched: false,
        },
      },
      "webdetective",
      "f",
      1,
    );
    const input = webDetectiveInputFromBundle(sample);
    expect(input).toMatchObject({
      taskId: "wd-1",
      run: 1,
      refused: true,
      correct: false,
      judged: false,
      hopsUsed: 0,
      hopsGt: 2,
      searched: false,
      cleanEvidenceCorrect: null,
    });
    expect(aggregateWebDetective([input], FAST)).toMatchObject({
      unjudged: 1,
      counts: { sufficient: 1, refused: 1 },
    });
  });
});
