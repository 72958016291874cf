/**
 * WebDetective metrics (`metrics.md`, WebDetective; paper §2.3, §3.2, Appendix A.1), per
 * sample and aggregated over samples (one sample = one run on one task; N counts samples).
 *
 * Per sample d: KS(d) = 1 when every evidence piece e_i was found by search or, if not,
 * its parametric probe was answered correctly. S = {KS = 1}, I = D \ S; A = attempted
 * (not refused), A_c = attempted and correct, A_w = attempted and wrong, R = refused.
 *   Knowledge Score  = |S| / N
 *   Search Score     = |S| / N + |C| / N,  C = {correct ∧ searched ∧ hops ≤ hops_GT ∧ KS = 0}
 *   Good Refusal     R_GR = |R∩I| / |I|,  P_GR = |R∩I| / |R|,  F1_GR
 *   Knowledge Util.  R_KU = |A_c∩S| / |S|, P_KU = |A_c∩S| / |A|, F1_KU
 *   Generation Score = (F1_GR + F1_KU) / 2 · |S| / N
 *   S* = {KS = 1 ∧ not correct} (refusals in S included: a refusal is not a correct answer)
 *   Forget      = |{d ∈ S* : clean-evidence answer wrong}| / |S*|
 *   Lead-astray = |{d ∈ S* : clean-evidence answer right}| / |S*|
 *   Pass@1      = |A_c| / N
 * Every empty denominator (including P + R = 0 inside an F1) gives 0 and is listed in
 * `emptyDenominators`. S* members whose clean-evidence result is unknown (null) are left
 * out of both Forget and Lead-astray, so their denominator is the S* members with a known
 * result; `counts.sStarUnknown` says how many were left out.
 *
 * Interpretation note: the paper's Table 1 degradation columns do not sum to 100% and
 * match shares of |S| rather than |S*| (GPT-5: 28/158 = 17.72%, 52/158 = 32.91%); we
 * follow the formal definition (Appendix A.1) and also report `forgetShareOfS` and
 * `leadAstrayShareOfS` for comparison with the published table.
 */
import type { WebDetectiveBundleSample } from "./bundle-format";
import { bootstrapStatistics, type BootstrapOptions, type Interval } from "../qa/bootstrap";

export interface WebDetectiveEvidenceInput {
  id: string;
  foundBySearch: boolean;
  probeCorrect: boolean | null;
  /** The call whose result held it, when the bundle says: shown, not counted. */
  foundAtCall?: number | null;
}

export interface WebDetectiveSampleInput {
  taskId: string;
  run: number;
  evidence: readonly WebDetectiveEvidenceInput[];
  refused: boolean;
  /** The judge's verdict. A refused sample is never counted correct. */
  correct: boolean;
  /** False when the bundle gave no verdict (counted as not correct). Default true. */
  judged?: boolean;
  hopsUsed: number;
  hopsGt: number;
  searched: boolean;
  cleanEvidenceCorrect: boolean | null;
}

export type KnowledgeRegion = "S" | "I";
export type ResponseKind = "correct" | "wrong" | "refused";
export type Degradation = "forget" | "lead-astray" | "unknown";

export interface WebDetectiveSampleMetrics {
  /** KS(d) = 1. */
  knowledgeSufficient: boolean;
  evidenceTotal: number;
  evidenceFound: number;
  /** Not found by search but probed correctly. */
  evidenceProbed: number;
  /** Ids neither found nor probed correctly (k_i = 0). */
  missingEvidence: string[];
  region: KnowledgeRegion;
  response: ResponseKind;
  /** d ∈ C: credited by the Search Score without knowledge sufficiency. */
  searchCredit: boolean;
  /** For d ∈ S*: which knowledge-degradation test it falls under; null outside S*. */
  degradation: Degradation | null;
}

export function webDetectiveInputFromBundle(
  sample: WebDetectiveBundleSample,
): WebDetectiveSampleInput {
  const d = sample.detail;
  return {
    taskId: sample.taskId,
    run: sample.run,
    evidence: d.evidence,
    refused: d.refused,
    correct: sample.verdict === "correct",
    judged: sample.verdict !== null,
    hopsUsed: d.hopsUsed,
    hopsGt: d.hopsGt,
    searched: d.searched,
    cleanEvidenceCorrect: d.cleanEvidenceCorrect,
  };
}

