import { describe, expect, it } from "vitest";
import { MPW_DEMO_MODELS } from "../benchmarks/mpw/demo-models";
import { generateMpwRecord } from "../benchmarks/mpw/demo-records";
import { stepsFromMessages, type ChatMessage } from "./messages";
import { exactSteps, messagesFromSteps } from "./to-messages";

const serp = (query: string) =>
  JSON.stringify({
    search_query: query,
    search_result: [{ id: 1, title: `t ${query}`, content: `c ${query}` }],
  });
const call = (query: string) =>
  `<tool_call>\n${JSON.stringify({ name: "web_search", arguments: { query } }, null, 4)}\n</tool_call>`;

/** Steps → messages → steps gives the same steps. */
function roundTrips(messages: ChatMessage[]) {
  const steps = stepsFromMessages(messages);
  const exported = messagesFromSteps(steps);
  expect(stepsFromMessages(exported)).toEqual(steps);
  expect(exactSteps(exported, steps)).toBe(true);
  return exported;
}

describe("messagesFromSteps: the inverse of stepsFromMessages", () => {
  it("OpenAI tool calls, reasoning, per-message usage and an untagged final answer", () => {
    const exported = roundTrips([
      { role: "system", content: "You search the web." },
      { role: "user", content: "Who won?" },
      {
        role: "assistant",
        content: null,
        reasoning_content: "Search first.",
        tool_calls: [
          {
            id: "a",
            type: "function",
            function: { name: "search", arguments: '{"query": "winner"}' },
          },
          {
            id: "b",
            type: "function",
            function: { name: "visit", arguments: { url: "https://example.com" } },
          },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 30, cost_usd: 0.002 },
      },
      { role: "tool", tool_call_id: "b", content: "<html>page</html>", usage: { seconds: 1.5 } },
      { role: "tool", tool_call_id: "a", content: serp("winner") },
      {
        role: "assistant",
        content: "Explanation: found it.\nExact Answer: Ann\nConfidence: 90%",
        usage: { prompt_tokens: 400, completion_tokens: 20, total_tokens: 420 },
      },
    ]);
    expect(exported[2]).toMatchObject({
      role: "assistant",
      reasoning_content: "Search first.",
      tool_calls: [
        { id: "call_1", function: { name: "search", arguments: '{"query": "winner"}' } },
        { id: "call_2", function: { name: "visit", arguments: '{"url":"https://example.com"}' } },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 30, cost_usd: 0.002 },
    });
    // Results answer their calls by id, out of order.
    expect(exported[3]).toMatchObject({
      role: "tool",
      tool_call_id: "call_2",
      usage: { seconds: 1.5 },
    });
    expect(exported[4]).toMatchObject({ role: "tool", tool_call_id: "call_1" });
  });

  it("ReAct turns: tags in the assistant's text, bare and tagged replies in user turns", () => {
    roundTrips([
      { role: "system", content: "ReAct agent." },
      { role: "user", content: "2027年温布尔登网球公开赛男子单打冠军是谁？" },
      {
        role: "assistant",
        content: `<think>\nFind the champion first.\n</think>\n\n${call("champion")}`,
      },
      { role: "user", content: serp("champion") },
      { role: "assistant", content: `<think>\nNow the final.\n</think>\n${call("final")}` },
      { role: "user", content: `Result:\n<tool_response>${serp("final")}</tool_response>` },
      {
        role: "assistant",
        content: "<think>\nBoth found.\n</think>\n<answer>\nCarlos Alcaraz\n</answer><|im_end|>",
      },
    ]);
  });

  it("a reply that is not a search result, malformed arguments, a result with no call, an empty thought", () => {
    roundTrips([
      { role: "user", content: "q" },
      { role: "tool", content: "nobody asked" },
      {
        role: "assistant",
        content: "<think></think>Let me look.",
        tool_calls: [{ function: { name: "fetch", arguments: "{not json" } }],
      },
      { role: "user", content: "  Error: 503 <b>busy</b>  " },
      { role: "assistant", content: `${call("again")}\nwaiting` },
      { role: "tool", content: "late reply" },
      { role: "assistant", content: '<tool_call>{"arguments": {}}</tool_call>' },
    ]);
  });

  it("broken tags read back broken the same way", () => {
    const exported = roundTrips([
      { role: "user", content: "q" },
      { role: "assistant", content: `<think>decompose first\n${call("one")}` },
      { role: "user", content: serp("one") },
      { role: "assistant", content: "<think>nearly</answer> then <answer>Ann" },
      { role: "assistant", content: "</think>stray close" },
    ]);
    expect(exported.map((m) => m.content)).toContain(
      `<think>decompose first\n<tool_call>${JSON.stringify({ name: "web_search", arguments: { query: "one" } }, null, 4)}</tool_call>`,
    );
    expect(stepsFromMessages(exported).map((s) => s.malformed)).toEqual([
      null,
      "<think> not closed before <tool_call>",
      null,
      null,
      "<think> closed by </answer>",
      null,
      "<answer> never closed",
      null,
      null,
    ]);
  });

  it("every MPW demo record (ReAct text turns)", () => {
    const record = generateMpwRecord(
      {
        index: 3,
        position: 3,
        category: "Real sample",
        question: "Who?",
        answer: "Ann",
        atomicFacts: { f1: "Ann won", f2: "in 2027" },
      },
      { model: MPW_DEMO_MODELS[0], setting: "C", judgeVariant: "judge_response" },
    );
    const messages = (record as { messages?: ChatMessage[] }).messages;
    expect(messages?.length).toBeGreaterThan(2);
    roundTrips(messages ?? []);
  });

  it("no steps, no messages", () => {
    expect(messagesFromSteps([])).toEqual([]);
  });
});
