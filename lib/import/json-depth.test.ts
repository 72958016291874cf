import { describe, expect, it } from "vitest";
import { jsonNestedDeeperThan } from "./json-depth";

describe("jsonNestedDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonNestedDeeperThan("[[[]]]", 3)).toBe(false);
    expect(jsonNestedDeeperThan("[[[[]]]]", 3)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonNestedDeeperThan(`{"s": "${"[".repeat(100)}"}`, 3)).toBe(false);
    expect(jsonNestedDeeperThan(`{"s": "\\"${"{".repeat(100)}"}`, 3)).toBe(false);
    expect(jsonNestedDeeperThan("[]".repeat(1000), 1)).toBe(false);
  });

  it("at the default limit (64) a record 10,000 deep is refused, a real one is not", () => {
    expect(jsonNestedDeeperThan(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)).toBe(true);
    expect(jsonNestedDeeperThan(`${"[".repeat(64)}${"]".repeat(64)}`)).toBe(false);
    expect(jsonNestedDeeperThan(`${"[".repeat(65)}${"]".repeat(65)}`)).toBe(true);
  });
});
