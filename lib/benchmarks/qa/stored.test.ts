import { describe, expect, it } from "vitest";
import { qaDatasetOf, qaVersionKey } from "./stored";

describe("stored helpers", () => {
  it("QA version keys", () => {
    expect(qaDatasetOf(qaVersionKey("frames@x", "v2"))).toEqual({
      dataset: "frames@x",
      version: "v2",
    });
  });
});
