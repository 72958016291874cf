import { describe, expect, it } from "vitest";
import { BundleError } from "../../import/errors";
import {
  firstJsonBlock,
  infoMosaicPathInfo,
  joinInfoMosaicTasks,
  parseInfoMosaicEvaluation,
  parseInfoMosaicGold,
  parseInfoMosaicOutput,
  parseInfoMosaicTask,
  passRateFromVerdicts,
  scoreFromEvaluation,
} from "./formats";

// Shapes as the release writes them (data/info_mosaic_gt_answer.jsonl, output/{agent}/{llm}/{domain}[_eval].jsonl).
const GOLD = {
  GT: "Gelanggang",
  testcase: [
    {
      condition: "whose title word is the same term used in chess and corporate planning",
      ground_truth: "Siasat (Indonesian weekly)",
    },
    {
      condition: "a brief cultural statement became known for claiming rightful inheritance",
      ground_truth: "Surat Kepercayaan Gelanggang",
    },
  ],
  id: 1,
};

const TASK = { query: "Which literary group …?", domain: "web", language: "en", ...GOLD };

const MESSAGES = [
  { role: "system", content: "You are a helpful assistant" },
  {
    role: "user",
    content: "You are a helpful assistant. Please answer the question … Which literary group …?",
  },
  {
    content: null,
    refusal: null,
    role: "assistant",
    annotations: [],
    audio: null,
    function_call: null,
    tool_calls: [
      {
        id: "call_1",
        function: { arguments: '{"key_word": "Siasat weekly Gelanggang"}', name: "web_search" },
        type: "function",
      },
    ],
  },
  {
    role: "tool",
    tool_call_id: "call_1",
    content: "{'organic': [{'title': 'Gelanggang', 'snippet': '…'}]}",
  },
  {
    content: "The group is Gelanggang.",
    refusal: null,
    role: "assistant",
    annotations: [],
    audio: null,
    function_call: null,
    tool_calls: null,
  },
];

const OUTPUT = {
  ...TASK,
  response: "The group is Gelanggang.",
  num_tool_calls: 1,
  messages: MESSAGES,
};

const EVAL = {
  ...OUTPUT,
  extracted_response:
    '```json\n{"Subquestion 1": "Siasat"}\n```\n<final_answer>Gelanggang</final_answer>',
  final_answer_evaluation: "The answer is correct.",
  score: 2,
  passrate: 0.5,
};

function errorOf(fn: () => unknown): BundleError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return error as BundleError;
  }
  throw new Error("expected a BundleError");
}

describe("InfoMosaic file parsers", () => {
  it("a gold line: ids as strings, null ground truths kept", () => {
    expect(parseInfoMosaicGold(GOLD, "gt.jsonl", 2)).toEqual({
      id: "1",
      gt: "Gelanggang",
      testcases: [
        { condition: GOLD.testcase[0].condition, groundTruth: "Siasat (Indonesian weekly)" },
        { condition: GOLD.testcase[1].condition, groundTruth: "Surat Kepercayaan Gelanggang" },
      ],
    });
    expect(
      parseInfoMosaicGold(
        { GT: "滇池", testcase: [{ condition: "…", ground_truth: null }], id: 9 },
        "gt.jsonl",
        10,
      ).testcases[0].groundTruth,
    ).toBeNull();
  });

  it("a task line: domain spellings normalised, language guessed when absent", () => {
    expect(parseInfoMosaicTask({ ...TASK, domain: "finance" }, "t", 1).domain).toBe("financial");
    const { language: _l, ...noLanguage } = TASK;
    void _l;
    expect(
      parseInfoMosaicTask({ ...noLanguage, query: "从昆明站前往该地…" }, "t", 1).language,
    ).toBe("zh");
    expect(parseInfoMosaicTask(noLanguage, "t", 1).language).toBe("en");
  });

  it("an output line", () => {
    const out = parseInfoMosaicOutput(OUTPUT, "output/agent_w_web_tool/gpt-5/web.jsonl", 3);
    expect(out).toMatchObject({
      response: "The group is Gelanggang.",
      numToolCalls: 1,
      task: { id: "1", domain: "web" },
    });
    expect(out.messages).toHaveLength(5);
  });

  it("an evaluation line: score 2 is correct; passrate −1 is not computable", () => {
    expect(parseInfoMosaicEvaluation(EVAL, "web_eval.jsonl", 1)).toMatchObject({
      score: 2,
      correct: true,
      passRate: 0.5,
      passRateOverOne: null,
      finalAnswerEvaluation: "The answer is correct.",
    });
    expect(parseInfoMosaicEvaluation({ ...EVAL, score: 1, passrate: -1 }, "f", 1)).toMatchObject({
      score: 1,
      correct: false,
      passRate: null,
    });
    const { passrate: _p, ...noPassrate } = EVAL;
    void _p;
    expect(parseInfoMosaicEvaluation(noPassrate, "f", 1).passRate).toBeNull();
    // 3 CORRECT keys over 2 testcases: the script writes 1.5; we cap and keep the raw value
    expect(parseInfoMosaicEvaluation({ ...EVAL, passrate: 1.5 }, "f", 1)).toMatchObject({
      passRate: 1,
      passRateOverOne: 1.5,
    });
  });

  it("malformed lines name the line and the field", () => {
    expect(
      errorOf(() => parseInfoMosaicEvaluation({ ...EVAL, score: 3 }, "web_eval.jsonl", 17))
        .details[0],
    ).toMatchObject({ file: "web_eval.jsonl", line: 17, field: "score" });
    expect(
      errorOf(() => parseInfoMosaicEvaluation({ ...EVAL, passrate: -0.5 }, "f", 4)).details[0],
    ).toMatchObject({ line: 4, field: "passrate" });
    expect(
      errorOf(() => parseInfoMosaicTask({ ...TASK, domain: "sports" }, "f", 5)).details[0],
    ).toMatchObject({
      line: 5,
      field: "domain",
      message: expect.stringMatching(/unknown domain "sports"/),
    });
    const { query: _q, ...noQuery } = OUTPUT;
    void _q;
    expect(errorOf(() => parseInfoMosaicOutput(noQuery, "f", 6)).details[0]).toMatchObject({
      line: 6,
      field: "query",
    });
    expect(
      errorOf(() => parseInfoMosaicGold({ ...GOLD, testcase: [{ ground_truth: "x" }] }, "f", 7))
        .details[0],
    ).toMatchObject({ line: 7, field: "testcase.0.condition" });
    expect(
      errorOf(() => parseInfoMosaicOutput({ ...OUTPUT, num_tool_calls: -1 }, "f", 8)).details[0],
    ).toMatchObject({ line: 8, field: "num_tool_calls" });
  });

  it("joins Hugging Face queries with gold records by id", () => {
    const [task] = joinInfoMosaicTasks(
      [{ id: 1, query: "Which literary group …?", domain: "web" }],
      [parseInfoMosaicGold(GOLD, "g", 1)],
    );
    expect(task).toMatchObject({ id: "1", domain: "web", language: "en", gt: "Gelanggang" });
    expect(
      errorOf(() =>
        joinInfoMosaicTasks(
          [{ id: 2, query: "q", domain: "web" }],
          [parseInfoMosaicGold(GOLD, "g", 1)],
        ),
      ).details[0].message,
    ).toMatch(/no gold record for task id 2/);
  });

  it("reads the release's paths", () => {
    expect(infoMosaicPathInfo("output/agent_w_web_tool/gpt-5-2025-08-07/map_eval.jsonl")).toEqual({
      agent: "agent_w_web_tool",
      llm: "gpt-5-2025-08-07",
      domain: "map",
      kind: "evaluation",
      setting: "web-only",
    });
    expect(infoMosaicPathInfo("agent_w_multi_tool/glm-4.5/all.jsonl")).toMatchObject({
      domain: "all",
      kind: "output",
      setting: "domain-tool",
    });
    expect(infoMosaicPathInfo("my_agent/m/bio.jsonl")).toMatchObject({ setting: null });
    expect(infoMosaicPathInfo("a/b/notes.txt")).toBeNull();
    expect(infoMosaicPathInfo("a/b/sports.jsonl")).toBeNull();
  });
});

