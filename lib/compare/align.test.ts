import { describe, expect, it } from "vitest";
import { alignByCall, callSignatures, canonicalJson, firstDivergence, groupByCall } from "./align";

const step = (kind: string, callIndex: number | null, id: string) => ({ kind, callIndex, id });

describe("groupByCall / alignByCall", () => {
  it("puts steps before the first call in group 0 and each call with what follows it", () => {
    const steps = [
      step("other", null, "sys"),
      step("thought", null, "t0"),
      step("tool_call", 1, "c1"),
      step("tool_result", 1, "r1"),
      step("thought", null, "t1"),
      step("tool_call", 2, "c2"),
      step("tool_result", null, "r2"),
      step("answer", null, "ans"),
    ];
    const groups = groupByCall(steps);
    expect([...groups].map(([k, g]) => [k, g.map((s) => s.id)])).toEqual([
      [0, ["sys", "t0"]],
      [1, ["c1", "r1", "t1"]],
      [2, ["c2", "r2", "ans"]],
    ]);
  });

  it("keeps results of parallel calls beside their calls", () => {
    const steps = [
      step("tool_call", 1, "c1"),
      step("tool_call", 2, "c2"),
      step("tool_result", 1, "r1"),
      step("tool_result", 2, "r2"),
    ];
    expect([...groupByCall(steps)].map(([k, g]) => [k, g.map((s) => s.id)])).toEqual([
      [1, ["c1", "r1"]],
      [2, ["c2", "r2"]],
    ]);
  });

  it("aligns rows on call index, empty where one side made fewer calls", () => {
    const a = [step("tool_call", 1, "a1"), step("tool_call", 2, "a2"), step("tool_call", 3, "a3")];
    const b = [step("thought", null, "b0"), step("tool_call", 1, "b1")];
    expect(
      alignByCall(a, b).map((r) => [r.callIndex, r.a.map((s) => s.id), r.b.map((s) => s.id)]),
    ).toEqual([
      [0, [], ["b0"]],
      [1, ["a1"], ["b1"]],
      [2, ["a2"], []],
      [3, ["a3"], []],
    ]);
  });

  it("no steps on either side: no rows", () => {
    expect(alignByCall([], [])).toEqual([]);
  });
});

describe("canonicalJson", () => {
  it("sorts keys at every level and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,1]},"b":1}',
    );
    expect(canonicalJson({ b: 2, a: 1 })).toBe(canonicalJson({ a: 1, b: 2 }));
    expect(canonicalJson(undefined)).toBe("null");
  });
});

describe("firstDivergence", () => {
  const call = (callIndex: number, name: string | null, args: unknown) => ({
    callIndex,
    name,
    arguments: args,
  });

  it("finds the first call with different arguments", () => {
    const a = [
      call(1, "search", { query: "Knicks 2027" }),
      call(2, "search", { query: "Knicks coach" }),
    ];
    const b = [
      call(1, "search", { query: "Knicks 2027" }),
      call(2, "search", { query: "Knicks roster" }),
    ];
    expect(firstDivergence(a, b)).toEqual({ callIndex: 2, reason: "arguments" });
  });

  it("a different tool name diverges even with equal arguments", () => {
    expect(firstDivergence([call(1, "search", { q: 1 })], [call(1, "browse", { q: 1 })])).toEqual({
      callIndex: 1,
      reason: "name",
    });
  });

  it("argument key order does not count as a difference", () => {
    expect(
      firstDivergence(
        [call(1, "search", { query: "x", top_k: 5 })],
        [call(1, "search", { top_k: 5, query: "x" })],
      ),
    ).toBeNull();
  });

  it("one side stopping earlier diverges at the first call only the other made", () => {
    const same = call(1, "search", { query: "x" });
    expect(firstDivergence([same, call(2, "search", { query: "y" })], [same])).toEqual({
      callIndex: 2,
      reason: "only-a",
    });
    expect(firstDivergence([], [same])).toEqual({ callIndex: 1, reason: "only-b" });
  });

  it("identical calls, or none at all: no divergence", () => {
    expect(firstDivergence([], [])).toBeNull();
    expect(
      firstDivergence([call(1, "search", { query: "x" })], [call(1, "search", { query: "x" })]),
    ).toBeNull();
  });
});

describe("callSignatures", () => {
  it("takes the tool calls in order, falling back to the raw text when arguments are missing", () => {
    const steps = [
      { data: { kind: "thought" as const, role: "assistant", malformed: null, text: "hmm" } },
      {
        data: {
          kind: "tool_call" as const,
          role: "assistant",
          malformed: null,
          callIndex: 1,
          name: "search",
          arguments: { query: "x" },
          query: "x",
          raw: "{}",
        },
      },
      {
        data: {
          kind: "tool_call" as const,
          role: "assistant",
          malformed: "unclosed tag",
          callIndex: 2,
          name: null,
          arguments: null,
          query: null,
          raw: "<tool_call>{",
        },
      },
    ];
    expect(callSignatures(steps)).toEqual([
      { callIndex: 1, name: "search", arguments: { query: "x" } },
      { callIndex: 2, name: null, arguments: "<tool_call>{" },
    ]);
  });
});
