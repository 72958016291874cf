import { describe, expect, it } from "vitest";
import { BundleError } from "../errors";
import { inspectSampleLine, inspectVerdict } from "./convert";
import { ExpansionBudget, inspectSampleSchema } from "./log";
import { inputRefsLog } from "../../../scripts/bench/hostile";

const MiB = 1024 ** 2;
const CONTEXT = {
  taskId: "7",
  run: 0,
  scorer: null,
  v1Scorer: null,
  benchmarkFields: undefined,
  log: "run.eval",
  where: "run.eval: samples/7_epoch_1.json",
  budget: new ExpansionBudget(64 * MiB, 1024 * MiB),
};
const sample = (fields: Record<string, unknown>) =>
  inspectSampleSchema.parse({ id: 7, epoch: 1, input: "Who wrote it?", target: "Ada", ...fields });

describe("inspectVerdict", () => {
  it("reads Inspect's letters, booleans and numbers; anything else is unjudged", () => {
    const cases: [unknown, string][] = [
      ["C", "correct"],
      ["I", "incorrect"],
      ["P", "partial"],
      ["N", "unjudged"],
      [true, "correct"],
      [false, "incorrect"],
      [1, "correct"],
      [2.5, "correct"],
      [0.5, "partial"],
      [0, "incorrect"],
      [-1, "incorrect"],
      [Number.NaN, "unjudged"],
      [Number.POSITIVE_INFINITY, "unjudged"],
      ["yes", "unjudged"],
      [[1], "unjudged"],
      [{ accuracy: 1 }, "unjudged"],
      [null, "unjudged"],
    ];
    for (const [value, verdict] of cases)
      expect(inspectVerdict(value), JSON.stringify(value)).toBe(verdict);
  });
});

