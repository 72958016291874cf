import { describe, expect, it } from "vitest";
import { stepsFromMessages, type ChatMessage } from "./messages";
import type { Step } from "./steps";

const serp = (query: string) => ({
  search_query: query,
  search_result: [1, 2, 3, 4].map((id) => ({
    id,
    title: `t${id} ${query}`,
    content: `c${id} ${query}`,
    date: "2027-07-14",
  })),
});

const call = (query: string) =>
  `<tool_call>\n${JSON.stringify({ name: "web_search", arguments: { query } }, null, 4)}\n</tool_call>`;

/** Every piece of text a step carries, to check nothing was dropped. */
function allStepText(steps: Step[]): string {
  return steps
    .map((s) => {
      switch (s.kind) {
        case "thought":
        case "answer":
        case "other":
          return s.text;
        case "tool_call":
        case "tool_result":
          return s.raw;
      }
    })
    .join("\n");
}

describe("stepsFromMessages: ReAct text turns (MPW scripts)", () => {
  const messages: ChatMessage[] = [
    { role: "system", content: "You are a ReAct-paradigm agent. Tool: web_search." },
    { role: "user", content: "2027年温布尔登网球公开赛男子单打冠军是谁？" },
    {
      role: "assistant",
      content: `<think>\nFind the champion first.\n</think>\n\n${call("2027 Wimbledon champion")}`,
    },
    { role: "user", content: JSON.stringify(serp("2027 Wimbledon champion")) },
    {
      role: "assistant",
      content: `<think>\nNow the final opponent.\n</think>\n${call("2027 Wimbledon final opponent")}`,
    },
    {
      role: "user",
      content: `<tool_response>${JSON.stringify(serp("2027 Wimbledon final opponent"))}</tool_response>`,
    },
    {
      role: "assistant",
      content:
        "<think>\nBoth found.\n</think>\n<answer>\nCarlos Alcaraz beat Jannik Sinner\n</answer><|im_end|>",
    },
  ];
  const steps = stepsFromMessages(messages);

  it("yields the steps in order, with the right kinds", () => {
    expect(steps.map((s) => `${s.role}:${s.kind}`)).toEqual([
      "system:other",
      "user:other",
      "assistant:thought",
      "assistant:tool_call",
      "user:tool_result",
      "assistant:thought",
      "assistant:tool_call",
      "user:tool_result",
      "assistant:thought",
      "assistant:answer",
    ]);
    expect(steps.every((s) => s.malformed === null)).toBe(true);
  });

  it("keeps the question verbatim as the first user step", () => {
    expect(steps[1]).toMatchObject({
      kind: "other",
      text: "2027年温布尔登网球公开赛男子单打冠军是谁？",
    });
  });

  it("numbers tool calls 1..n and reads name and query", () => {
    const calls = steps.filter((s) => s.kind === "tool_call");
    expect(calls.map((c) => c.callIndex)).toEqual([1, 2]);
    expect(calls.map((c) => c.name)).toEqual(["web_search", "web_search"]);
    expect(calls.map((c) => c.query)).toEqual([
      "2027 Wimbledon champion",
      "2027 Wimbledon final opponent",
    ]);
  });

  it("ties the bare SERP user turn and the <tool_response> turn to their calls and parses the SERPs", () => {
    const results = steps.filter((s) => s.kind === "tool_result");
    expect(results.map((r) => r.callIndex)).toEqual([1, 2]);
    expect(results[0].serp?.search_query).toBe("2027 Wimbledon champion");
    expect(results[0].serp?.search_result).toHaveLength(4);
    expect(results[1].serp?.search_query).toBe("2027 Wimbledon final opponent");
    expect(results[1].serp?.search_result[3]).toMatchObject({
      id: 4,
      title: "t4 2027 Wimbledon final opponent",
    });
  });

  it("drops the <|im_end|> template token and reads the answer", () => {
    expect(steps.at(-1)).toMatchObject({
      kind: "answer",
      text: "Carlos Alcaraz beat Jannik Sinner",
    });
    expect(allStepText(steps)).not.toContain("<|im_end|>");
  });
});

