import { describe, expect, it } from "vitest";
import { EMPTY_STATE, MAX_STATE_LENGTH, searchParamsOfState, stateSegment } from "./public-cache";

const segment = (query: string) => stateSegment(new URLSearchParams(query));

describe("stateSegment", () => {
  it("is the same for the same state in any parameter order, without empty values", () => {
    expect(segment("sort=fcr&setting=C")).toBe(segment("setting=C&sort=fcr"));
    expect(segment("setting=C&sort=fcr&tier=")).toBe(segment("setting=C&sort=fcr"));
    // A repeated key keeps its values' order: the views read the first value.
    expect(segment("m=b&m=a")).not.toBe(segment("m=a&m=b"));
    expect(searchParamsOfState(segment("setting=C&sort=n&setting=A")!)).toEqual({
      setting: ["C", "A"],
      sort: "n",
    });
    expect(segment("sort=fcr")).not.toBe(segment("sort=n"));
  });

  it("is a path segment that needs no escaping", () => {
    for (const query of ["q=Knicks%20%26%20Nets", "q=%E7%9F%A5%E4%B9%8E&lang=zh", "q=a/b?c#d"]) {
      expect(segment(query)).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it("names the empty state with a segment that cannot be empty", () => {
    expect(segment("")).toBe(EMPTY_STATE);
    expect(segment("tier=")).toBe(EMPTY_STATE);
  });

  it("refuses to key a query longer than any view state", () => {
    expect(segment(`q=${"x".repeat(MAX_STATE_LENGTH)}`)).toBeNull();
  });
});

describe("searchParamsOfState", () => {
  it("gives back the parameters, repeated keys as arrays, text intact", () => {
    expect(
      searchParamsOfState(segment("q=Knicks%20%26%20Nets&m=2&m=1&setting=B-guidance")!),
    ).toEqual({ m: ["2", "1"], q: "Knicks & Nets", setting: "B-guidance" });
    expect(searchParamsOfState(segment("q=%E7%9F%A5%E4%B9%8E")!)).toEqual({ q: "知乎" });
    expect(searchParamsOfState(EMPTY_STATE)).toEqual({});
  });

  it("keeps parameters named like Object's own properties as ordinary parameters", () => {
    const params = searchParamsOfState(segment("constructor=a&__proto__=b&toString=c")!)!;
    expect(Object.entries(params).sort()).toEqual([
      ["__proto__", "b"],
      ["constructor", "a"],
      ["toString", "c"],
    ]);
  });

  it("refuses a segment it cannot have made", () => {
    expect(searchParamsOfState("not base64!")).toBeNull();
    expect(searchParamsOfState("_w")).toBeNull(); // one byte 0xff: not UTF-8
  });
});