describe("inspectSampleLine", () => {
  it("a trajectory: reasoning as thoughts, tool calls with object arguments, a tool error first, images named, usage by message id", () => {
    const { line, verdict, verdictLabel, verdictSource } = inspectSampleLine(
      sample({
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "Who wrote it? " },
              { type: "image", image: "data:…" },
            ],
          },
          {
            id: "m1",
            role: "assistant",
            content: [
              { type: "reasoning", reasoning: "search first" },
              { type: "text", text: "" },
            ],
            tool_calls: [
              { id: "c1", function: "web_search", arguments: { query: "who wrote it" } },
            ],
          },
          {
            role: "tool",
            tool_call_id: "c1",
            function: "web_search",
            content: "",
            error: { type: "timeout", message: "took too long" },
          },
          { id: "m2", role: "assistant", content: "Ada" },
        ],
        events: [
          {
            event: "model",
            timestamp: "2026-01-01T00:00:02+00:00",
            output: {
              choices: [{ message: { id: "m2", role: "assistant", content: "Ada" } }],
              usage: { input_tokens: 90, output_tokens: 3 },
              time: 0.5,
            },
          },
          {
            event: "model",
            timestamp: "2026-01-01T00:00:01+00:00",
            output: {
              choices: [{ message: { id: "m1", role: "assistant", content: "" } }],
              usage: {
                input_tokens: 50,
                input_tokens_cache_read: 10,
                output_tokens: 7,
                total_cost: 0.01,
              },
            },
          },
        ],
        scores: { match: { value: "C", answer: "Ada", explanation: "matches" } },
      }),
      CONTEXT,
    );
    expect(line.messages).toEqual([
      { role: "user", content: "Who wrote it? [image]" },
      {
        role: "assistant",
        content: "",
        reasoning_content: "search first",
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "web_search", arguments: { query: "who wrote it" } },
          },
        ],
        usage: { prompt_tokens: 60, completion_tokens: 7, cost_usd: 0.01 },
        timestamp: "2026-01-01T00:00:01+00:00",
      },
      {
        role: "tool",
        tool_call_id: "c1",
        name: "web_search",
        content: "error (timeout): took too long",
      },
      {
        role: "assistant",
        content: "Ada",
        usage: { prompt_tokens: 90, completion_tokens: 3, seconds: 0.5 },
        timestamp: "2026-01-01T00:00:02+00:00",
      },
    ]);
    expect(line).toMatchObject({
      task_id: "7",
      question: "Who wrote it?",
      gold_answer: "Ada",
      prediction: "Ada",
      verdict: "correct",
      status: "finished",
      judge: { extracted_final_answer: "Ada", output: "matches" },
    });
    expect([verdict, verdictLabel, verdictSource]).toEqual(["correct", "C", "inspect:match"]);
  });

  it("run figures summed over models (without a total: cache reads and writes as prompt tokens), the cost only where reported", () => {
    const { line } = inspectSampleLine(
      sample({
        model_usage: {
          a: {
            input_tokens: 100,
            input_tokens_cache_write: 20,
            input_tokens_cache_read: 30,
            output_tokens: 10,
          },
          b: { input_tokens: 5, output_tokens: 1, total_cost: 0.5 },
        },
        total_time: 12.5,
        working_time: 10,
      }),
      CONTEXT,
    );
    expect(line.usage).toEqual({
      prompt_tokens: 155,
      completion_tokens: 11,
      cost_usd: 0.5,
      seconds: 12.5,
    });
    expect(inspectSampleLine(sample({}), CONTEXT).line.usage).toBeUndefined();
  });

  it("tokens from the log's own total_tokens, whether input_tokens holds the cache reads or not", () => {
    // A gpt-4o-mini sample as Inspect logged it before subtracting cache reads from the input:
    // Inspect shows 15,516 tokens; adding the cache reads again made 24,604.
    const openaiOld = { input_tokens: 15235, input_tokens_cache_read: 9088, output_tokens: 281 };
    const usageOf = (usage: Record<string, number>) =>
      inspectSampleLine(sample({ model_usage: { m: usage } }), CONTEXT).line.usage;
    expect(usageOf({ ...openaiOld, total_tokens: 15516 })).toEqual({
      prompt_tokens: 15235,
      completion_tokens: 281,
    });
    // The same call as newer Inspect logs it (cache reads apart from the input).
    expect(usageOf({ ...openaiOld, input_tokens: 15235 - 9088, total_tokens: 15516 })).toEqual({
      prompt_tokens: 15235,
      completion_tokens: 281,
    });
    // Anthropic: input, cache writes and cache reads are disjoint and the total counts them all.
    expect(
      usageOf({
        input_tokens: 100,
        input_tokens_cache_write: 20,
        input_tokens_cache_read: 30,
        output_tokens: 10,
        total_tokens: 160,
      }),
    ).toEqual({ prompt_tokens: 150, completion_tokens: 10 });
    // A model event's usage reads the same way.
    const { line } = inspectSampleLine(
      sample({
        messages: [{ id: "a", role: "assistant", content: "Ada" }],
        events: [
          {
            event: "model",
            output: {
              choices: [{ message: { id: "a", role: "assistant", content: "Ada" } }],
              usage: { ...openaiOld, total_tokens: 15516 },
            },
          },
        ],
      }),
      CONTEXT,
    );
    expect(line).toMatchObject({
      messages: [{ usage: { prompt_tokens: 15235, completion_tokens: 281 } }],
    });
  });

  it("status from error and limit; unjudged without the chosen score; a list target joined", () => {
    const failed = inspectSampleLine(
      sample({ error: { message: "rate limited", traceback: "…" } }),
      CONTEXT,
    );
    expect([failed.line.status, failed.errorInfo, failed.verdict, failed.verdictSource]).toEqual([
      "api_error",
      "rate limited",
      "unjudged",
      "none",
    ]);
    const turns = inspectSampleLine(sample({ limit: { type: "message", limit: 50 } }), CONTEXT);
    expect([turns.line.status, turns.errorInfo]).toEqual([
      "max_turns_reached",
      "message limit of 50 reached",
    ]);
    expect(
      inspectSampleLine(sample({ limit: { type: "token", limit: 1000 } }), CONTEXT).line.status,
    ).toBe("token_limit");
    const other = inspectSampleLine(
      sample({ scores: { f1: { value: 1 } }, target: ["bike", "bicycle"] }),
      { ...CONTEXT, scorer: "match" },
    );
    expect([other.verdict, other.verdictLabel, other.line.verdict, other.line.gold_answer]).toEqual(
      ["unjudged", null, null, "bike | bicycle"],
    );
    expect(other.line.metadata).toMatchObject({
      inspect: { scores: { f1: 1 }, target: ["bike", "bicycle"] },
    });
  });

  it("a partial score is not correct, its value kept; benchmark fields from the manifest under the sample's own", () => {
    const partial = inspectSampleLine(
      sample({
        scores: { s: { value: 0.5 } },
        metadata: { benchmark: { setting: "tool-free" }, source: "x" },
      }),
      {
        ...CONTEXT,
        benchmarkFields: { language: "en", setting: "tool-based" },
      },
    );
    expect([partial.verdict, partial.verdictLabel, partial.line.verdict]).toEqual([
      "partial",
      "0.5",
      "incorrect",
    ]);
    expect(partial.line.benchmark).toEqual({ language: "en", setting: "tool-free" });
    expect(partial.line.metadata).toMatchObject({ source: "x" });
    expect(partial.line.metadata).not.toHaveProperty("benchmark");
  });

  it("no messages: the last model call's input and answer", () => {
    const { line } = inspectSampleLine(
      sample({
        message_pool: [{ role: "user", content: "Who wrote it?" }],
        events: [
          {
            event: "model",
            input: [],
            input_refs: [[0, 1]],
            output: {
              choices: [{ message: { role: "assistant", content: "Ada" } }],
              completion: "Ada",
            },
          },
        ],
      }),
      CONTEXT,
    );
    expect(line.messages).toEqual([
      { role: "user", content: "Who wrote it?" },
      { role: "assistant", content: "Ada" },
    ]);
    expect(line.prediction).toBe("Ada");
  });
});

