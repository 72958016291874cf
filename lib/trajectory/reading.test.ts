import { describe, expect, it } from "vitest";
import type { CallOutcomeKind } from "../benchmarks/review";
import {
  findInSteps,
  jumpTargets,
  parseStepPage,
  PREVIEW_CHARS,
  STEP_PAGE_SIZE,
  stepAnchor,
  stepHead,
  stepPageCount,
  stepPageOf,
  stepTexts,
} from "./reading";
import type { Step } from "./steps";

const thought = (text: string): Step => ({
  kind: "thought",
  role: "assistant",
  malformed: null,
  text,
});
const call = (callIndex: number, query: string | null, raw = ""): Step => ({
  kind: "tool_call",
  role: "assistant",
  malformed: null,
  callIndex,
  name: "web_search",
  arguments: { query },
  query,
  raw,
});
const serp = (callIndex: number, entries: { title: string; content: string }[]): Step => ({
  kind: "tool_result",
  role: "user",
  malformed: null,
  callIndex,
  raw: JSON.stringify({ search_result: entries }),
  serp: { search_result: entries },
});

describe("stepHead", () => {
  it("keeps a short thought whole, with no body", () => {
    expect(stepHead(thought("short"), 2)).toEqual({
      ordinal: 2,
      kind: "thought",
      preview: "short",
      cut: false,
      bodyChars: 0,
    });
  });

  it("cuts a long thought at its preview length and counts the body's characters", () => {
    const text = "x".repeat(PREVIEW_CHARS.thought + 10);
    const head = stepHead(thought(text), 0);
    expect(head.preview).toHaveLength(PREVIEW_CHARS.thought);
    expect(head).toMatchObject({ cut: true, bodyChars: text.length });
  });

  it("never splits a surrogate pair when cutting", () => {
    const text = `${"a".repeat(PREVIEW_CHARS.thought - 1)}😀tail`;
    const { preview } = stepHead(thought(text), 0);
    expect(preview.endsWith("😀") || preview.endsWith("a")).toBe(true);
    expect(preview).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it("shows a search call's query whole and gives it no body; a call without a query previews its raw text", () => {
    expect(stepHead(call(3, "who won"), 5)).toEqual({
      ordinal: 5,
      kind: "tool_call",
      callIndex: 3,
      name: "web_search",
      query: "who won",
      preview: "",
      cut: false,
      bodyChars: 0,
    });
    const raw = "r".repeat(PREVIEW_CHARS.call + 1);
    expect(stepHead(call(4, null, raw), 6)).toMatchObject({
      query: null,
      cut: true,
      bodyChars: raw.length,
    });
  });

  it("shows a page call's URL whole and gives it no body; the transcript search finds the URL", () => {
    const url = "https://example.org/" + "p".repeat(PREVIEW_CHARS.call);
    const open: Step = {
      kind: "tool_call",
      role: "assistant",
      malformed: null,
      callIndex: 2,
      name: "web_browser_go",
      arguments: { url },
      query: null,
      url,
      raw: JSON.stringify({ url }),
    };
    expect(stepHead(open, 3)).toEqual({
      ordinal: 3,
      kind: "tool_call",
      callIndex: 2,
      name: "web_browser_go",
      query: null,
      url,
      preview: "",
      cut: false,
      bodyChars: 0,
    });
    expect(stepTexts(open)).toEqual(["web_browser_go", url]);
    const listed: Step = {
      kind: "tool_result",
      role: "tool",
      malformed: null,
      callIndex: 1,
      raw: "[]",
      serp: { search_result: [{ title: "T", content: "C", url: "https://example.org/t" }] },
    };
    expect(stepTexts(listed)).toEqual(["T", "C", "", "https://example.org/t"]);
  });

  it("previews a SERP by its titles; its body is the entries; an empty SERP has none", () => {
    const head = stepHead(
      serp(1, [
        { title: "A", content: "aaa" },
        { title: "", content: "bb" },
      ]),
      4,
    );
    expect(head).toMatchObject({
      kind: "tool_result",
      results: 2,
      preview: "A · (untitled)",
      cut: false,
      bodyChars: 6,
    });
    expect(stepHead(serp(1, []), 4)).toMatchObject({ results: 0, bodyChars: 0 });
  });

  it("keeps a malformed step's reason and the role of other messages only", () => {
    const head = stepHead(
      { kind: "other", role: "system", malformed: "unclosed <think>", text: "hi" },
      0,
    );
    expect(head).toEqual({
      ordinal: 0,
      kind: "other",
      role: "system",
      malformed: "unclosed <think>",
      preview: "hi",
      cut: false,
      bodyChars: 0,
    });
  });
});

describe("paging", () => {
  it("puts ordinals 0…size−1 on page 1 and clamps the parameter to the pages there are", () => {
    expect(stepPageOf(0)).toBe(1);
    expect(stepPageOf(STEP_PAGE_SIZE - 1)).toBe(1);
    expect(stepPageOf(STEP_PAGE_SIZE)).toBe(2);
    expect(stepPageCount(0)).toBe(1);
    expect(stepPageCount(STEP_PAGE_SIZE + 1)).toBe(2);
    expect(parseStepPage(undefined, 1000)).toBe(1);
    expect(parseStepPage("3", 1000)).toBe(3);
    expect(parseStepPage("99", STEP_PAGE_SIZE * 2)).toBe(2);
    expect(parseStepPage("0", 1000)).toBe(1);
    expect(parseStepPage("-1", 1000)).toBe(1);
    expect(parseStepPage("2abc", 1000)).toBe(1);
  });
});

describe("findInSteps", () => {
  const steps = [
    { ordinal: 0, step: thought("The Olympic Games and the games") },
    { ordinal: 1, step: call(1, "olympic medals") },
    { ordinal: 2, step: serp(1, [{ title: "Olympics", content: "no match here" }]) },
  ];

  it("counts literal, case-insensitive occurrences per step, in step order, with each step's anchor", () => {
    expect(findInSteps(steps, "games")).toEqual([
      { ordinal: 0, kind: "thought", count: 2, anchor: "step-0" },
    ]);
    expect(findInSteps(steps, "OLYMPIC")).toEqual([
      { ordinal: 0, kind: "thought", count: 1, anchor: "step-0" },
      { ordinal: 1, kind: "tool_call", count: 1, anchor: "call-1" },
      { ordinal: 2, kind: "tool_result", count: 1, anchor: "step-2" },
    ]);
  });

  it("reads patterns literally and matches nothing for a blank phrase", () => {
    expect(findInSteps(steps, ".*")).toEqual([]);
    expect(findInSteps(steps, "   ")).toEqual([]);
    expect(findInSteps([], "x")).toEqual([]);
  });

  it("does not count overlapping occurrences twice", () => {
    expect(findInSteps([{ ordinal: 0, step: thought("aaaa") }], "aa")).toEqual([
      { ordinal: 0, kind: "thought", count: 2, anchor: "step-0" },
    ]);
  });

  it("searches a SERP's titles, contents and dates, and a call's name", () => {
    expect(stepTexts(serp(1, [{ title: "T", content: "C" }]))).toEqual(["T", "C", ""]);
    expect(findInSteps([{ ordinal: 0, step: call(1, "q") }], "web_search")).toHaveLength(1);
  });
});

describe("stepAnchor", () => {
  it("names a call by its index and every other step by its ordinal", () => {
    expect(stepAnchor({ kind: "tool_call", callIndex: 7 }, 20)).toBe("call-7");
    expect(stepAnchor({ kind: "tool_result", callIndex: 7 }, 21)).toBe("step-21");
  });
});

describe("jumpTargets", () => {
  const outcomes: CallOutcomeKind[] = [
    { key: "new-fact", label: "new fact", tone: "gain" },
    { key: "hit-covered", label: "hit", tone: "partial" },
    { key: "miss", label: "miss", tone: "empty" },
    { key: "compound", label: "compound", tone: "warn" },
    { key: "repeated-query", label: "repeated", tone: "repeat" },
    { key: "error", label: "error", tone: "error" },
  ];

  it("lists every call that gained nothing and the last call that gained", () => {
    const calls = [
      "new-fact",
      "miss",
      "hit-covered",
      "new-fact",
      "compound",
      "repeated-query",
      "error",
    ].map((outcome, i) => ({ call: i + 1, outcome }));
    expect(jumpTargets(outcomes, calls)).toEqual({ misses: [2, 5, 6, 7], lastGain: 4 });
  });

  it("has no targets without calls, and no last gain when nothing gained", () => {
    expect(jumpTargets(outcomes, [])).toEqual({ misses: [], lastGain: null });
    expect(jumpTargets(outcomes, [{ call: 1, outcome: "miss" }])).toEqual({
      misses: [1],
      lastGain: null,
    });
  });
});
