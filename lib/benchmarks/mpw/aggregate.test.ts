import { describe, expect, it } from "vitest";
import { aggregateMpw, splitKeysOf, type MpwAggregate, type MpwSampleRow } from "./aggregate";

const row = (r: Partial<MpwSampleRow>): MpwSampleRow => ({
  correct: false,
  verdictSource: "answer",
  fcr: null,
  hitRate: 0,
  toolCalls: 0,
  hitLogCalls: 0,
  compoundRate: null,
  answerSeenAtCall: null,
  goldSeenAtCall: null,
  tier: null,
  category: null,
  status: "finished",
  ...r,
});

const ROWS: MpwSampleRow[] = [
  row({
    correct: true,
    fcr: 0.5,
    hitRate: 0.5,
    toolCalls: 4,
    hitLogCalls: 4,
    compoundRate: 0.25,
    tier: "easy",
    category: "NBA Player",
  }),
  row({
    correct: false,
    fcr: null,
    hitRate: 0,
    toolCalls: 0,
    hitLogCalls: 0,
    compoundRate: null,
    tier: null,
    category: "NBA Player",
    status: "api_error",
  }),
  row({
    correct: true,
    fcr: 1,
    hitRate: 1,
    toolCalls: 2,
    hitLogCalls: 2,
    compoundRate: 0,
    tier: "medium",
    category: "Tennis",
  }),
  row({
    correct: false,
    fcr: 0,
    hitRate: 0,
    toolCalls: 0,
    hitLogCalls: 0,
    compoundRate: null,
    tier: "easy",
    category: null,
    status: "weird_status",
  }),
];

function bySplit(aggs: MpwAggregate[]): Record<string, MpwAggregate> {
  return Object.fromEntries(aggs.map((a) => [a.split, a]));
}

describe("splitKeysOf", () => {
  it("always overall, plus tier and category when known", () => {
    expect(splitKeysOf({ tier: "hard", category: "Esports" })).toEqual([
      "overall",
      "tier:hard",
      "category:Esports",
    ]);
    expect(splitKeysOf({ tier: null, category: null })).toEqual(["overall"]);
  });
});

describe("aggregateMpw", () => {
  const aggs = bySplit(aggregateMpw(ROWS));

  it("forms the overall, tier and category splits present in the rows", () => {
    expect(Object.keys(aggs).sort()).toEqual(
      ["category:NBA Player", "category:Tennis", "overall", "tier:easy", "tier:medium"].sort(),
    );
  });

  it("overall: means over all samples, FCR over the samples that have one", () => {
    const o = aggs.overall;
    expect(o.n).toBe(4);
    // Pass@1 = (1 + 0 + 1 + 0) / 4
    expect(o.pass1.value).toBe(0.5);
    expect(o.pass1.n).toBe(4);
    // FCR: null left out → (0.5 + 1 + 0) / 3 = 0.5 over n = 3
    expect(o.fcr.value).toBe(0.5);
    expect(o.fcr.n).toBe(3);
    // HitRate = (0.5 + 0 + 1 + 0) / 4 = 0.375
    expect(o.hitRate.value).toBe(0.375);
    // ToolCalls = (4 + 0 + 2 + 0) / 4 = 1.5
    expect(o.toolCalls.value).toBe(1.5);
    // Compound rate: nulls left out → (0.25 + 0) / 2 = 0.125
    expect(o.compoundRate).toBe(0.125);
    // rows 2 and 4 have hitLogCalls 0
    expect(o.zeroCallSamples).toBe(2);
    expect(o.statusCounts).toEqual({ finished: 2, api_error: 1, weird_status: 1 });
  });

  it("overall CIs bracket the point estimates", () => {
    const o = aggs.overall;
    for (const e of [o.pass1, o.fcr, o.hitRate, o.toolCalls]) {
      expect(e.ci).not.toBeNull();
      expect(e.ci!.lo).toBeLessThanOrEqual(e.value!);
      expect(e.ci!.hi).toBeGreaterThanOrEqual(e.value!);
    }
  });

  it("tier:easy holds rows 1 and 4", () => {
    const e = aggs["tier:easy"];
    expect(e.n).toBe(2);
    expect(e.pass1.value).toBe(0.5); // (1 + 0) / 2
    expect(e.fcr.value).toBe(0.25); // (0.5 + 0) / 2
    expect(e.fcr.n).toBe(2);
    expect(e.hitRate.value).toBe(0.25); // (0.5 + 0) / 2
    expect(e.toolCalls.value).toBe(2); // (4 + 0) / 2
    expect(e.compoundRate).toBe(0.25); // only row 1 has one
    expect(e.zeroCallSamples).toBe(1);
    expect(e.statusCounts).toEqual({ finished: 1, weird_status: 1 });
  });

  it("tier:medium is the single row 3, with degenerate intervals", () => {
    const m = aggs["tier:medium"];
    expect(m.n).toBe(1);
    expect(m.pass1).toEqual({ value: 1, ci: { lo: 1, hi: 1 }, n: 1 });
    expect(m.fcr).toEqual({ value: 1, ci: { lo: 1, hi: 1 }, n: 1 });
    expect(m.toolCalls).toEqual({ value: 2, ci: { lo: 2, hi: 2 }, n: 1 });
    expect(m.zeroCallSamples).toBe(0);
  });

  it("category:NBA Player holds rows 1 and 2 (row 2 has no tier)", () => {
    const c = aggs["category:NBA Player"];
    expect(c.n).toBe(2);
    expect(c.pass1.value).toBe(0.5);
    expect(c.fcr.value).toBe(0.5); // only row 1 has an FCR
    expect(c.fcr.n).toBe(1);
    expect(c.hitRate.value).toBe(0.25); // (0.5 + 0) / 2
    expect(c.toolCalls.value).toBe(2);
    expect(c.zeroCallSamples).toBe(1);
    expect(c.statusCounts).toEqual({ finished: 1, api_error: 1 });
  });

  it("a split where every FCR is null has FCR value and CI null with n 0", () => {
    const [o] = aggregateMpw([row({ fcr: null }), row({ fcr: null })]);
    expect(o.fcr).toEqual({ value: null, ci: null, n: 0 });
    expect(o.compoundRate).toBeNull();
    expect(o.zeroCallSamples).toBe(2);
  });

  it("empty input → only an overall split with n 0 and null values", () => {
    const aggsEmpty = aggregateMpw([]);
    expect(aggsEmpty).toHaveLength(1);
    const [o] = aggsEmpty;
    expect(o.split).toBe("overall");
    expect(o.n).toBe(0);
    for (const e of [o.pass1, o.fcr, o.hitRate, o.toolCalls])
      expect(e).toEqual({ value: null, ci: null, n: 0 });
    expect(o.compoundRate).toBeNull();
    expect(o.zeroCallSamples).toBe(0);
    expect(o.statusCounts).toEqual({});
  });

  it("is deterministic", () => {
    expect(aggregateMpw(ROWS)).toEqual(aggregateMpw(ROWS));
  });

  it("counts the samples without a judge verdict, per split, beside Pass@1", () => {
    const [overall, hard] = aggregateMpw([
      row({ verdictSource: "none", tier: "hard" }),
      row({ verdictSource: "none" }),
      row({ correct: true }),
    ]);
    expect([overall.split, overall.unjudged, overall.pass1.value]).toEqual(["overall", 2, 1 / 3]);
    expect([hard.split, hard.unjudged]).toEqual(["tier:hard", 1]);
  });
});
