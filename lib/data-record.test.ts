import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dataRecord } from "./data-record";

describe("dataRecord", () => {
  it("keeps keys that are Object.prototype names, in a null-prototype object", () => {
    const parsed = dataRecord(z.number()).parse(
      JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3, "hasOwnProperty": 4}'),
    );
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.entries(parsed)).toEqual([
      ["__proto__", 1],
      ["constructor", 2],
      ["toString", 3],
      ["hasOwnProperty", 4],
    ]);
    expect(JSON.stringify(parsed)).toBe(
      '{"__proto__":1,"constructor":2,"toString":3,"hasOwnProperty":4}',
    );
  });

  it("names the key of an entry of the wrong type", () => {
    const result = dataRecord(z.number()).safeParse({ a: 1, b: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["b"]);
  });

  it("refuses what is not an object", () => {
    for (const value of [null, [], "x", 1])
      expect(dataRecord(z.number()).safeParse(value).success).toBe(false);
  });
});
