import { describe, expect, it } from "vitest";
import { ciBracket, costValue, figure, niceTicks, plural, seriesLabels, withCi } from "./format";

describe("costValue", () => {
  it("dollars: cents from a dollar up, three significant digits below, zeros past the cents dropped", () => {
    expect(costValue(0, "usd")).toBe("$0");
    expect(costValue(0.004, "usd")).toBe("$0.004");
    expect(costValue(0.0125, "usd")).toBe("$0.0125");
    expect(costValue(0.004372, "usd")).toBe("$0.00437");
    expect(costValue(0.1, "usd")).toBe("$0.10");
    expect(costValue(0.25, "usd")).toBe("$0.25");
    expect(costValue(0.9996, "usd")).toBe("$1.00");
    expect(costValue(1.25, "usd")).toBe("$1.25");
    expect(costValue(1234.5, "usd")).toBe("$1,234.50");
  });

  it("counts: up to two decimals", () => {
    expect(costValue(0, "count")).toBe("0");
    expect(costValue(2.5, "count")).toBe("2.5");
    expect(costValue(8.724, "count")).toBe("8.72");
    expect(costValue(1234.5, "count")).toBe("1,234.5");
  });

  it("tokens: three significant digits with k, M, B, decided on the rounded figure", () => {
    expect(costValue(950.4, "tokens")).toBe("950");
    expect(costValue(12_345, "tokens")).toBe("12.3k");
    expect(costValue(20_000, "tokens")).toBe("20k");
    expect(costValue(999_999, "tokens")).toBe("1M");
    expect(costValue(1_234_567, "tokens")).toBe("1.23M");
  });
});

describe("withCi: one way to write a figure and its interval", () => {
  it("rates: a percentage, its ends in points to one decimal", () => {
    expect(withCi(0.386, 0.355, 0.417, "rate")).toBe("38.6% [35.5, 41.7]");
    expect(withCi(0, 0, 0, "rate")).toBe("0.0% [0.0, 0.0]");
  });

  it("counts and decimals: the ends to the figure's decimals (three significant digits)", () => {
    expect(withCi(8.68, 8, 9.45, "decimal")).toBe("8.68 [8.00, 9.45]");
    expect(withCi(12.34, 9.5, 15.01, "count")).toBe("12.3 [9.5, 15.0]");
    expect(withCi(123.4, 99.6, 150, "decimal")).toBe("123 [100, 150]");
    expect(withCi(0.5, 0.25, 0.75, "decimal")).toBe("0.50 [0.25, 0.75]");
  });

  it("dollars: the sign once, the ends to the figure's decimals", () => {
    expect(withCi(0.737, 0.602, 0.9, "usd")).toBe("$0.737 [0.602, 0.900]");
    expect(withCi(1.25, 0.9, 1.6, "usd")).toBe("$1.25 [0.90, 1.60]");
    expect(withCi(0.0125, 0.004, 0.02, "usd")).toBe("$0.0125 [0.0040, 0.0200]");
  });

  it("seconds: one unit for all three, minutes from 90 s", () => {
    expect(withCi(78, 63, 96, "seconds")).toBe("78 s [63, 96]");
    expect(withCi(96, 63, 120, "seconds")).toBe("1.6 min [1.1, 2.0]");
    expect(withCi(4.25, 3, 6, "seconds")).toBe("4.3 s [3.0, 6.0]");
  });

  it("tokens: the figure's scale for the ends", () => {
    expect(withCi(12_345, 10_100, 14_520, "tokens")).toBe("12.3k [10.1, 14.5]");
    expect(withCi(950, 800, 1_200, "tokens")).toBe("950 [800, 1,200]");
    expect(withCi(1_234_567, 1_000_000, 1_500_000, "tokens")).toBe("1.23M [1.00, 1.50]");
  });

  it("no interval: the figure alone; no figure: a dash", () => {
    expect(withCi(0.386, null, null, "rate")).toBe("38.6%");
    expect(withCi(null, 0.1, 0.2, "rate")).toBe("—");
    expect(figure(undefined, "usd")).toBe("—");
    expect(ciBracket(0.5, null, 0.6, "rate")).toBeNull();
  });
});

describe("plural", () => {
  it("one is singular, every other count plural", () => {
    expect(plural(1, "sample")).toBe("1 sample");
    expect(plural(0, "task")).toBe("0 tasks");
    expect(plural(2, "task")).toBe("2 tasks");
    expect(plural(1204, "sample")).toBe("1,204 samples");
    expect(plural(3, "query", "queries")).toBe("3 queries");
  });
});

describe("niceTicks", () => {
  it("even steps from 0, the last tick at or past the maximum", () => {
    expect(niceTicks(0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0.65)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(0.05)).toEqual([0, 0.02, 0.04, 0.06]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(8.72)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0.0123)).toEqual([0, 0.005, 0.01, 0.015]);
  });

  it("a maximum of 0 or less still draws an axis", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe("seriesLabels", () => {
  it("the model alone when unique; else the first detail that tells it apart; else its number", () => {
    expect(
      seriesLabels([
        { id: 1, model: "deepseek-reasoner", details: ["ReAct", "default", "Team A"] },
        { id: 2, model: "deepseek-reasoner", details: ["ReAct", "default", "Team B"] },
        { id: 3, model: "gpt-5.2", details: ["ReAct", "default", null] },
      ]),
    ).toEqual(["deepseek-reasoner · Team A", "deepseek-reasoner · Team B", "gpt-5.2"]);
    expect(
      seriesLabels([
        { id: 7, model: "m", details: ["single agent", null] },
        { id: 8, model: "m", details: ["multi agent", null] },
      ]),
    ).toEqual(["m · single agent", "m · multi agent"]);
    expect(
      seriesLabels([
        { id: 4, model: "m", details: ["ReAct"] },
        { id: 5, model: "m", details: ["ReAct"] },
      ]),
    ).toEqual(["m · #4", "m · #5"]);
  });
});
