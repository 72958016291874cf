import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../trajectory/messages";
import { parseInfoMosaicEvaluation, type InfoMosaicDomain, type InfoMosaicScore } from "./formats";
import {
  aggregateInfoMosaic,
  classifyToolCall,
  compareSettings,
  INFOMOSAIC_FAILURE_MODES,
  infoMosaicInputFromEvaluation,
  performanceByToolCalls,
  positionSegment,
  toolCallsOf,
  toolCallTurns,
  toolOutcomeMix,
  toolPositionHeatmap,
  type InfoMosaicSampleInput,
} from "./metrics";

function im(
  taskId: string,
  domain: InfoMosaicDomain,
  score: InfoMosaicScore,
  passRate: number | null,
  numToolCalls: number | null = 0,
  messages: ChatMessage[] | null = null,
): InfoMosaicSampleInput {
  return { taskId, domain, score, passRate, numToolCalls, messages };
}

const FAST = { resamples: 200 };

// map: s1 score 2 (pass rate 1), s2 score 1 (0.5), s3 score 0 (−1: not computable)
// web: s4 score 2 (0.25), s5 score 0 (0)
const WEB_ONLY = [
  im("s1", "map", 2, 1, 0),
  im("s2", "map", 1, 0.5, 3),
  im("s3", "map", 0, null, 3),
  im("s4", "web", 2, 0.25, 8),
  im("s5", "web", 0, 0, 12),
];

describe("aggregateInfoMosaic", () => {
  const report = aggregateInfoMosaic(WEB_ONLY, FAST);

  it("accuracy counts score 2 only; pass rate leaves out the not computable", () => {
    // accuracy 2/5 (s2's "approximately correct" does not count); pass rate (1 + 0.5 + 0.25 + 0) / 4
    expect(report.aggregate).toEqual({ accuracy: 0.4, passRate: 0.4375, n: 5 });
    expect(report.overall).toMatchObject({ passRateN: 4, approximate: 1 });
    expect(report.overall.accuracyCi!.lo).toBeLessThanOrEqual(0.4);
  });

  it("per domain; the overall is pooled over samples, not a mean of the domains", () => {
    expect(report.byDomain.map).toMatchObject({
      accuracy: 1 / 3,
      passRate: 0.75,
      n: 3,
      passRateN: 2,
    });
    expect(report.byDomain.web).toMatchObject({ accuracy: 0.5, passRate: 0.125, n: 2 });
    expect(Object.keys(report.byDomain)).toEqual(["map", "web"]);
    expect((1 / 3 + 0.5) / 2).not.toBeCloseTo(report.aggregate.accuracy!, 6); // 0.4167 ≠ 0.4
  });

  it("no computable pass rate gives null (the script prints 0); no samples gives nulls", () => {
    expect(
      aggregateInfoMosaic([im("a", "bio", 2, null), im("b", "bio", 0, null)]).aggregate,
    ).toEqual({ accuracy: 0.5, passRate: null, n: 2 });
    expect(aggregateInfoMosaic([]).aggregate).toEqual({ accuracy: null, passRate: null, n: 0 });
  });
});

describe("compareSettings (Table 3)", () => {
  it("per domain and overall, with domain-tool − web-only", () => {
    const domainTool = [
      im("s1", "map", 2, 1),
      im("s2", "map", 2, 1),
      im("s3", "map", 0, 0),
      im("s4", "web", 0, 0),
      im("s5", "web", 0, null),
      im("v1", "video", 2, 1),
    ];
    const rows = compareSettings(WEB_ONLY, domainTool);
    expect(rows.map((r) => r.domain)).toEqual(["map", "web", "video", "overall"]);
    expect(rows[0].accuracyDiff).toBeCloseTo(2 / 3 - 1 / 3, 12);
    expect(rows[0].passRateDiff).toBeCloseTo(2 / 3 - 0.75, 12);
    expect(rows[1]).toMatchObject({
      webOnly: { accuracy: 0.5 },
      domainTool: { accuracy: 0 },
      accuracyDiff: -0.5,
    });
    expect(rows[2]).toMatchObject({ webOnly: { accuracy: null, n: 0 }, accuracyDiff: null }); // video ran in one setting only
    expect(rows[3].accuracyDiff).toBeCloseTo(3 / 6 - 2 / 5, 12);
  });
});

