import { describe, expect, it } from "vitest";
import { isValidPathEncoding, safeDecode } from "./decode";

describe("safeDecode", () => {
  it("decodes valid percent-encoding", () => {
    expect(safeDecode("ws_en_001")).toBe("ws_en_001");
    expect(safeDecode("%E0%A4%A8")).toBe("न");
    expect(safeDecode("a%2Fb")).toBe("a/b");
  });
  it("answers null for invalid encoding instead of throwing", () => {
    expect(safeDecode("%ZZ")).toBeNull();
    expect(safeDecode("%E0%A4%A")).toBeNull();
  });
});

describe("isValidPathEncoding", () => {
  it("checks every segment", () => {
    expect(isValidPathEncoding("/s/1/t/%E4%BD%A0")).toBe(true);
    for (const path of ["/b/%E0%A4%A", "/s/1/t/%ZZ", "/api/s/1/t/%E0%A4%A/find"])
      expect(isValidPathEncoding(path)).toBe(false);
  });
});