export function webDetectiveSampleMetrics(
  input: WebDetectiveSampleInput,
): WebDetectiveSampleMetrics {
  let found = 0;
  let probed = 0;
  const missing: string[] = [];
  for (const e of input.evidence) {
    if (e.foundBySearch) found += 1;
    else if (e.probeCorrect === true) probed += 1;
    else missing.push(e.id);
  }
  const knowledgeSufficient = missing.length === 0;
  const correct = input.correct && !input.refused;
  const response: ResponseKind = input.refused ? "refused" : correct ? "correct" : "wrong";
  const inSStar = knowledgeSufficient && !correct;
  return {
    knowledgeSufficient,
    evidenceTotal: input.evidence.length,
    evidenceFound: found,
    evidenceProbed: probed,
    missingEvidence: missing,
    region: knowledgeSufficient ? "S" : "I",
    response,
    searchCredit:
      correct && input.searched && input.hopsUsed <= input.hopsGt && !knowledgeSufficient,
    degradation: !inSStar
      ? null
      : input.cleanEvidenceCorrect === null
        ? "unknown"
        : input.cleanEvidenceCorrect
          ? "lead-astray"
          : "forget",
  };
}

// ---------------------------------------------------------------- aggregate

export interface WebDetectiveCounts {
  n: number;
  /** |S|, |I|. */
  sufficient: number;
  insufficient: number;
  /** |A|, |A_c|, |R|. */
  attempted: number;
  attemptedCorrect: number;
  refused: number;
  /** |R ∩ I|, |A_c ∩ S|, |C|. */
  refusedInsufficient: number;
  correctSufficient: number;
  searchCredit: number;
  /** |S*| and how its members split by the clean-evidence test. */
  sStar: number;
  sStarForget: number;
  sStarLeadAstray: number;
  sStarUnknown: number;
}

/** The CLI contract's aggregate. Fractions in [0, 1]. */
export interface WebDetectiveAggregate {
  knowledgeScore: number;
  searchScore: number;
  generationScore: number;
  goodRefusalF1: number;
  knowledgeUtilizationF1: number;
  forgetRate: number;
  leadAstrayRate: number;
  pass1: number;
  n: number;
}

export const WEBDETECTIVE_AGGREGATE_KEYS = [
  "knowledgeScore",
  "searchScore",
  "generationScore",
  "goodRefusalF1",
  "knowledgeUtilizationF1",
  "forgetRate",
  "leadAstrayRate",
  "pass1",
] as const;
export type WebDetectiveRateKey = (typeof WEBDETECTIVE_AGGREGATE_KEYS)[number];

export interface PrecisionRecall {
  recall: number;
  precision: number;
  f1: number;
}

export interface EmptyDenominator {
  /** The metric that fell back to 0. */
  metric: string;
  /** What was empty, in the paper's notation. */
  denominator: string;
}

/** The 2×3 region table: knowledge (S / I) × response (correct / wrong / refused), as counts. */
export type RegionTable = Record<KnowledgeRegion, Record<ResponseKind, number>>;

export interface WebDetectiveReport {
  aggregate: WebDetectiveAggregate;
  /** 95% bootstrap intervals over samples; null when the point estimate's denominator is empty. */
  ci: Record<WebDetectiveRateKey, Interval | null>;
  counts: WebDetectiveCounts;
  goodRefusal: PrecisionRecall;
  knowledgeUtilization: PrecisionRecall;
  /** Forget / Lead-astray as shares of |S| (how the paper's Table 1 reads). */
  forgetShareOfS: number;
  leadAstrayShareOfS: number;
  emptyDenominators: EmptyDenominator[];
  regions: RegionTable;
  levels: WebDetectiveLevels;
  /** The Table 2 profile the levels match, or null when they match none. */
  profile: WebDetectiveProfile | null;
  /** Samples without a verdict (counted as not correct). */
  unjudged: number;
}

interface Flags {
  sufficient: Uint8Array;
  refused: Uint8Array;
  correct: Uint8Array;
  credit: Uint8Array;
  /** 0: not in S*; 1: forget; 2: lead-astray; 3: unknown. */
  degradation: Uint8Array;
}

