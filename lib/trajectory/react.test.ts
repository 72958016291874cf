import { describe, expect, it } from "vitest";
import { parseToolCallBody, queryOf, splitReactText } from "./react";

const CALL = `{"name": "web_search", "arguments": {"query": "2027 Wimbledon men's singles champion"}}`;

describe("splitReactText", () => {
  it("splits a ReAct turn into think / tool_call / answer segments", () => {
    const text = `<think>\nI need the champion first.\n</think>\n\n<tool_call>\n${CALL}\n</tool_call>`;
    expect(splitReactText(text)).toEqual([
      { tag: "think", text: "I need the champion first.", malformed: null },
      { tag: "tool_call", text: CALL, malformed: null },
    ]);
    expect(splitReactText("<think>done</think>\n<answer>\nCarlos Alcaraz\n</answer>")).toEqual([
      { tag: "think", text: "done", malformed: null },
      { tag: "answer", text: "Carlos Alcaraz", malformed: null },
    ]);
  });

  it("keeps text outside any tag as an untagged segment", () => {
    expect(splitReactText("Preamble. <answer>42</answer> Postscript.")).toEqual([
      { tag: null, text: "Preamble.", malformed: null },
      { tag: "answer", text: "42", malformed: null },
      { tag: null, text: "Postscript.", malformed: null },
    ]);
  });

  it("Qwen-style turn starting inside the thought (no opening <think>) is not malformed", () => {
    const segments = splitReactText(
      `The question asks for two facts.\n</think>\n\n<tool_call>${CALL}</tool_call>`,
    );
    expect(segments).toEqual([
      { tag: "think", text: "The question asks for two facts.", malformed: null },
      { tag: "tool_call", text: CALL, malformed: null },
    ]);
  });

  it("a call drafted inside a turn's unopened thought is thought, not a call (MPW runs the last)", () => {
    const draft = `{"name": "web_search", "arguments": {"query": "draft"}}`;
    const text = `Let me try:\n<tool_call>${draft}</tool_call>\n</think>\n\n(waiting)\n</think>\n\n<tool_call>${CALL}</tool_call>`;
    expect(splitReactText(text)).toEqual([
      {
        tag: "think",
        text: `Let me try:\n<tool_call>${draft}</tool_call>\n</think>\n\n(waiting)`,
        malformed: null,
      },
      { tag: "tool_call", text: CALL, malformed: null },
    ]);
  });

  it("an unclosed <think> at the end keeps its text and is flagged", () => {
    const [seg] = splitReactText("<think>\nhalf a thought, never finished");
    expect(seg.tag).toBe("think");
    expect(seg.text).toBe("half a thought, never finished");
    expect(seg.malformed).toMatch(/think/);
  });

  it("an unclosed <think> before a <tool_call> is flagged; the call is still read", () => {
    const segments = splitReactText(`<think>\nrefine the query\n<tool_call>${CALL}</tool_call>`);
    expect(segments).toHaveLength(2);
    expect(segments[0]).toMatchObject({ tag: "think", text: "refine the query" });
    expect(segments[0].malformed).not.toBeNull();
    expect(segments[1]).toEqual({ tag: "tool_call", text: CALL, malformed: null });
  });

  it("a stray closing tag is flagged and kept", () => {
    const segments = splitReactText("<answer>x</answer> trailing </answer>");
    expect(segments[0]).toEqual({ tag: "answer", text: "x", malformed: null });
    expect(segments.slice(1).map((s) => s.text)).toEqual(["trailing", "</answer>"]);
    expect(segments[2].malformed).not.toBeNull();
    expect(segments[1].malformed).toBeNull();
  });

  it("a stray </think> after other segments is not taken for a Qwen-style thought", () => {
    const segments = splitReactText("<answer>x</answer> oops </think>");
    expect(segments.some((s) => s.malformed !== null && s.text.includes("</think>"))).toBe(true);
    expect(segments.some((s) => s.text.includes("oops"))).toBe(true);
  });

  it("a stray closing tag at the very start (not </think>) is flagged", () => {
    const segments = splitReactText("</answer>hello");
    expect(segments[0].malformed).not.toBeNull();
    expect(segments.some((s) => s.text === "hello")).toBe(true);
  });

  it("a tag closed by the wrong closing tag is flagged with its text", () => {
    const [seg] = splitReactText("<think>abc</answer>");
    expect(seg).toMatchObject({ tag: "think", text: "abc" });
    expect(seg.malformed).not.toBeNull();
  });

  it("drops chat-template tokens standing alone", () => {
    expect(splitReactText("<answer>42</answer><|im_end|>")).toEqual([
      { tag: "answer", text: "42", malformed: null },
    ]);
    expect(splitReactText("<answer>42</answer>\n<|im_end|>\n")).toEqual([
      { tag: "answer", text: "42", malformed: null },
    ]);
    expect(splitReactText("<|im_start|>assistant\n<answer>42</answer>")).toEqual([
      { tag: "answer", text: "42", malformed: null },
    ]);
  });

  it("drops chat-template tokens next to untagged text, keeping the text", () => {
    // `<|im_end|>` is template residue, not agent output: "Thanks!" remains, the token does not.
    expect(splitReactText("<answer>42</answer>\nThanks!<|im_end|>")).toEqual([
      { tag: "answer", text: "42", malformed: null },
      { tag: null, text: "Thanks!", malformed: null },
    ]);
  });

  it("drops a template token at the end of an unclosed tag", () => {
    const [seg] = splitReactText("<answer>42<|im_end|>");
    expect(seg.text).toBe("42");
    expect(seg.malformed).not.toBeNull();
  });

  it("empty text → no segments", () => {
    expect(splitReactText("")).toEqual([]);
    expect(splitReactText("   \n ")).toEqual([]);
  });
});

describe("parseToolCallBody", () => {
  it("reads name and arguments", () => {
    expect(parseToolCallBody(CALL)).toEqual({
      name: "web_search",
      arguments: { query: "2027 Wimbledon men's singles champion" },
      malformed: null,
    });
  });

  it("flags invalid JSON", () => {
    const call = parseToolCallBody(`{"name": "web_search", "arguments": {"query": "x"}`);
    expect(call.name).toBeNull();
    expect(call.malformed).toMatch(/invalid JSON/);
  });

  it("flags a non-object and an object without name", () => {
    expect(parseToolCallBody("[1, 2]").malformed).not.toBeNull();
    expect(parseToolCallBody(`{"arguments": {"query": "x"}}`)).toMatchObject({
      name: null,
      arguments: { query: "x" },
    });
    expect(parseToolCallBody(`{"arguments": {"query": "x"}}`).malformed).not.toBeNull();
  });
});

describe("queryOf", () => {
  it("reads query from an object or a JSON string", () => {
    expect(queryOf({ query: "a" })).toBe("a");
    expect(queryOf(`{"query": "b"}`)).toBe("b");
    expect(queryOf("not json")).toBeNull();
    expect(queryOf({ q: "a" })).toBeNull();
    expect(queryOf({ query: 3 })).toBeNull();
    expect(queryOf(null)).toBeNull();
  });
});
