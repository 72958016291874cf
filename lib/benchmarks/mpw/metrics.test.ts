import { describe, expect, it } from "vitest";
import { factKeySet } from "../atomic-facts";
import {
  mpwSampleMetrics,
  mpwVerdict,
  newFactsPerCall,
  tierFromFactCount,
  type HitLogEntry,
} from "./metrics";

const call = (hit: boolean, keys: string[] = [], compound = false): HitLogEntry => ({
  hit,
  matchedFactKeys: keys,
  isCompoundQuery: compound,
});

describe("tierFromFactCount", () => {
  it("maps |F| onto Easy 1–5, Medium 6–10, Hard ≥ 11 and no tier for 0", () => {
    expect(tierFromFactCount(0)).toBeNull();
    expect(tierFromFactCount(1)).toBe("easy");
    expect(tierFromFactCount(5)).toBe("easy");
    expect(tierFromFactCount(6)).toBe("medium");
    expect(tierFromFactCount(10)).toBe("medium");
    expect(tierFromFactCount(11)).toBe("hard");
    expect(tierFromFactCount(40)).toBe("hard");
  });
});

describe("factKeySet", () => {
  it("trims keys and de-duplicates after trimming", () => {
    expect([...factKeySet(["a", " a ", "b\t", "\nc"])].sort()).toEqual(["a", "b", "c"]);
  });
});