const DEGRADATION_CODE: Record<Degradation, number> = { forget: 1, "lead-astray": 2, unknown: 3 };

function flagsOf(metrics: readonly WebDetectiveSampleMetrics[]): Flags {
  const n = metrics.length;
  const flags: Flags = {
    sufficient: new Uint8Array(n),
    refused: new Uint8Array(n),
    correct: new Uint8Array(n),
    credit: new Uint8Array(n),
    degradation: new Uint8Array(n),
  };
  metrics.forEach((m, i) => {
    flags.sufficient[i] = m.knowledgeSufficient ? 1 : 0;
    flags.refused[i] = m.response === "refused" ? 1 : 0;
    flags.correct[i] = m.response === "correct" ? 1 : 0;
    flags.credit[i] = m.searchCredit ? 1 : 0;
    flags.degradation[i] = m.degradation === null ? 0 : DEGRADATION_CODE[m.degradation];
  });
  return flags;
}

function countFlags(flags: Flags, indices: ArrayLike<number>): WebDetectiveCounts {
  const c: WebDetectiveCounts = {
    n: indices.length,
    sufficient: 0,
    insufficient: 0,
    attempted: 0,
    attemptedCorrect: 0,
    refused: 0,
    refusedInsufficient: 0,
    correctSufficient: 0,
    searchCredit: 0,
    sStar: 0,
    sStarForget: 0,
    sStarLeadAstray: 0,
    sStarUnknown: 0,
  };
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    const s = flags.sufficient[i] === 1;
    if (s) c.sufficient += 1;
    else c.insufficient += 1;
    if (flags.refused[i]) {
      c.refused += 1;
      if (!s) c.refusedInsufficient += 1;
    } else {
      c.attempted += 1;
    }
    if (flags.correct[i]) {
      c.attemptedCorrect += 1;
      if (s) c.correctSufficient += 1;
    }
    if (flags.credit[i]) c.searchCredit += 1;
    switch (flags.degradation[i]) {
      case 1:
        c.sStar += 1;
        c.sStarForget += 1;
        break;
      case 2:
        c.sStar += 1;
        c.sStarLeadAstray += 1;
        break;
      case 3:
        c.sStar += 1;
        c.sStarUnknown += 1;
        break;
    }
  }
  return c;
}

interface Scores {
  aggregate: WebDetectiveAggregate;
  goodRefusal: PrecisionRecall;
  knowledgeUtilization: PrecisionRecall;
  forgetShareOfS: number;
  leadAstrayShareOfS: number;
  emptyDenominators: EmptyDenominator[];
}

/** All scores from the counts; every empty denominator gives 0 and is recorded. */
export function webDetectiveScores(c: WebDetectiveCounts): Scores {
  const empty: EmptyDenominator[] = [];
  const ratio = (num: number, den: number, metric: string, denominator: string) => {
    if (den === 0) {
      empty.push({ metric, denominator });
      return 0;
    }
    return num / den;
  };
  const f1 = (p: number, r: number, metric: string, denominator: string) =>
    p + r === 0 ? ratio(0, 0, metric, denominator) : (2 * p * r) / (p + r);

  const knowledgeScore = ratio(c.sufficient, c.n, "knowledgeScore", "N");
  const searchScore = ratio(c.sufficient + c.searchCredit, c.n, "searchScore", "N");
  const grRecall = ratio(c.refusedInsufficient, c.insufficient, "goodRefusalRecall", "|I|");
  const grPrecision = ratio(c.refusedInsufficient, c.refused, "goodRefusalPrecision", "|R|");
  const grF1 = f1(grPrecision, grRecall, "goodRefusalF1", "P_GR + R_GR");
  const kuRecall = ratio(c.correctSufficient, c.sufficient, "knowledgeUtilizationRecall", "|S|");
  const kuPrecision = ratio(
    c.correctSufficient,
    c.attempted,
    "knowledgeUtilizationPrecision",
    "|A|",
  );
  const kuF1 = f1(kuPrecision, kuRecall, "knowledgeUtilizationF1", "P_KU + R_KU");
  const generationScore = ((grF1 + kuF1) / 2) * knowledgeScore;
  const known = c.sStarForget + c.sStarLeadAstray;
  const forgetRate = ratio(
    c.sStarForget,
    known,
    "forgetRate",
    "|S*| (with a clean-evidence result)",
  );
  const leadAstrayRate = ratio(
    c.sStarLeadAstray,
    known,
    "leadAstrayRate",
    "|S*| (with a clean-evidence result)",
  );
  const pass1 = ratio(c.attemptedCorrect, c.n, "pass1", "N");
  const forgetShareOfS = ratio(c.sStarForget, c.sufficient, "forgetShareOfS", "|S|");
  const leadAstrayShareOfS = ratio(c.sStarLeadAstray, c.sufficient, "leadAstrayShareOfS", "|S|");
  return {
    aggregate: {
      knowledgeScore,
      searchScore,
      generationScore,
      goodRefusalF1: grF1,
      knowledgeUtilizationF1: kuF1,
      forgetRate,
      leadAstrayRate,
      pass1,
      n: c.n,
    },
    goodRefusal: { recall: grRecall, precision: grPrecision, f1: grF1 },
    knowledgeUtilization: { recall: kuRecall, precision: kuPrecision, f1: kuF1 },
    forgetShareOfS,
    leadAstrayShareOfS,
    emptyDenominators: empty,
  };
}