describe("input_refs: only the last model event's input is built, within the budget", () => {
  const condensed = (events: number, refs: number, pool: number, messageBytes?: number) =>
    inspectSampleSchema.parse(
      (JSON.parse(inputRefsLog(events, refs, pool, messageBytes)) as { samples: unknown[] })
        .samples[0],
    );

  it("2,000 model events × 24 refs into a 2,000-message pool: the last event's 48,000 messages, nothing else built", () => {
    const before = process.memoryUsage().heapUsed;
    const { line } = inspectSampleLine(condensed(2000, 24, 2000), {
      ...CONTEXT,
      budget: new ExpansionBudget(64 * MiB, 1024 * MiB),
    });
    expect((line.messages as unknown[]).length).toBe(48_000);
    // Every event expanded held 96 million message references (≈ 770 MB).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * MiB);
  });

  it("refused, naming the reference, once the expanded input passes the sample's limit", () => {
    const sample = condensed(3, 24, 2000, 1200);
    let error: unknown;
    try {
      inspectSampleLine(sample, { ...CONTEXT, budget: new ExpansionBudget(16 * MiB, 1024 * MiB) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).details[0]).toMatchObject({
      file: CONTEXT.where,
      field: expect.stringMatching(/^events\.2\.input_refs\.\d+$/),
      message: expect.stringContaining("more than 16777216 bytes, the most one sample may hold"),
    });
  });

  it("and once the logs together pass theirs", () => {
    const budget = new ExpansionBudget(64 * MiB, 5 * MiB);
    const sample = condensed(1, 1, 2000, 1200);
    inspectSampleLine(sample, { ...CONTEXT, budget });
    budget.nextSample();
    inspectSampleLine(sample, { ...CONTEXT, budget });
    budget.nextSample();
    expect(() => inspectSampleLine(sample, { ...CONTEXT, budget })).toThrow(
      /the logs with what they expand to \(attachments and input_refs\) pass 5242880 bytes/,
    );
  });
});