describe("stepsFromMessages: odd and broken turns", () => {
  it("a Qwen-style turn beginning inside the thought is not malformed", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      { role: "assistant", content: `Let me decompose the question.\n</think>\n\n${call("x")}` },
    ]);
    expect(steps.slice(1)).toMatchObject([
      { kind: "thought", text: "Let me decompose the question.", malformed: null },
      { kind: "tool_call", callIndex: 1, query: "x", malformed: null },
    ]);
  });

  it("an unclosed <think> is kept with its text and flagged", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      { role: "assistant", content: `<think>\nthe results discuss the topic\n${call("y")}` },
    ]);
    const thought = steps.find((s) => s.kind === "thought");
    expect(thought).toMatchObject({ text: "the results discuss the topic" });
    expect(thought?.malformed).not.toBeNull();
    expect(steps.find((s) => s.kind === "tool_call")).toMatchObject({
      callIndex: 1,
      query: "y",
      malformed: null,
    });
  });

  it("a stray closing tag is flagged", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      { role: "assistant", content: "<answer>A</answer>\n</tool_call>" },
    ]);
    expect(steps.filter((s) => s.malformed !== null)).toHaveLength(1);
    expect(allStepText(steps)).toContain("</tool_call>");
  });

  it("a <tool_call> with invalid JSON is still a numbered tool_call with its raw text", () => {
    const body = `{"name": "web_search", "arguments": {"query": "broken"`;
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      { role: "assistant", content: `<think>t</think><tool_call>${body}</tool_call>` },
      { role: "user", content: JSON.stringify(serp("broken")) },
      { role: "assistant", content: call("fine") },
    ]);
    const calls = steps.filter((s) => s.kind === "tool_call");
    expect(calls).toHaveLength(2);
    expect(calls[0].callIndex).toBe(1);
    expect(calls[0].raw).toBe(body);
    expect(calls[0].malformed).toMatch(/JSON/);
    expect(calls[0].name).toBeNull();
    expect(calls[1]).toMatchObject({ callIndex: 2, query: "fine", malformed: null });
    // the SERP after the broken call still answers call 1
    expect(steps.find((s) => s.kind === "tool_result")).toMatchObject({ callIndex: 1 });
  });

  it("a bare SERP JSON user turn with no call pending is kept as text, not a tool result", () => {
    const text = JSON.stringify(serp("nobody asked"));
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      { role: "user", content: text },
    ]);
    expect(steps.some((s) => s.kind === "tool_result")).toBe(false);
    expect(allStepText(steps)).toContain(text);
  });

  it("a reply that is not a SERP (an error, a fetched page) still answers its call, so the next SERP answers the next call", () => {
    const call = (q: string) =>
      `<tool_call>\n${JSON.stringify({ name: "web_search", arguments: { query: q } })}\n</tool_call>`;
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      { role: "assistant", content: call("first") },
      { role: "user", content: "Error: the search backend timed out" },
      { role: "assistant", content: call("second") },
      { role: "user", content: JSON.stringify(serp("second")) },
      { role: "user", content: "Please answer now." },
    ]);
    const results = steps.filter((s) => s.kind === "tool_result");
    expect(results).toMatchObject([
      { callIndex: 1, raw: "Error: the search backend timed out", serp: null },
      { callIndex: 2, serp: { search_query: "second" } },
    ]);
    // With no call pending, a user turn is a message.
    expect(steps.at(-1)).toMatchObject({ kind: "other", text: "Please answer now." });
  });

  it("nothing is dropped: every piece of text appears in some step", () => {
    const pieces = {
      system: "SYSTEM-PROMPT-TEXT",
      question: "QUESTION-TEXT",
      before: "PREAMBLE-TEXT",
      thought: "THOUGHT-TEXT",
      unclosed: "UNCLOSED-TEXT",
      after: "AFTERWORD-TEXT",
      nudge: "NUDGE-TEXT",
      answer: "ANSWER-TEXT",
    };
    const steps = stepsFromMessages([
      { role: "system", content: pieces.system },
      { role: "user", content: pieces.question },
      {
        role: "assistant",
        content: `${pieces.before}<think>${pieces.thought}</think>${call("QUERY-TEXT")}${pieces.after}`,
      },
      { role: "user", content: JSON.stringify(serp("SERP-TEXT")) },
      { role: "user", content: pieces.nudge },
      {
        role: "assistant",
        content: `<answer>${pieces.answer}</answer></think><think>${pieces.unclosed}`,
      },
    ]);
    const all = allStepText(steps);
    for (const piece of [...Object.values(pieces), "QUERY-TEXT", "SERP-TEXT"])
      expect(all).toContain(piece);
  });
});