export function regionTable(metrics: readonly WebDetectiveSampleMetrics[]): RegionTable {
  const table: RegionTable = {
    S: { correct: 0, wrong: 0, refused: 0 },
    I: { correct: 0, wrong: 0, refused: 0 },
  };
  for (const m of metrics) table[m.region][m.response] += 1;
  return table;
}

/** Which point estimates rest on an empty denominator (their CI is null). */
const CI_DEPENDS_ON: Record<WebDetectiveRateKey, readonly string[]> = {
  knowledgeScore: ["knowledgeScore"],
  searchScore: ["searchScore"],
  generationScore: ["knowledgeScore"],
  goodRefusalF1: ["goodRefusalF1"],
  knowledgeUtilizationF1: ["knowledgeUtilizationF1"],
  forgetRate: ["forgetRate"],
  leadAstrayRate: ["leadAstrayRate"],
  pass1: ["pass1"],
};

export function aggregateWebDetective(
  samples: readonly WebDetectiveSampleInput[],
  options: BootstrapOptions = {},
): WebDetectiveReport {
  const metrics = samples.map(webDetectiveSampleMetrics);
  const flags = flagsOf(metrics);
  const all = Uint32Array.from({ length: metrics.length }, (_, i) => i);
  const counts = countFlags(flags, all);
  const scores = webDetectiveScores(counts);
  const intervals = bootstrapStatistics(
    metrics.length,
    (indices) => {
      const a = webDetectiveScores(countFlags(flags, indices)).aggregate;
      return WEBDETECTIVE_AGGREGATE_KEYS.map((key) => a[key]);
    },
    options,
  );
  const emptyMetrics = new Set(scores.emptyDenominators.map((e) => e.metric));
  const ci = Object.fromEntries(
    WEBDETECTIVE_AGGREGATE_KEYS.map((key, i) => [
      key,
      CI_DEPENDS_ON[key].some((m) => emptyMetrics.has(m)) ? null : intervals[i],
    ]),
  ) as Record<WebDetectiveRateKey, Interval | null>;
  const levels = webDetectiveLevels(scores.aggregate);
  return {
    ...scores,
    ci,
    counts,
    regions: regionTable(metrics),
    levels,
    profile: webDetectiveProfile(levels),
    unjudged: samples.filter((s) => s.judged === false).length,
  };
}

// ---------------------------------------------------------------- profiles (Table 2)

export type Level = "high" | "medium" | "low";

/**
 * Table 2 thresholds, in percent, exactly as §3.2.1 states them: High > hi, Medium from
 * lo to hi inclusive, Low < lo. So 70.00% knowledge is Medium and 60.00% is Medium.
 * (The paper itself files O3, at 70.00%, under a High-knowledge profile; by the stated
 * thresholds it is Medium, and its pattern then matches no profile.)
 */
export const PROFILE_THRESHOLDS = {
  knowledge: { low: 60, high: 70 },
  goodRefusal: { low: 25, high: 40 },
  knowledgeUtilization: { low: 25, high: 45 },
} as const;

