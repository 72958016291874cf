import { describe, expect, it } from "vitest";
import { durationText, usageParts } from "./usage";

const none = { promptTokens: null, completionTokens: null, costUsd: null, seconds: null };

describe("usageParts", () => {
  it("writes tokens prompt → completion, dollars and time", () => {
    expect(
      usageParts({ promptTokens: 1204, completionTokens: 87, costUsd: 0.004, seconds: 3.24 }),
    ).toEqual(["1,204 → 87 tok", "$0.004", "3.2 s"]);
  });

  it("names the one side of the tokens it knows, and writes nothing for unknown figures", () => {
    expect(usageParts({ ...none, promptTokens: 55442 })).toEqual(["55,442 prompt tok"]);
    expect(usageParts({ ...none, completionTokens: 0 })).toEqual(["0 completion tok"]);
    expect(usageParts({ ...none, seconds: 0 })).toEqual(["0.0 s"]);
    expect(usageParts(none)).toEqual([]);
  });
});

describe("durationText", () => {
  it("keeps a decimal under 10 s, whole seconds to 90 s, then minutes", () => {
    expect([0.25, 9.94, 12.4, 89.4, 90, 754].map(durationText)).toEqual([
      "0.3 s",
      "9.9 s",
      "12 s",
      "89 s",
      "1.5 min",
      "12.6 min",
    ]);
  });
});