describe("stepsFromMessages: OpenAI-style tool_calls", () => {
  it("links role:tool messages by tool_call_id, whatever their order", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "Q?" },
      {
        role: "assistant",
        content: "<think>\ntwo searches at once\n</think>",
        tool_calls: [
          {
            id: "call_a",
            type: "function",
            function: { name: "web_search", arguments: JSON.stringify({ query: "alpha" }) },
          },
          {
            id: "call_b",
            type: "function",
            function: { name: "web_search", arguments: { query: "beta" } },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_b", content: JSON.stringify(serp("beta")) },
      { role: "tool", tool_call_id: "call_a", content: JSON.stringify(serp("alpha")) },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_c",
            type: "function",
            function: { name: "web_search", arguments: `{"query": "gamma"}` },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_c", content: JSON.stringify(serp("gamma")) },
      { role: "assistant", content: "<answer>done</answer>" },
    ]);
    expect(steps.map((s) => s.kind)).toEqual([
      "other",
      "thought",
      "tool_call",
      "tool_call",
      "tool_result",
      "tool_result",
      "tool_call",
      "tool_result",
      "answer",
    ]);
    const calls = steps.filter((s) => s.kind === "tool_call");
    expect(calls.map((c) => [c.callIndex, c.query])).toEqual([
      [1, "alpha"],
      [2, "beta"],
      [3, "gamma"],
    ]);
    const results = steps.filter((s) => s.kind === "tool_result");
    // call_b answered first → call 2; then call_a → 1; call_c → 3
    expect(results.map((r) => [r.callIndex, r.serp?.search_query])).toEqual([
      [2, "beta"],
      [1, "alpha"],
      [3, "gamma"],
    ]);
    expect(results.every((r) => r.role === "tool")).toBe(true);
  });

  it("invalid JSON in function arguments is flagged and kept raw", () => {
    const steps = stepsFromMessages([
      {
        role: "assistant",
        content: "",
        tool_calls: [{ id: "c1", function: { name: "web_search", arguments: "{query: oops" } }],
      },
    ]);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({
      kind: "tool_call",
      callIndex: 1,
      raw: "{query: oops",
      name: "web_search",
    });
    expect(steps[0].malformed).not.toBeNull();
  });

  it("reasoning_content becomes a thought and content parts are joined", () => {
    const steps = stepsFromMessages([
      {
        role: "user",
        content: [
          { type: "text", text: "Part one. " },
          { type: "text", text: "Part two." },
        ],
      },
      {
        role: "assistant",
        reasoning_content: "hidden reasoning",
        content: [{ type: "text", text: "<answer>ok</answer>" }],
      },
    ]);
    expect(steps).toMatchObject([
      { kind: "other", text: "Part one. Part two." },
      { kind: "thought", text: "hidden reasoning" },
      { kind: "answer", text: "ok" },
    ]);
  });

  it("empty input → no steps", () => {
    expect(stepsFromMessages([])).toEqual([]);
  });
});

describe("per-message usage and timestamps", () => {
  const search = (id: string, query: string) => ({
    id,
    type: "function",
    function: { name: "search", arguments: JSON.stringify({ query }) },
  });

  it("puts a message's usage on its first step only, and none on messages that report none", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "Who?" },
      {
        role: "assistant",
        reasoning_content: "Search first.",
        content: null,
        tool_calls: [search("c1", "who")],
        usage: { prompt_tokens: 1204, completion_tokens: 87, total_tokens: 1291 },
      },
      { role: "tool", tool_call_id: "c1", content: "Ada." },
      {
        role: "assistant",
        content: "<answer>Ada</answer>",
        usage: { prompt_tokens: 1400, completion_tokens: 12, cost_usd: 0.002, seconds: 3.25 },
      },
    ]);
    expect(steps.map((s) => [s.kind, s.usage])).toEqual([
      ["other", undefined],
      ["thought", { promptTokens: 1204, completionTokens: 87, costUsd: null, seconds: null }],
      ["tool_call", undefined],
      ["tool_result", undefined],
      ["answer", { promptTokens: 1400, completionTokens: 12, costUsd: 0.002, seconds: 3.25 }],
    ]);
    // A step with nothing reported has no `usage` key at all, so stored steps stay as they were.
    expect("usage" in steps[0]).toBe(false);
  });

  it("times a message from the previous message's timestamp when it gives no seconds (ISO 8601 or Unix seconds)", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "Who?", timestamp: "2025-06-01T12:00:00Z" },
      {
        role: "assistant",
        content: null,
        tool_calls: [search("c1", "who")],
        timestamp: "2025-06-01T12:00:03.5Z",
        usage: { prompt_tokens: 10, completion_tokens: 2 },
      },
      { role: "tool", tool_call_id: "c1", content: "Ada.", timestamp: 1748779210 },
      // Its own seconds win over the timestamps.
      {
        role: "assistant",
        content: "<answer>Ada</answer>",
        timestamp: 1748779220,
        usage: { seconds: 4 },
      },
    ]);
    expect(steps.map((s) => s.usage?.seconds ?? null)).toEqual([null, 3.5, 6.5, 4]);
    expect(steps[2].usage).toEqual({
      promptTokens: null,
      completionTokens: null,
      costUsd: null,
      seconds: 6.5,
    });
  });

  it("derives no time across a message without a timestamp, nor a negative one", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "q", timestamp: 100 },
      { role: "assistant", content: "<think>a</think>" },
      { role: "assistant", content: "<think>b</think>", timestamp: 200 },
      { role: "assistant", content: "<think>c</think>", timestamp: 150 },
    ]);
    expect(steps.map((s) => s.usage)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("shows a message whose usage or timestamp does not read as one, without figures", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "q", timestamp: "yesterday" },
      {
        role: "assistant",
        content: "<answer>x</answer>",
        timestamp: "2025-06-01 12:00",
        usage: { prompt_tokens: "12", completion_tokens: -1 },
      },
    ]);
    expect(steps.map((s) => [s.kind, s.usage])).toEqual([
      ["other", undefined],
      ["answer", undefined],
    ]);
  });
});

