import { describe, expect, it } from "vitest";
import type { Step } from "../trajectory/steps";
import {
  estimateJobTokens,
  estimateTokens,
  REPLY_TOKENS,
  RUBRIC_SYSTEM,
  RUN_PROMPT_CHARS,
  rubricMessages,
  runTokens,
  spreadSample,
  STEP_PROMPT_CHARS,
  type RubricRun,
} from "./prompt";
import { MAX_CITED, MAX_REASON_CHARS, parseRubricReply, RubricReplyError } from "./reply";
import { describeScope, parseSubmissionIds, rubricScopeSchema } from "./scope";

const base = { role: "assistant", malformed: null } as const;
const steps: { ordinal: number; step: Step }[] = [
  { ordinal: 0, step: { ...base, kind: "thought", text: "Find the club first." } },
  {
    ordinal: 1,
    step: {
      ...base,
      kind: "tool_call",
      callIndex: 1,
      name: "search",
      arguments: { query: "Knicks 1970" },
      query: "Knicks 1970",
      raw: '{"query":"Knicks 1970"}',
    },
  },
  {
    ordinal: 2,
    step: {
      ...base,
      role: "tool",
      kind: "tool_result",
      callIndex: 1,
      raw: "…",
      serp: {
        search_result: [{ title: "1970 NBA Finals", content: "Knicks won", date: undefined }],
      },
    },
  },
  { ordinal: 3, step: { ...base, kind: "answer", text: "New York Knicks" } },
];
const run: RubricRun = {
  question: "Which club won in 1970?",
  gold: "Knicks",
  prediction: "New York Knicks",
  correct: true,
  status: "completed",
  steps,
};

describe("rubricMessages", () => {
  it("asks for JSON with the rubric, the run's text and every step labelled by its ordinal", () => {
    const [system, user] = rubricMessages("the agent found the right page but misread it", run);
    expect(system).toEqual({ role: "system", content: RUBRIC_SYSTEM });
    expect(system.content).toContain('"steps": [N, ...]');
    expect(user.role).toBe("user");
    const text = user.content;
    expect(text).toContain("Rubric: the agent found the right page but misread it");
    expect(text).toContain("Question: Which club won in 1970?");
    expect(text).toContain("Gold answer: Knicks");
    expect(text).toContain("Graded: correct; run ended: completed");
    expect(text).toContain("[step 0] thought: Find the club first.");
    expect(text).toContain("[step 1] tool call #1 search: Knicks 1970");
    expect(text).toContain("[step 2] tool result of call #1: (1) 1970 NBA Finals — Knicks won");
    expect(text).toContain("[step 3] final answer: New York Knicks");
  });

  it("says what was not recorded rather than leaving it blank", () => {
    const text = rubricMessages("r", { ...run, question: null, gold: null, prediction: null })[1]
      .content;
    expect(text).toContain("Question: (not recorded)");
    expect(text).toContain("Gold answer: (not recorded)");
    expect(text).toContain("Agent's final answer: (none)");
  });

  it("cuts a long step and names the steps past the run's budget", () => {
    const long: { ordinal: number; step: Step }[] = Array.from({ length: 100 }, (_, i) => ({
      ordinal: i,
      step: { ...base, kind: "thought", text: "x".repeat(5000) },
    }));
    const text = rubricMessages("r", { ...run, steps: long })[1].content;
    // "thought: " and the text, cut to the step budget.
    expect(text).toContain(`[…${"thought: ".length + 5000 - STEP_PROMPT_CHARS} more characters]`);
    expect(text.length).toBeLessThan(RUN_PROMPT_CHARS + 2000);
    expect(text).toMatch(/\[steps \d+–99 left out: the run is longer than the judge is shown\]/);
  });
});

