import { describe, expect, it } from "vitest";
import { hasPrediction, sampleHints, type HintInput } from "./hints";

const base: HintInput = {
  status: "finished",
  correct: true,
  fcr: 0.8,
  compoundRate: 0.1,
  toolCalls: 5,
  actualTurns: 6,
  maxTurns: 30,
  prediction: "Paris",
  metrics: null,
  setting: "C",
};
const hints = (change: Partial<HintInput>) => sampleHints({ ...base, ...change });

describe("sampleHints", () => {
  it("a healthy sample has none", () => {
    expect(hints({})).toEqual([]);
  });

  it("low-fcr-stop: finished, wrong, searched, FCR strictly below 0.5", () => {
    expect(hints({ correct: false, fcr: 0.4 })).toEqual(["low-fcr-stop"]);
    expect(hints({ correct: false, fcr: 0.5 })).toEqual([]);
    expect(hints({ correct: true, fcr: 0.1 })).toEqual([]);
    expect(hints({ correct: false, fcr: null })).toEqual([]);
    expect(hints({ correct: false, fcr: 0.1, status: "api_error" })).toEqual([]);
    // Without a call it is "answered without searching", not a premature stop.
    expect(hints({ correct: false, fcr: 0, toolCalls: 0 })).toEqual(["no-search"]);
  });

  it("compound: strictly more than half", () => {
    expect(hints({ compoundRate: 0.5 })).toEqual([]);
    expect(hints({ compoundRate: 0.51 })).toEqual(["compound"]);
    expect(hints({ compoundRate: null })).toEqual([]);
  });

  it("tool-limit: the status, turns at the maximum, or EvoBrowseComp's exceeded flag", () => {
    expect(hints({ status: "max_turns_reached", correct: false, prediction: null })).toEqual([
      "tool-limit",
    ]);
    expect(hints({ actualTurns: 30, maxTurns: 30 })).toEqual(["tool-limit"]);
    expect(hints({ actualTurns: 29, maxTurns: 30 })).toEqual([]);
    expect(hints({ actualTurns: 40, maxTurns: null })).toEqual([]);
    expect(hints({ metrics: { exceeded: true } })).toEqual(["tool-limit"]);
    expect(hints({ metrics: { exceeded: false } })).toEqual([]);
  });

  it("no-search: a prediction without any call, only where tools were available", () => {
    expect(hints({ toolCalls: 0 })).toEqual(["no-search"]);
    expect(hints({ toolCalls: 0, prediction: " \n\t" })).toEqual([]);
    expect(hints({ toolCalls: 0, prediction: null })).toEqual([]);
    expect(hints({ toolCalls: 0, setting: "A" })).toEqual([]);
    expect(hints({ toolCalls: 0, setting: "no-tool" })).toEqual([]);
    expect(hints({ toolCalls: 0, metrics: { setting: "tool-free" } })).toEqual([]);
    expect(hints({ toolCalls: 0, metrics: { setting: "tool-based" } })).toEqual(["no-search"]);
  });

  it("several at once, in a fixed order", () => {
    expect(
      hints({ status: "max_turns_reached", compoundRate: 0.9, correct: false, fcr: 0.1 }),
    ).toEqual(["compound", "tool-limit"]);
    expect(hints({ correct: false, fcr: 0.2, compoundRate: 0.75, actualTurns: 30 })).toEqual([
      "low-fcr-stop",
      "compound",
      "tool-limit",
    ]);
  });
});

describe("hasPrediction", () => {
  it("trims the whitespace SQLite's trim is told to", () => {
    expect(hasPrediction("")).toBe(false);
    expect(hasPrediction(" \r\n\t ")).toBe(false);
    expect(hasPrediction(" x ")).toBe(true);
  });
});
