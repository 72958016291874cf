import { describe, expect, it } from "vitest";
import { parseStoredCounts } from "./analysis";

describe("parseStoredCounts", () => {
  it("reads what JSON.stringify wrote for per-call counts", () => {
    for (const counts of [
      [],
      [0],
      [3],
      [0, 1, 0, 2],
      [10, 0, 123, 7],
      Array.from({ length: 40 }, (_, i) => i % 4),
    ]) {
      expect(parseStoredCounts(JSON.stringify(counts))).toEqual(counts);
    }
  });

  it("hands anything else to JSON.parse: same answer, or its error", () => {
    for (const text of ["[ 1, 2 ]", "[1.5]", "[-1]", "[1e2]", "[01]", "[00]", "[null]", "[true]"]) {
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch (error) {
        expected = error;
      }
      if (expected instanceof Error) expect(() => parseStoredCounts(text)).toThrow(SyntaxError);
      else expect(parseStoredCounts(text)).toEqual(expected);
    }
    for (const text of ["[1,,2]", "[,1]", "[1,]", "[", "1,2]", ""])
      expect(() => parseStoredCounts(text)).toThrow(SyntaxError);
  });
});