export interface WebDetectiveLevels {
  knowledge: Level;
  goodRefusal: Level;
  knowledgeUtilization: Level;
}

/**
 * A fraction as a percentage, rounded to 1e-9 so that a value exactly on a threshold is
 * on it: an F1 of exactly 0.45 (P = 1, R = 9/31) comes out of floating point as 45.00000000000001%.
 */
export function asPercent(fraction: number): number {
  return Math.round(fraction * 100 * 1e9) / 1e9;
}

export function levelOf(percent: number, thresholds: { low: number; high: number }): Level {
  if (percent > thresholds.high) return "high";
  if (percent < thresholds.low) return "low";
  return "medium";
}

export function webDetectiveLevels(
  a: Pick<WebDetectiveAggregate, "knowledgeScore" | "goodRefusalF1" | "knowledgeUtilizationF1">,
): WebDetectiveLevels {
  return {
    knowledge: levelOf(asPercent(a.knowledgeScore), PROFILE_THRESHOLDS.knowledge),
    goodRefusal: levelOf(asPercent(a.goodRefusalF1), PROFILE_THRESHOLDS.goodRefusal),
    knowledgeUtilization: levelOf(
      asPercent(a.knowledgeUtilizationF1),
      PROFILE_THRESHOLDS.knowledgeUtilization,
    ),
  };
}

export interface WebDetectiveProfile {
  id: string;
  name: string;
  pattern: WebDetectiveLevels;
  /** Pass@1 range of the paper's examples. */
  pass1: string | null;
  examples: string;
  failureMode: string;
}

const p = (
  knowledge: Level,
  goodRefusal: Level,
  knowledgeUtilization: Level,
): WebDetectiveLevels => ({ knowledge, goodRefusal, knowledgeUtilization });

/** The profiles of Table 2 (knowledge, refusal, utilization). */
export const WEBDETECTIVE_PROFILES: readonly WebDetectiveProfile[] = [
  {
    id: "powerful-overconfident",
    name: "Powerful but Overconfident",
    pattern: p("high", "low", "high"),
    pass1: "50–56%",
    examples: "GPT-5, O3-Pro, O3",
    failureMode: "Hallucination from overconfidence",
  },
  {
    id: "well-calibrated-elite",
    name: "Well-Calibrated Elite",
    pattern: p("high", "medium", "high"),
    pass1: "44–51%",
    examples: "Grok-4, Claude-Opus-4.1",
    failureMode: "Minor: unnecessary caution",
  },
  {
    id: "synthesis-bottleneck",
    name: "Synthesis Bottleneck",
    pattern: p("high", "low", "low"),
    pass1: "18–22%",
    examples: "Qwen3-235B, Tongyi-DR",
    failureMode: "Cannot compose multi-hop reasoning",
  },
  {
    id: "conservative-middle",
    name: "Conservative Middle",
    pattern: p("medium", "medium", "medium"),
    pass1: "29–39%",
    examples: "Claude-Sonnet-4, GLM-4.5",
    failureMode: "Under-utilizes capabilities",
  },
  {
    id: "weak-confused",
    name: "Weak and Confused",
    pattern: p("medium", "low", "low"),
    pass1: "20–22%",
    examples: "O4-Mini, DeepSeek-R1",
    failureMode: "Poor synthesis + poor calibration",
  },
  {
    id: "self-aware-weakness",
    name: "Self-Aware of Weakness",
    pattern: p("low", "high", "low"),
    pass1: "13–18%",
    examples: "Doubao variants, Gemini-Flash",
    failureMode: "Comprehensive inability (appropriate)",
  },
  {
    id: "ideal",
    name: "Ideal (Unachieved)",
    pattern: p("high", "high", "high"),
    pass1: null,
    examples: "None",
    failureMode: "None - optimal behavior",
  },
];

export function webDetectiveProfile(levels: WebDetectiveLevels): WebDetectiveProfile | null {
  return (
    WEBDETECTIVE_PROFILES.find(
      (profile) =>
        profile.pattern.knowledge === levels.knowledge &&
        profile.pattern.goodRefusal === levels.goodRefusal &&
        profile.pattern.knowledgeUtilization === levels.knowledgeUtilization,
    ) ?? null
  );
}