describe("token estimate", () => {
  it("counts about four Latin characters a token and one a CJK character", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcdefgh")).toBe(2);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("北京大学")).toBe(4);
    expect(estimateTokens("北京 ab")).toBe(3);
  });

  it("adds the reply to each run and extrapolates the sampled runs' mean to the scope", () => {
    const messages = rubricMessages("r", run);
    expect(runTokens(messages)).toBe(
      estimateTokens(messages[0].content) + estimateTokens(messages[1].content) + REPLY_TOKENS,
    );
    expect(estimateJobTokens([100, 300], 10)).toBe(2000);
    expect(estimateJobTokens([], 10)).toBe(0);
    expect(estimateJobTokens([100], 0)).toBe(0);
  });

  it("samples evenly, every item when there are few", () => {
    expect(spreadSample(3, 20)).toEqual([0, 1, 2]);
    expect(spreadSample(100, 4)).toEqual([0, 25, 50, 75]);
  });
});

describe("parseRubricReply", () => {
  const ordinals = new Set([0, 1, 2, 3]);

  it("reads a bare object, a fenced one and one after a preamble", () => {
    const bare = parseRubricReply(
      '{"match": true, "reason": "misread", "steps": [2, 3]}',
      ordinals,
    );
    expect(bare).toEqual({ match: true, reason: "misread", cited: [2, 3], dropped: 0 });
    const fenced = parseRubricReply(
      'Here:\n```json\n{"match": false, "reason": " no ", "steps": []}\n```',
      ordinals,
    );
    expect(fenced).toEqual({ match: false, reason: "no", cited: [], dropped: 0 });
    expect(parseRubricReply('Sure. {"match": false, "reason": "r"}', ordinals).cited).toEqual([]);
  });

  it("drops and counts cited ordinals the run does not have; repeats are one citation", () => {
    const verdict = parseRubricReply(
      '{"match": true, "reason": "r", "steps": [3, 99, -1, 1.5, 1, 3]}',
      ordinals,
    );
    expect(verdict.cited).toEqual([1, 3]);
    expect(verdict.dropped).toBe(3);
  });

  it("keeps at most MAX_CITED citations and cuts a long reason", () => {
    const many = new Set(Array.from({ length: 50 }, (_, i) => i));
    const verdict = parseRubricReply(
      JSON.stringify({ match: true, reason: "y".repeat(2000), steps: [...many] }),
      many,
    );
    expect(verdict.cited).toHaveLength(MAX_CITED);
    expect(verdict.dropped).toBe(50 - MAX_CITED);
    expect(verdict.reason).toHaveLength(MAX_REASON_CHARS);
  });

  it.each([
    ["prose", "Yes, the agent misread the page."],
    ["broken JSON", '{"match": true, "reason": '],
    ["a string verdict", '{"match": "yes", "reason": "r", "steps": []}'],
    ["no reason", '{"match": true, "steps": [1]}'],
    ["steps not numbers", '{"match": true, "reason": "r", "steps": ["step 1"]}'],
    ["an array", "[true]"],
    ["HTML", "<script>alert(1)</script>"],
  ])("refuses %s", (_, reply) => {
    expect(() => parseRubricReply(reply, ordinals)).toThrow(RubricReplyError);
  });
});

describe("rubric scope", () => {
  it("parses submission ids and describes each kind", () => {
    expect(parseSubmissionIds("12, 14 14\n15")).toEqual([12, 14, 15]);
    expect(parseSubmissionIds("12, x")).toBeNull();
    expect(parseSubmissionIds("0")).toBeNull();
    expect(parseSubmissionIds(" ")).toBeNull();
    expect(describeScope({ kind: "submissions", submissionIds: [3], filter: "" })).toBe(
      "submission #3",
    );
    expect(
      describeScope({
        kind: "version",
        benchmark: "mpw",
        version: "v1",
        filter: "verdict:incorrect",
      }),
    ).toBe("every submission of mpw v1, filtered by verdict:incorrect");
    expect(describeScope({ kind: "matches", parentId: 7, filter: "" })).toBe(
      "the matches of rubric search #7",
    );
    expect(
      rubricScopeSchema.safeParse({ kind: "version", benchmark: "nope", version: "v", filter: "" })
        .success,
    ).toBe(false);
  });
});
