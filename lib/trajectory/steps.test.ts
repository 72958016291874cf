import { describe, expect, it } from "vitest";
import { parseStoredStep, type Step } from "./steps";

describe("parseStoredStep", () => {
  it("reads steps stored before per-step usage existed, without a usage", () => {
    const stored: Step[] = [
      { kind: "thought", role: "assistant", text: "Search first.", malformed: null },
      {
        kind: "tool_call",
        role: "assistant",
        callIndex: 1,
        name: "search",
        arguments: { query: "who" },
        query: "who",
        raw: '{"query":"who"}',
        malformed: null,
      },
      { kind: "tool_result", role: "tool", callIndex: 1, raw: "Ada.", serp: null, malformed: null },
      { kind: "answer", role: "assistant", text: "Ada", malformed: null },
      {
        kind: "other",
        role: "system",
        text: "You are a search agent.",
        malformed: "unclosed <think>",
      },
    ];
    for (const step of stored) {
      const read = parseStoredStep(JSON.parse(JSON.stringify(step)));
      expect(read).toEqual(step);
      expect("usage" in read).toBe(false);
      expect("url" in read).toBe(false);
    }
  });

  it("reads a step's usage, unknown figures as null", () => {
    const step = {
      kind: "thought",
      role: "assistant",
      text: "t",
      malformed: null,
      usage: { promptTokens: 1204, completionTokens: 87, costUsd: null, seconds: 3.2 },
    };
    expect(parseStoredStep(step)).toEqual(step);
  });

  it("reads a stored SERP and a call without arguments", () => {
    const serp = {
      search_query: "who",
      search_result: [{ id: 1, title: "Ada", content: "Ada Lovelace", date: "2025-01-01" }],
    };
    expect(
      parseStoredStep({
        kind: "tool_result",
        role: "user",
        callIndex: 2,
        raw: JSON.stringify(serp),
        serp,
        malformed: null,
      }),
    ).toMatchObject({ serp });
    expect(
      parseStoredStep({
        kind: "tool_call",
        role: "assistant",
        callIndex: 1,
        name: null,
        arguments: null,
        query: null,
        raw: "",
        malformed: "no name",
      }),
    ).toMatchObject({ arguments: null });
  });

  it("reads a page call's URL and a result list's URLs; steps stored without them still read", () => {
    const open = {
      kind: "tool_call",
      role: "assistant",
      callIndex: 2,
      name: "web_browser_go",
      arguments: { url: "https://example.org" },
      query: null,
      url: "https://example.org",
      raw: '{"url":"https://example.org"}',
      malformed: null,
    };
    expect(parseStoredStep(open)).toEqual(open);
    const serp = {
      search_result: [{ title: "Ada", content: "Ada Lovelace", url: "https://example.org/ada" }],
    };
    expect(
      parseStoredStep({
        kind: "tool_result",
        role: "tool",
        callIndex: 1,
        raw: "[]",
        serp,
        malformed: null,
      }),
    ).toMatchObject({ serp });
    expect(() => parseStoredStep({ ...open, url: null })).toThrow(/url/);
  });

  it("refuses what is not a step, naming the field", () => {
    expect(() => parseStoredStep({ kind: "thought", role: "assistant", malformed: null })).toThrow(
      /text/,
    );
    expect(() =>
      parseStoredStep({ kind: "speech", role: "assistant", text: "t", malformed: null }),
    ).toThrow();
    expect(() =>
      parseStoredStep({
        kind: "thought",
        role: "assistant",
        text: "t",
        malformed: null,
        usage: { promptTokens: "12" },
      }),
    ).toThrow(/usage/);
  });
});
