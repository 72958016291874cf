import { describe, expect, it } from "vitest";
import { costValue } from "./format";

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
