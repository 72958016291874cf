import { describe, expect, it } from "vitest";
import { escapeRegExp } from "./regexp";

describe("escapeRegExp", () => {
  it("matches the text literally, pattern characters included", () => {
    for (const text of ["a.b", "(x)+?", "[1-2]", "a|b", "^$", "\\d{3}", "plain"]) {
      expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
    }
    expect(new RegExp(escapeRegExp("a.b")).test("axb")).toBe(false);
  });
});
