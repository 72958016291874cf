import { describe, expect, it } from "vitest";
import type { Step } from "../../trajectory/steps";
import { toolCallCounts, wideSearchSteps } from "./trajectory";

const call = (id: string, name: string, args: unknown) => ({
  role: "assistant",
  content: "",
  tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
});
const tool = (id: string, content: unknown) => ({ role: "tool", tool_call_id: id, content });

/** An official-format trajectory: two searches, one browse, the final table. */
const OPENAI_MESSAGES = [
  { role: "system", content: "Use search and browse, then answer with one markdown table." },
  { role: "user", content: "List the G7 countries." },
  call("call_1", "search_global", { query: "G7 countries" }),
  tool("call_1", JSON.stringify([{ title: "G7", url: "https://en.wikipedia.org/wiki/G7" }])),
  call("call_2", "text_browser_view", { url: "https://en.wikipedia.org/wiki/G7" }),
  tool("call_2", "The G7 consists of Canada, France, …"),
  call("call_3", "search_global", { query: "G7 population 2023" }),
  tool("call_3", "[]"),
  { role: "assistant", content: "| Country |\n|---|\n| Canada |" },
];

describe("wideSearchSteps", () => {
  it("OpenAI chat messages: calls numbered 1.., results tied to their calls", () => {
    const steps = wideSearchSteps(OPENAI_MESSAGES);
    expect(steps.map((s) => s.kind)).toEqual([
      "other",
      "other",
      "tool_call",
      "tool_result",
      "tool_call",
      "tool_result",
      "tool_call",
      "tool_result",
      "other",
    ]);
    const calls = steps.filter((s) => s.kind === "tool_call");
    expect(calls.map((s) => [s.callIndex, s.name, s.query])).toEqual([
      [1, "search_global", "G7 countries"],
      [2, "text_browser_view", null],
      [3, "search_global", "G7 population 2023"],
    ]);
    expect(steps.filter((s) => s.kind === "tool_result").map((s) => s.callIndex)).toEqual([
      1, 2, 3,
    ]);
    expect(steps.every((s) => s.malformed === null)).toBe(true);
  });

  it("keeps messages whose content is a dict (not OpenAI chat) as text steps, never dropped", () => {
    const thinking = { type: "thinking", text: "I should search first." };
    const messages = [
      { role: "user", content: "List the G7 countries." },
      { role: "assistant", content: thinking },
      call("call_1", "search_global", { query: "G7" }),
      tool("call_1", { results: [{ title: "G7" }] }),
      { role: "assistant", content: "done" },
    ];
    const steps = wideSearchSteps(messages);
    expect(steps).toHaveLength(5);
    const [, dict, , result] = steps;
    expect(dict).toMatchObject({ kind: "other", role: "assistant" });
    expect(JSON.parse((dict as Extract<Step, { kind: "other" }>).text)).toEqual(thinking);
    // A tool turn with a dict content is still a tool result, its content kept as JSON text.
    expect(result).toMatchObject({ kind: "tool_result", role: "tool", callIndex: 1 });
    expect(JSON.parse((result as Extract<Step, { kind: "tool_result" }>).raw)).toEqual({
      results: [{ title: "G7" }],
    });
  });

  it("content that is neither text nor parts (a number) is kept as its JSON text", () => {
    const messages = [{ role: "assistant", content: 42 }];
    const steps = wideSearchSteps(messages);
    expect(steps).toEqual([{ kind: "other", role: "assistant", text: "42", malformed: null }]);
  });

  it("no messages: no steps", () => {
    expect(wideSearchSteps([])).toEqual([]);
  });
});

describe("toolCallCounts", () => {
  const steps = wideSearchSteps(OPENAI_MESSAGES);

  it("from the steps when nothing is reported: search_global → search, text_browser_view → browse", () => {
    expect(toolCallCounts(steps, null)).toEqual({ search: 2, browse: 1, other: 0 });
    // An empty report says nothing: counted from the steps too.
    expect(toolCallCounts(steps, {})).toEqual({ search: 2, browse: 1, other: 0 });
  });

  it("the producer's tool_call_counts win over the steps when given", () => {
    expect(toolCallCounts(steps, { search_global: 7, text_browser_view: 4 })).toEqual({
      search: 7,
      browse: 4,
      other: 0,
    });
    expect(
      toolCallCounts([], { web_search: 3, fetch_url: 2, visit_page: 1, python_exec: 5 }),
    ).toEqual({ search: 3, browse: 3, other: 5 });
  });

  it("other tools, and calls without a name, count as other", () => {
    const own = wideSearchSteps([
      call("a", "calculator", { expr: "1+1" }),
      call("b", "search_global", { query: "x" }),
    ]);
    expect(toolCallCounts(own, null)).toEqual({ search: 1, browse: 0, other: 1 });
    expect(
      toolCallCounts(
        [
          {
            kind: "tool_call",
            role: "assistant",
            callIndex: 1,
            name: null,
            arguments: null,
            query: null,
            raw: "",
            malformed: "bad",
          },
        ],
        null,
      ),
    ).toEqual({
      search: 0,
      browse: 0,
      other: 1,
    });
  });

  it("no calls: zeros", () => {
    expect(toolCallCounts([], null)).toEqual({ search: 0, browse: 0, other: 0 });
  });
});

describe("per-message usage", () => {
  // runshengdu/widesearch_exp's shape (data/kimi-k2.5/response/20260210_175701.jsonl, ws_zh_001,
  // trimmed as in formats.test.ts): `content` is a dict, each assistant message carries its completion's `usage`.
  const usage = (prompt: number, completion: number) => ({
    completion_tokens: completion,
    prompt_tokens: prompt,
    total_tokens: prompt + completion,
    completion_tokens_details: null,
    prompt_tokens_details: null,
    cached_tokens: 52736,
  });
  const assistant = (status: string, u: ReturnType<typeof usage> | null) => ({
    role: "assistant",
    content: {
      step_status: status,
      content: "…",
      tool_calls: [],
      tool_call_results: [],
      error_marker: null,
    },
    ...(u ? { usage: u } : {}),
  });

  it("shows each widesearch_exp completion's tokens on its step, and none where the message has no usage", () => {
    const messages = [
      { role: "user", content: "我要做电影研究……" },
      assistant("CONTINUE", usage(55442, 1397)),
      assistant("CONTINUE", null),
      assistant("FINISHED", usage(61903, 2388)),
    ];
    const steps = wideSearchSteps(messages);
    expect(steps.map((s) => s.usage ?? null)).toEqual([
      null,
      { promptTokens: 55442, completionTokens: 1397, costUsd: null, seconds: null },
      null,
      { promptTokens: 61903, completionTokens: 2388, costUsd: null, seconds: null },
    ]);
  });

  it("has no usage on the official records' steps", () => {
    expect(wideSearchSteps(OPENAI_MESSAGES).every((s) => s.usage === undefined)).toBe(true);
  });
});
