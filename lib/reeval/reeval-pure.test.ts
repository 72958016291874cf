import { describe, expect, it } from "vitest";
import { describeChanges, verdictChange } from "./describe";
import { jobJudgeOptions, rejudgeOptions } from "./judge-options";
import { PROPOSAL_TTL_MS, signProposal, verifyProposal, type Proposal } from "./proposal";
import { changedKeys, diffState, sameValue, stateWithVerdict, substantiveDiff } from "./state";

const proposal: Proposal = {
  sampleId: 7,
  action: "rejudge",
  judge: "exact",
  judgeConfig: null,
  before: { correct: false },
  after: { correct: true },
  rationale: "equal",
  createdAt: "2026-11-22T08:00:00.000Z",
};

describe("sample state", () => {
  it("compares JSON values whatever their key order", () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(
      true,
    );
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });

  it("diffs only the fields that change, and finds fields changed since", () => {
    expect(
      diffState(
        { correct: false, verdictSource: "answer", fcr: 0.5 },
        { correct: true, verdictSource: "answer" },
      ),
    ).toEqual({ before: { correct: false }, after: { correct: true } });
    expect(changedKeys({ correct: true, fcr: 0.5 }, { correct: true, fcr: 0.25 })).toEqual(["fcr"]);
    // A judge that agrees changes nothing, not even the recorded source.
    expect(
      substantiveDiff(
        { correct: true, verdictSource: "answer" },
        { correct: true, verdictSource: "rejudge:llm" },
      ),
    ).toEqual({ before: {}, after: {} });
    expect(
      substantiveDiff(
        { correct: true, verdictSource: "answer" },
        { correct: false, verdictSource: "rejudge:llm" },
      ).after,
    ).toEqual({ correct: false, verdictSource: "rejudge:llm" });
  });

  it("maps a verdict onto each benchmark's stored fields", () => {
    const change = { correct: true, source: "adjudicated", label: "Correct", rationale: "r" };
    expect(stateWithVerdict("mpw", null, change)).toEqual({
      correct: true,
      verdictSource: "adjudicated",
      verdictLabel: "Correct",
      judgeRationale: "r",
    });
    expect(stateWithVerdict("qa", { verdict: "incorrect", toolCalls: 3 }, change).metrics).toEqual({
      verdict: "correct",
      toolCalls: 3,
    });
    expect(stateWithVerdict("widesearch", { success: false, rowF1: 0.5 }, change).metrics).toEqual({
      success: true,
      rowF1: 0.5,
    });
    expect(
      stateWithVerdict(
        "webdetective",
        { verdict: "incorrect", refused: false, response: "wrong" },
        change,
      ).metrics,
    ).toMatchObject({ verdict: "correct", response: "correct" });
    expect(
      stateWithVerdict(
        "webdetective",
        { verdict: "incorrect", refused: true, response: "refused" },
        { ...change, correct: false },
      ).metrics,
    ).toMatchObject({ response: "refused" });
    // A full WebDetective sample: every link found by search (knowledge sufficient), in 3 of 3 hops.
    const webDetective = {
      verdict: "incorrect",
      statedConfidence: null,
      judgeConfidence: null,
      judgeModel: null,
      extractedFinalAnswer: null,
      toolCalls: 4,
      evidence: [
        { id: "e1", foundBySearch: true, probeCorrect: null },
        { id: "e2", foundBySearch: true, probeCorrect: null },
      ],
      refused: false,
      hopsUsed: 3,
      hopsGt: 3,
      searched: true,
      cleanEvidenceCorrect: true,
      knowledgeSufficient: true,
      region: "S",
      response: "wrong",
      missingEvidence: [],
      searchCredit: false,
      degradation: "lead-astray",
    };
    // Adjudicated correct: out of S* (no degradation); no search credit, as knowledge was sufficient.
    expect(stateWithVerdict("webdetective", webDetective, change).metrics).toMatchObject({
      verdict: "correct",
      response: "correct",
      region: "S",
      searchCredit: false,
      degradation: null,
    });
    const probedOnly = {
      ...webDetective,
      evidence: [
        { id: "e1", foundBySearch: true, probeCorrect: null },
        { id: "e2", foundBySearch: false, probeCorrect: false },
      ],
      knowledgeSufficient: false,
      region: "I",
      missingEvidence: ["e2"],
      degradation: null,
    };
    // Knowledge insufficient, correct within the hops after searching: search credit.
    expect(stateWithVerdict("webdetective", probedOnly, change).metrics).toMatchObject({
      response: "correct",
      searchCredit: true,
      degradation: null,
    });
    expect(
      stateWithVerdict("infomosaic", { score: 1 }, { ...change, correct: false }).metrics,
    ).toEqual({ score: 0 });
    expect(
      stateWithVerdict("infomosaic", { score: 0 }, { ...change, correct: false, score: 1 }).metrics,
    ).toEqual({ score: 1 });
  });
});

