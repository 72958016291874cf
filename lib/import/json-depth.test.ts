import { describe, expect, it } from "vitest";
import { jsonNestedDeeperThan, valueNestedDeeperThan } from "./json-depth";

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

describe("valueNestedDeeperThan", () => {
  it("measures parsed values as jsonNestedDeeperThan measures their text", () => {
    for (const text of [
      "[[[]]]",
      "[[[[]]]]",
      '{"a":{"b":[1]}}',
      '{"a":{"b":[{}]}}',
      `{"s": "${"[".repeat(100)}"}`,
      "[[],[[]],[[[1]]]]",
      "1",
      '"x"',
      "null",
    ]) {
      expect(valueNestedDeeperThan(JSON.parse(text), 3), text).toBe(jsonNestedDeeperThan(text, 3));
    }
  });

  it("refuses a value 10,000 deep at the default limit (64) and keeps one exactly 64 deep", () => {
    expect(valueNestedDeeperThan(JSON.parse(`${"[".repeat(10_000)}${"]".repeat(10_000)}`))).toBe(
      true,
    );
    expect(valueNestedDeeperThan(JSON.parse(`${"[".repeat(64)}${"]".repeat(64)}`))).toBe(false);
    expect(valueNestedDeeperThan(JSON.parse(`${'{"a":'.repeat(65)}1${"}".repeat(65)}`))).toBe(true);
  });
});