describe("mpwSampleMetrics", () => {
  it("FCR = |H ∩ F| / |F| with repeated, padded and foreign keys", () => {
    // F = {a, b, c, d} (|F| = 4). Calls: a, " a " (same key padded), x (not in F), c, a again.
    // H ∩ F = {a, c} → FCR = 2/4 = 0.5. Hits = 4 of T = 5 (call 3 is a miss) → 0.8.
    const m = mpwSampleMetrics({
      atomicFactKeys: ["a", "b", "c", "d"],
      hitLog: [
        call(true, ["a"]),
        call(true, [" a "]),
        call(false, ["x"], true),
        call(true, ["c"]),
        call(true, ["a"]),
      ],
      toolCalls: 5,
    });
    expect(m.factCount).toBe(4);
    expect(m.factsCovered).toBe(2);
    expect(m.fcr).toBe(0.5);
    expect(m.hits).toBe(4);
    expect(m.hitLogCalls).toBe(5);
    expect(m.hitRate).toBe(0.8);
    // 1 compound call of 5 → 0.2
    expect(m.compoundRate).toBe(0.2);
    expect(m.tier).toBe("easy");
    expect(m.toolCalls).toBe(5);
    // a first at call 1, c first at call 4; b and d never.
    expect(m.firstCoveredAt).toEqual({ a: 1, b: null, c: 4, d: null });
    // per call: new facts 1 (a), 0, 0, 1 (c), 0; hits 1, 1, 0, 1, 1
    expect(m.newFactsByCall).toEqual([1, 0, 0, 1, 0]);
    expect(m.hitsByCall).toEqual([1, 1, 0, 1, 1]);
  });

  it("trims whitespace-padded keys on both sides (fact set and hit log)", () => {
    // F = {"k1", "k2"} after trimming " k1" and "k2 "; calls match "k1 " and "\tk2" → both covered → 2/2 = 1.
    const m = mpwSampleMetrics({
      atomicFactKeys: [" k1", "k2 "],
      hitLog: [call(true, ["k1 "]), call(true, ["\tk2"])],
      toolCalls: 2,
    });
    expect(m.factCount).toBe(2);
    expect(m.fcr).toBe(1);
    expect(m.firstCoveredAt).toEqual({ k1: 1, k2: 2 });
  });

  it("ignores matched keys outside the fact set", () => {
    // F = {a}; the only hit matches "zzz" ∉ F → FCR 0/1 = 0, though HitRate = 1/1.
    const m = mpwSampleMetrics({
      atomicFactKeys: ["a"],
      hitLog: [call(true, ["zzz"])],
      toolCalls: 1,
    });
    expect(m.fcr).toBe(0);
    expect(m.factsCovered).toBe(0);
    expect(m.hitRate).toBe(1);
    expect(m.firstCoveredAt).toEqual({ a: null });
  });

  it("empty fact set → FCR null and no tier", () => {
    const m = mpwSampleMetrics({ atomicFactKeys: [], hitLog: [call(true, ["a"])], toolCalls: 1 });
    expect(m.factCount).toBe(0);
    expect(m.fcr).toBeNull();
    expect(m.tier).toBeNull();
    expect(m.firstCoveredAt).toEqual({});
    // HitRate is still defined: 1 hit / T = 1.
    expect(m.hitRate).toBe(1);
  });

  it("keys that are blank after trimming are not facts", () => {
    const m = mpwSampleMetrics({ atomicFactKeys: ["  ", ""], hitLog: [], toolCalls: 0 });
    expect(m.factCount).toBe(0);
    expect(m.fcr).toBeNull();
  });

  it("zero tool calls → HitRate 0, compound rate null, FCR 0 when facts exist", () => {
    const m = mpwSampleMetrics({
      atomicFactKeys: ["a", "b", "c", "d", "e", "f"],
      hitLog: [],
      toolCalls: 0,
    });
    expect(m.hitLogCalls).toBe(0);
    expect(m.hits).toBe(0);
    expect(m.hitRate).toBe(0);
    expect(m.compoundRate).toBeNull();
    // 0 of 6 facts covered
    expect(m.fcr).toBe(0);
    expect(m.tier).toBe("medium");
  });

  it("HitRate divides by T = number of hit-log entries, not by the tool-call count", () => {
    // 10 tool calls were made but only 4 carry a hit log, 1 of them a hit → 1/4 = 0.25 (not 1/10).
    const m = mpwSampleMetrics({
      atomicFactKeys: ["a", "b"],
      hitLog: [call(false), call(true, ["b"]), call(false, [], true), call(false, [], true)],
      toolCalls: 10,
    });
    expect(m.toolCalls).toBe(10);
    expect(m.hitLogCalls).toBe(4);
    expect(m.hitRate).toBe(0.25);
    // 2 compound of 4 → 0.5
    expect(m.compoundRate).toBe(0.5);
    // b covered → 1/2
    expect(m.fcr).toBe(0.5);
    expect(m.firstCoveredAt).toEqual({ a: null, b: 2 });
  });

  it("a hit-log entry with hit = false but a matched key still counts towards coverage, not hits", () => {
    // Coverage is defined by matched keys (H); HitRate by the hit flag: 0 hits / 1 call.
    const m = mpwSampleMetrics({
      atomicFactKeys: ["a"],
      hitLog: [call(false, ["a"])],
      toolCalls: 1,
    });
    expect(m.fcr).toBe(1);
    expect(m.hitRate).toBe(0);
  });

  it("tier follows |F| after trimming and de-duplication", () => {
    // 6 raw keys, but "a" and " a" collapse → |F| = 5 → easy.
    const m = mpwSampleMetrics({
      atomicFactKeys: ["a", " a", "b", "c", "d", "e"],
      hitLog: [],
      toolCalls: 0,
    });
    expect(m.factCount).toBe(5);
    expect(m.tier).toBe("easy");
    const hard = mpwSampleMetrics({
      atomicFactKeys: Array.from({ length: 11 }, (_, i) => `k${i}`),
      hitLog: [],
      toolCalls: 0,
    });
    expect(hard.tier).toBe("hard");
  });
});

describe("newFactsPerCall", () => {
  it("lists, per call, the fact keys first covered at that call", () => {
    const facts = new Set(["a", "b", "c"]);
    // call 1: a (new); call 2: a (seen) → []; call 3: miss → []; call 4: " b " (new, trimmed) ; call 5: q ∉ F → []
    expect(
      newFactsPerCall(
        [call(true, ["a"]), call(true, ["a"]), call(false), call(true, [" b "]), call(true, ["q"])],
        facts,
      ),
    ).toEqual([["a"], [], [], ["b"], []]);
  });

  it("is empty for an empty hit log", () => {
    expect(newFactsPerCall([], new Set(["a"]))).toEqual([]);
  });
});