describe("performanceByToolCalls", () => {
  it("one bin per count that occurs", () => {
    expect(
      performanceByToolCalls(WEB_ONLY).map((b) => [b.from, b.to, b.n, b.accuracy, b.passRate]),
    ).toEqual([
      [0, 0, 1, 1, 1],
      [3, 3, 2, 0, 0.5], // s2 (score 1) and s3; only s2's pass rate is computable
      [8, 8, 1, 1, 0.25],
      [12, 12, 1, 0, 0],
    ]);
  });

  it("bins from edges, the last open-ended", () => {
    const bins = performanceByToolCalls(WEB_ONLY, { edges: [0, 4, 10] });
    expect(bins.map((b) => [b.from, b.to, b.n])).toEqual([
      [0, 3, 3],
      [4, 9, 1],
      [10, null, 1],
    ]);
    expect(bins[0].accuracy).toBeCloseTo(1 / 3, 12);
    expect(bins[0].passRate).toBeCloseTo(0.75, 12); // (1 + 0.5) / 2
    expect(() => performanceByToolCalls(WEB_ONLY, { edges: [0, 4, 4] })).toThrow(RangeError);
  });

  it("counts tool-calling turns from messages when num_tool_calls is absent", () => {
    const messages: ChatMessage[] = [
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "a", function: { name: "x", arguments: "{}" } },
          { id: "b", function: { name: "y", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "a", content: "1" },
      { role: "tool", tool_call_id: "b", content: "2" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c", function: { name: "x", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c", content: "3" },
      { role: "assistant", content: "done", tool_calls: null },
    ];
    expect(toolCallTurns({ numToolCalls: null, messages })).toBe(2); // turns, as the release counts
    expect(toolCallTurns({ numToolCalls: 5, messages })).toBe(5);
    expect(toolCallsOf(messages)).toHaveLength(3); // individual calls
  });
});

// ---------------------------------------------------------------- tool-call outcomes

function call(id: string, name: string, args: string): ChatMessage {
  return {
    role: "assistant",
    content: null,
    tool_calls: [{ id, type: "function", function: { name, arguments: args } }],
  };
}
const reply = (id: string, content: string): ChatMessage => ({
  role: "tool",
  tool_call_id: id,
  content,
});

const LONG_PAGE = `{'organic': [${Array.from({ length: 8 }, (_, i) => `{'title': 'Result ${i}', 'snippet': 'There is no data on the earliest edition, but the 1948 issue …'}`).join(", ")}]}`;

const TRAJECTORY: ChatMessage[] = [
  { role: "user", content: "question" },
  call("c1", "web_search", '{"key_word": "Siasat weekly"}'),
  reply("c1", "{'organic': [{'title': 'Siasat', 'snippet': 'Indonesian weekly magazine …'}]}"),
  call("c2", "web_search", '{"key_word": "broken'),
  reply(
    "c2",
    "Traceback (most recent call last):\n  File …\njson.decoder.JSONDecodeError: Unterminated string",
  ),
  call("c3", "maps_text_search", '{"keywords": "地标", "city": "上海"}'),
  reply(
    "c3",
    "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nNameError: name 'maps_text_search' is not defined",
  ),
  call("c4", "get_quote", '{"symbol": "AAPL"}'),
  reply("c4", "[]"),
  call("c5", "googlemap_search_places", '{"query": "Yuecheng District, Shaoxing, stone bridges"}'),
  reply(
    "c5",
    "{ 'tool_result': 'The Basic information for the query: Yuecheng District, Shaoxing, stone bridges with 0 results' }",
  ),
  call("c6", "get_quote", '{"sym": "AAPL"}'),
  reply("c6", "TypeError: get_quote() got an unexpected keyword argument 'sym'"),
  call("c7", "web_search", '{"key_word": "never answered"}'),
  call("c8", "web_search", '{"key_word": "1948 issue"}'),
  reply("c8", LONG_PAGE),
  { role: "assistant", content: "Final answer", tool_calls: null },
];

