import { describe, expect, it } from "vitest";
import { qaDatasetOf, qaVersionKey, testcaseVerdictsFrom } from "./stored";

describe("stored helpers", () => {
  it("QA version keys", () => {
    expect(qaDatasetOf(qaVersionKey("frames@x", "v2"))).toEqual({ dataset: "frames@x", version: "v2" });
  });

  it("testcase verdicts from the judge's block, padded with null", () => {
    expect(testcaseVerdictsFrom('{"a": "CORRECT", "b": "INCORRECT"}', 3)).toEqual(["CORRECT", "INCORRECT", null]);
    expect(testcaseVerdictsFrom("not json", 2)).toEqual([null, null]);
    expect(testcaseVerdictsFrom(null, 1)).toEqual([null]);
  });
});