describe("mpwVerdict", () => {
  it("`answer` = Correct is correct; Incorrect and No Answer are not", () => {
    expect(mpwVerdict({ answer: "Correct" })).toEqual({
      correct: true,
      source: "answer",
      label: "Correct",
    });
    expect(mpwVerdict({ answer: "Incorrect" })).toMatchObject({ correct: false, source: "answer" });
    expect(mpwVerdict({ answer: "No Answer" })).toMatchObject({ correct: false, source: "answer" });
  });

  it("`answer` with judge_status success is decided by `answer`", () => {
    expect(
      mpwVerdict({
        answer: "Correct",
        judge_status: "success",
        judge_response: "<answer>Correct</answer>",
      }).correct,
    ).toBe(true);
    expect(
      mpwVerdict({
        answer: "Incorrect",
        judge_status: "success",
        judge_response: "<answer>Incorrect</answer>",
      }).correct,
    ).toBe(false);
  });

  it("judge_status success + <answer>Correct</answer> in judge_response, whitespace inside the tag allowed", () => {
    expect(
      mpwVerdict({
        judge_status: "success",
        judge_response: "<think>ok</think><answer>Correct</answer>",
      }),
    ).toMatchObject({
      correct: true,
      source: "judge_response",
    });
    expect(
      mpwVerdict({
        judge_status: "success",
        judge_response: "<think>\nsame\n</think>\n<answer>\n  Correct \n</answer>",
      }).correct,
    ).toBe(true);
  });

  it("judge_response with <answer>Incorrect</answer> is not correct (no substring match)", () => {
    expect(
      mpwVerdict({ judge_status: "success", judge_response: "<answer>Incorrect</answer>" }).correct,
    ).toBe(false);
    expect(
      mpwVerdict({ judge_status: "success", judge_response: "<answer>\nIncorrect\n</answer>" })
        .correct,
    ).toBe(false);
    // No tag at all, just the word.
    expect(mpwVerdict({ judge_status: "success", judge_response: "Correct" }).correct).toBe(false);
  });

  it("judge_response with a Correct tag but no judge_status success is not correct", () => {
    expect(mpwVerdict({ judge_response: "<answer>Correct</answer>" }).correct).toBe(false);
  });

  it("evaluation.judgment = Correct is correct; Incorrect is NOT (the authors' `'correct' in judgment` bug)", () => {
    expect(mpwVerdict({ evaluation: { judgment: "Correct" } })).toEqual({
      correct: true,
      source: "evaluation.judgment",
      label: "Correct",
    });
    const incorrect = mpwVerdict({ evaluation: { judgment: "Incorrect" } });
    expect(incorrect.correct).toBe(false);
    expect(incorrect.source).toBe("evaluation.judgment");
    expect(incorrect.label).toBe("Incorrect");
    expect(mpwVerdict({ evaluation: { judgment: "incorrect" } }).correct).toBe(false);
    expect(mpwVerdict({ evaluation: { judgment: "No Answer" } }).correct).toBe(false);
  });

  it("evaluation.judgment = Correct is correct even when the script also wrote judge_status success", () => {
    // metrics.md: any of the three variants saying Correct decides; only a non-success judge overrides.
    expect(
      mpwVerdict({ judge_status: "success", evaluation: { judgment: "Correct" } }),
    ).toMatchObject({
      correct: true,
      source: "evaluation.judgment",
    });
    expect(
      mpwVerdict({ judge_status: "success", evaluation: { judgment: "Incorrect" } }).correct,
    ).toBe(false);
  });

  it("judge_status skipped → incorrect even if `answer` says Correct", () => {
    const v = mpwVerdict({
      answer: "Correct",
      judge_status: "skipped",
      judge_response: "<answer>Correct</answer>",
    });
    expect(v.correct).toBe(false);
    expect(v.source).toBe("judge_status");
    expect(v.label).toBe("skipped");
  });

  it("skipped judge with the MPW scripts' own fields (answer No Answer) → incorrect", () => {
    expect(
      mpwVerdict({
        answer: "No Answer",
        think: "",
        judge_response: "",
        judge_status: "skipped",
      } as never).correct,
    ).toBe(false);
  });

  it("no judge field at all → incorrect with source none", () => {
    expect(mpwVerdict({})).toEqual({ correct: false, source: "none", label: null });
    expect(
      mpwVerdict({ answer: null, judge_status: null, judge_response: null, evaluation: null }),
    ).toEqual({
      correct: false,
      source: "none",
      label: null,
    });
    expect(mpwVerdict({ evaluation: {} })).toEqual({ correct: false, source: "none", label: null });
  });

  it("non-string judge values are not verdicts", () => {
    expect(mpwVerdict({ answer: true, evaluation: { judgment: 1 } })).toEqual({
      correct: false,
      source: "none",
      label: null,
    });
  });
});
