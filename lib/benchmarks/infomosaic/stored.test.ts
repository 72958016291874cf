import { describe, expect, it } from "vitest";
import { testcaseVerdictsFrom } from "./stored";

describe("stored helpers", () => {
  it("testcase verdicts from the judge's block, padded with null", () => {
    expect(testcaseVerdictsFrom('{"a": "CORRECT", "b": "INCORRECT"}', 3)).toEqual([
      "CORRECT",
      "INCORRECT",
      null,
    ]);
    expect(testcaseVerdictsFrom("not json", 2)).toEqual([null, null]);
    expect(testcaseVerdictsFrom(null, 1)).toEqual([null]);
  });
});