describe("signed previews", () => {
  it("round-trips, and refuses a tampered, foreign or stale preview", () => {
    const now = new Date("2026-11-22T08:05:00Z");
    const token = signProposal("secret", proposal);
    expect(verifyProposal("secret", token, now)).toEqual({ ok: true, proposal });
    const [payload, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...proposal, after: { correct: false } })).toString(
      "base64url",
    );
    expect(verifyProposal("secret", `${forged}.${mac}`, now).ok).toBe(false);
    expect(verifyProposal("other", token, now).ok).toBe(false);
    expect(verifyProposal("secret", `${payload}.`, now).ok).toBe(false);
    const late = new Date(Date.parse(proposal.createdAt) + PROPOSAL_TTL_MS + 1);
    expect(verifyProposal("secret", token, late)).toEqual({
      ok: false,
      error: "the preview is more than 30 minutes old; run it again",
    });
  });
});

describe("descriptions and options", () => {
  it("names the changed fields, opening metrics and gold cells", () => {
    expect(
      describeChanges(
        { correct: false, metrics: { verdict: "incorrect", n: 1 } },
        { correct: true, metrics: { verdict: "correct", n: 1 }, detail: {} },
      ),
    ).toEqual([{ field: "metrics.verdict", before: "incorrect", after: "correct" }]);
    expect(
      describeChanges(
        { cell: { row: 0, column: "city", value: "Pariss" } },
        { cell: { row: 0, column: "city", value: "Paris" } },
      ),
    ).toEqual([{ field: "gold row 1, city", before: "Pariss", after: "Paris" }]);
    expect(describeChanges({ fcr: 0.33333333 }, { fcr: 0.5 })).toEqual([
      { field: "fcr", before: "0.3333", after: "0.5" },
    ]);
    expect(verdictChange({ correct: false }, { correct: true })).toEqual({
      before: false,
      after: true,
    });
    expect(verdictChange({}, { fcr: 1 })).toBeNull();
  });

  it("disables what does not apply, saying why", () => {
    const ws = rejudgeOptions("widesearch", {
      hasStoredGraderOutput: true,
      hasGold: false,
      llmUnavailable: "no LLM judge is configured",
    });
    expect(ws.map((o) => [o.id, o.disabled !== null])).toEqual([
      ["exact", true],
      ["numeric", true],
      ["grader", true],
      ["llm", true],
    ]);
    expect(ws[3].disabled).toBe("no LLM judge is configured");
    expect(
      rejudgeOptions("widesearch", {
        hasStoredGraderOutput: false,
        hasGold: false,
        llmUnavailable: null,
        resultsOnly: true,
      })[3].disabled,
    ).toContain("evaluation CSV");
    expect(
      rejudgeOptions("widesearch", {
        hasStoredGraderOutput: false,
        hasGold: false,
        llmUnavailable: null,
        resultsOnly: false,
      })[3].disabled,
    ).toBeNull();
    const qa = rejudgeOptions("qa", {
      hasStoredGraderOutput: false,
      hasGold: true,
      llmUnavailable: null,
    });
    expect(qa.filter((o) => o.disabled).map((o) => o.id)).toEqual(["grader"]);
    expect(jobJudgeOptions("mpw", "off").map((o) => [o.id, o.disabled])).toEqual([
      ["exact", null],
      ["numeric", null],
      ["llm", "off"],
    ]);
  });
});