describe("classifyToolCall", () => {
  const calls = toolCallsOf(TRAJECTORY);

  it("sorts each call into usage error, selection error, invalid or valid result", () => {
    expect(calls.map((c) => [c.name, classifyToolCall(c)])).toEqual([
      ["web_search", "valid-result"],
      ["web_search", "usage-error"], // arguments are not JSON
      ["maps_text_search", "selection-error"], // NameError names the tool: it does not exist here
      ["get_quote", "invalid-result"], // []
      ["googlemap_search_places", "invalid-result"], // "with 0 results" (the paper's A.8.2 example)
      ["get_quote", "usage-error"], // wrong argument name
      ["web_search", null], // no reply
      ["web_search", "valid-result"], // a long page that merely mentions "no data"
    ]);
  });

  it("a tool outside the agent's tool set is a selection error", () => {
    expect(classifyToolCall(calls[3], new Set(["web_search"]))).toBe("selection-error");
    expect(classifyToolCall(calls[0], new Set(["web_search"]))).toBe("valid-result");
  });

  it("other error and empty replies", () => {
    const c = (result: string, name = "t") =>
      classifyToolCall({ index: 0, name, malformedArguments: null, result });
    expect(c('{"error": "rate limited"}')).toBe("usage-error");
    expect(c("Error: missing 1 required positional argument: 'city'")).toBe("usage-error");
    expect(c("Unknown tool: maps_foo")).toBe("selection-error");
    expect(c("KeyError: 'maps_foo'", "maps_foo")).toBe("selection-error");
    expect(c("KeyError: 'price'", "get_quote")).toBe("usage-error"); // a KeyError about something else
    expect(c("  ")).toBe("invalid-result");
    expect(c("None")).toBe("invalid-result");
    expect(c("No results found.")).toBe("invalid-result");
    expect(c("42")).toBe("valid-result");
    expect(c("ok", "")).toBe("selection-error"); // no tool name
  });

  it("the mix over samples, overall and per domain", () => {
    const mix = toolOutcomeMix([
      im("a", "map", 0, null, 7, TRAJECTORY),
      im("b", "web", 2, 1, 1, TRAJECTORY.slice(0, 3)),
      im("c", "bio", 0, null, 0, null),
    ]);
    // sample a: valid 2, usage 2, selection 1, invalid 2, unanswered 1; sample b: valid 1
    expect(mix.overall.counts).toEqual({
      "usage-error": 2,
      "selection-error": 1,
      "invalid-result": 2,
      "valid-result": 3,
    });
    expect(mix.overall).toMatchObject({ total: 8, unanswered: 1 });
    expect(mix.overall.shares["valid-result"]).toBeCloseTo(3 / 8, 12);
    expect(mix.byDomain.map!.total).toBe(7);
    expect(mix.byDomain.web!.shares["valid-result"]).toBe(1);
    expect(mix.byDomain.bio).toMatchObject({ total: 0, shares: { "valid-result": 0 } });
  });
});

// ---------------------------------------------------------------- position heatmap

describe("toolPositionHeatmap", () => {
  const traj = (...names: string[]): ChatMessage[] =>
    names.flatMap((name, i) => [call(`x${i}`, name, "{}"), reply(`x${i}`, "r")]);

  it("positionSegment: the call's midpoint in eighths", () => {
    expect(positionSegment(0, 1)).toBe(4); // (0.5/1)·8 = 4
    expect([positionSegment(0, 2), positionSegment(1, 2)]).toEqual([2, 6]); // 2, 6
    expect([0, 1, 2, 3].map((i) => positionSegment(i, 4))).toEqual([1, 3, 5, 7]); // 1, 3, 5, 7
    expect(Array.from({ length: 8 }, (_, i) => positionSegment(i, 8))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(positionSegment(19, 20)).toBe(7);
  });

  it("counts tool × segment, normalised per segment", () => {
    // A: a b a c (segments 1 3 5 7); B: a (segment 4); C: b ×8 (segments 0…7)
    const heat = toolPositionHeatmap([
      { messages: traj("a", "b", "a", "c") },
      { messages: traj("a") },
      { messages: traj(...Array(8).fill("b")) },
      { messages: null },
    ]);
    expect(heat.tools).toEqual(["b", "a", "c"]); // by total: 9, 3, 1
    expect(heat.counts).toEqual([
      [1, 1, 1, 2, 1, 1, 1, 1],
      [0, 1, 0, 0, 1, 1, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 1],
    ]);
    expect(heat.segmentTotals).toEqual([1, 2, 1, 2, 2, 2, 1, 2]);
    expect(heat.shares[0]).toEqual([1, 0.5, 1, 1, 0.5, 0.5, 1, 0.5]);
    for (let seg = 0; seg < 8; seg++)
      expect(heat.shares.reduce((sum, row) => sum + row[seg], 0)).toBeCloseTo(1, 12);
  });

  it("ties in total calls are ordered by name; no calls gives an empty map", () => {
    expect(toolPositionHeatmap([{ messages: traj("z", "m") }]).tools).toEqual(["m", "z"]);
    expect(toolPositionHeatmap([])).toEqual({
      tools: [],
      counts: [],
      segmentTotals: [0, 0, 0, 0, 0, 0, 0, 0],
      shares: [],
    });
  });
});

describe("failure modes and bundle input", () => {
  it("lists the six failure modes of §5.3.3", () => {
    expect(INFOMOSAIC_FAILURE_MODES.map((m) => m.label)).toEqual([
      "Retrieval Miss",
      "Tool Misuse",
      "Reasoning Gap",
      "Confirmation Bias",
      "Overgeneralization/Hallucination",
      "Context Misread",
    ]);
  });

  it("an evaluation line as metric input", () => {
    const e = parseInfoMosaicEvaluation(
      {
        id: 3,
        query: "q",
        domain: "video",
        GT: "x",
        testcase: [],
        response: "x",
        num_tool_calls: 2,
        messages: [],
        score: 1,
        passrate: -1,
      },
      "f",
      1,
    );
    expect(infoMosaicInputFromEvaluation(e)).toEqual({
      taskId: "3",
      domain: "video",
      score: 1,
      passRate: null,
      numToolCalls: 2,
      messages: [],
    });
  });
});
