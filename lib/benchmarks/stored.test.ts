import { describe, expect, it } from "vitest";
import { storedStateSchema } from "../reeval/state";
import { aggregateMpw } from "./mpw/aggregate";
import { mpwSampleMetrics } from "./mpw/metrics";
import { countStatuses } from "./stored";

describe("status counts", () => {
  it("count a status named like an Object.prototype member as any other", () => {
    const counts = countStatuses([
      { status: "constructor" },
      { status: "__proto__" },
      { status: "constructor" },
      { status: "toString" },
    ]);
    expect(counts.constructor).toBe(2);
    expect(counts.__proto__).toBe(1);
    expect(counts.toString).toBe(1);
    expect(Object.keys(counts)).toEqual(["constructor", "__proto__", "toString"]);
    // As stored (db/aggregates.ts writes a plain copy): every status survives.
    expect(JSON.parse(JSON.stringify({ ...counts }))).toEqual(
      JSON.parse('{"constructor":2,"__proto__":1,"toString":1}'),
    );
  });

  it("hold in MPW's aggregates too", () => {
    const row = {
      correct: true,
      verdictSource: "answer",
      fcr: 1,
      hitRate: 1,
      toolCalls: 1,
      hitLogCalls: 1,
      compoundRate: 0,
      tier: null,
      category: null,
      answerSeenAtCall: null,
      goldSeenAtCall: null,
    };
    const [overall] = aggregateMpw(
      [
        { ...row, status: "constructor" },
        { ...row, status: "__proto__" },
      ],
      { resamples: 10 },
    );
    expect(Object.entries(overall.statusCounts)).toEqual([
      ["constructor", 1],
      ["__proto__", 1],
    ]);
  });
});

describe("fact maps", () => {
  it("keep a fact key named like an Object.prototype member, computed and written back", () => {
    const m = mpwSampleMetrics({
      atomicFactKeys: ["__proto__", "constructor"],
      hitLog: [{ hit: true, matchedFactKeys: ["__proto__"], isCompoundQuery: false }],
      toolCalls: 1,
    });
    expect(Object.entries(m.firstCoveredAt)).toEqual([
      ["__proto__", 1],
      ["constructor", null],
    ]);
    const written = storedStateSchema.parse({
      firstCoveredAt: JSON.parse(JSON.stringify(m.firstCoveredAt)),
    }).firstCoveredAt;
    expect(JSON.stringify(written)).toBe('{"__proto__":1,"constructor":null}');
  });
});