describe("stepsFromMessages: an Inspect-style run (web_search, then web_browser_go)", () => {
  const results = [
    {
      title: "2027 Wimbledon – Men's singles",
      url: "https://en.wikipedia.org/wiki/2027_Wimbledon_Championships_%E2%80%93_Men%27s_singles",
      snippet: "Carlos Alcaraz defeated Jannik Sinner in the final.",
    },
    {
      title: "Wimbledon draws",
      url: "https://www.wimbledon.com/en_GB/draws/",
      snippet: "Gentlemen's singles draw.",
    },
  ];
  const messages: ChatMessage[] = [
    { role: "system", content: "You are a research agent. Use the tools." },
    { role: "user", content: "Who won the 2027 Wimbledon men's singles?" },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: {
            name: "web_search",
            arguments: { query: "2027 Wimbledon men's singles champion" },
          },
        },
      ],
    },
    { role: "tool", tool_call_id: "call_1", content: JSON.stringify(results) },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        {
          id: "call_2",
          type: "function",
          function: { name: "web_browser_go", arguments: JSON.stringify({ url: results[0].url }) },
        },
      ],
    },
    {
      role: "tool",
      tool_call_id: "call_2",
      content:
        'main [1] RootWebArea "2027 Wimbledon Championships – Men\'s singles"\n  [12] StaticText "Carlos Alcaraz defeated Jannik Sinner"',
    },
    { role: "assistant", content: "<answer>Carlos Alcaraz</answer>" },
  ];
  const steps = stepsFromMessages(messages);

  it("reads the search as a query step, its JSON list as SERP cards with their URLs, and the browser call as opening its URL", () => {
    expect(steps.map((s) => s.kind)).toEqual([
      "other",
      "other",
      "tool_call",
      "tool_result",
      "tool_call",
      "tool_result",
      "answer",
    ]);
    expect(steps[2]).toMatchObject({
      kind: "tool_call",
      callIndex: 1,
      name: "web_search",
      query: "2027 Wimbledon men's singles champion",
    });
    expect("url" in steps[2]).toBe(false);
    expect(steps[3]).toMatchObject({
      kind: "tool_result",
      callIndex: 1,
      serp: {
        search_result: results.map((r) => ({ title: r.title, content: r.snippet, url: r.url })),
      },
    });
    expect(steps[4]).toMatchObject({
      kind: "tool_call",
      callIndex: 2,
      name: "web_browser_go",
      query: null,
      url: results[0].url,
      malformed: null,
    });
    expect(steps[5]).toMatchObject({ kind: "tool_result", callIndex: 2, serp: null });
    expect(steps[6]).toMatchObject({ kind: "answer", text: "Carlos Alcaraz" });
  });

  it("reads a search whose query is not named `query`, and a ReAct-text page call", () => {
    const read = stepsFromMessages([
      { role: "user", content: "q" },
      {
        role: "assistant",
        content: "",
        tool_calls: [
          {
            id: "a",
            type: "function",
            function: { name: "google_search", arguments: '{"q": "alcaraz 2027"}' },
          },
        ],
      },
      {
        role: "assistant",
        content: `<tool_call>${JSON.stringify({ name: "visit", arguments: { url: "http://example.org/page" } })}</tool_call>`,
      },
    ]);
    expect(read[1]).toMatchObject({ name: "google_search", query: "alcaraz 2027" });
    expect(read[2]).toMatchObject({ name: "visit", query: null, url: "http://example.org/page" });
  });
});