describe("the official judging rules", () => {
  it("score from the judge's comment (the four templates of A.12.7)", () => {
    expect(scoreFromEvaluation("The answer is correct.")).toBe(2);
    expect(
      scoreFromEvaluation(
        "The answer is approximated but should be correct. Correct Answer: 7.348 | Answer extracted: 3*sqrt(6).",
      ),
    ).toBe(1);
    expect(
      scoreFromEvaluation("The answer is incorrect. Correct Answer: TME | Answer extracted: BIDU."),
    ).toBe(0);
    expect(scoreFromEvaluation("The reply doesn't contain an answer.")).toBe(0);
    expect(scoreFromEvaluation("calling llm error")).toBe(0);
    expect(scoreFromEvaluation(null)).toBe(0);
  });

  it("pass rate = CORRECT verdicts / the task's testcases", () => {
    const text =
      'Checked each.\n```json\n{"Subquestion 1": "CORRECT", "Subquestion 2": "INCORRECT", "Subquestion 3": "CORRECT"}\n```';
    expect(passRateFromVerdicts(text, 3)).toBeCloseTo(2 / 3, 12);
    expect(passRateFromVerdicts(text, 4)).toBe(0.5); // over testcases, not keys
    expect(passRateFromVerdicts('```json\n{"a": "correct", "b": "CORRECT "}\n```', 2)).toBe(0); // exact "CORRECT" only
    expect(passRateFromVerdicts('```\n{"a": "CORRECT"}\n```', 1)).toBe(1); // an unlabelled fence is read too
    // The prompt's own example repeats the key "subquestion": JSON keeps the last, as Python's json.loads does
    expect(
      passRateFromVerdicts(
        '```json\n{"subquestion": "CORRECT", "subquestion": "INCORRECT"}\n```',
        2,
      ),
    ).toBe(0);
  });

  it("not computable (the script's −1): no testcases, no block, bad JSON, not an object", () => {
    expect(passRateFromVerdicts('```json\n{"a": "CORRECT"}\n```', 0)).toBeNull();
    expect(passRateFromVerdicts("All subquestions are CORRECT.", 2)).toBeNull();
    expect(passRateFromVerdicts('```json\n{"a": CORRECT}\n```', 1)).toBeNull();
    expect(passRateFromVerdicts('```json\n["CORRECT"]\n```', 1)).toBeNull();
    expect(passRateFromVerdicts(null, 1)).toBeNull();
    expect(passRateFromVerdicts('```json\n{"a": "CORRECT", "b": "CORRECT"}\n```', 1)).toBe(1); // capped
    expect(firstJsonBlock("no fences")).toBeNull();
  });
});
