import { describe, expect, it } from "vitest";
import { sampleApiUrl, textAt } from "./full-text";

describe("sampleApiUrl", () => {
  it("names the sample API for a task key, encoded, and a run", () => {
    expect(sampleApiUrl(3, "47", 0)).toBe("/api/s/3/t/47?run=0");
    expect(sampleApiUrl(3, "a/b c", 2)).toBe("/api/s/3/t/a%2Fb%20c?run=2");
  });
});

describe("textAt", () => {
  const answer = { steps: [{ kind: "thought", text: "t0" }, { kind: "tool_result", serp: { search_result: [{ content: "c0" }, { content: "c1" }] } }] };

  it("follows object keys and array indexes to a string", () => {
    expect(textAt(answer, ["steps", 0, "text"])).toBe("t0");
    expect(textAt(answer, ["steps", 1, "serp", "search_result", 1, "content"])).toBe("c1");
  });

  it("is null for a path that leads nowhere or to something that is not a string", () => {
    expect(textAt(answer, ["steps", 5, "text"])).toBeNull();
    expect(textAt(answer, ["steps", 1, "serp"])).toBeNull();
    expect(textAt(answer, ["steps", 0, "text", "length"])).toBeNull();
    expect(textAt(null, ["steps"])).toBeNull();
    expect(textAt(answer, ["constructor"])).toBeNull();
  });
});
