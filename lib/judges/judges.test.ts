import { describe, expect, it } from "vitest";
import {
  exactMatchJudge,
  finalAnswerOf,
  normaliseAnswer,
  numericJudge,
  parseAnswerNumber,
} from "./deterministic";
import { parseEvoJudge } from "../benchmarks/evobrowsecomp/judge";
import { parseInfoMosaicJudge } from "../benchmarks/infomosaic/judge";
import { parseMpwJudge } from "../benchmarks/mpw/judge";
import { parseWideSearchCellScores } from "../benchmarks/widesearch/judge";
import { llmJudgeSettingFromEnv, publicJudgeConfig, LlmJudgeError } from "./chat";
import { GraderParseError, graderField, parseBrowseCompGrader } from "./grader";
import { JUDGE_PROMPTS } from "./llm";
import { fillTemplate, judgeMessages } from "./prompts";

describe("deterministic judges", () => {
  it("normalises case, accents, punctuation, articles, full-width forms and whitespace", () => {
    expect(normaliseAnswer("  The Borussia-Dortmund! ")).toBe("borussia dortmund");
    expect(normaliseAnswer("Café ＡＢＣ１２")).toBe("cafe abc12");
    expect(normaliseAnswer("北京 市")).toBe("北京 市");
  });

  it("takes the final answer from <answer> tags or an Exact Answer line", () => {
    expect(
      finalAnswerOf("<think>x</think><answer>first</answer> then <answer> Last </answer>"),
    ).toBe("Last");
    expect(finalAnswerOf("Explanation: because\nExact Answer: Paris\nConfidence: 80%")).toBe(
      "Paris",
    );
    expect(finalAnswerOf("just text")).toBe("just text");
  });

  it("exact match: equal after normalisation is correct; no answer, no gold are not", () => {
    expect(
      exactMatchJudge("<answer>borussia dortmund.</answer>", "Borussia Dortmund"),
    ).toMatchObject({ correct: true, label: "Correct" });
    expect(exactMatchJudge("Manchester United", "Borussia Dortmund")).toMatchObject({
      correct: false,
      label: "Incorrect",
    });
    expect(exactMatchJudge(null, "x")).toMatchObject({ correct: false, rationale: "no answer" });
    expect(exactMatchJudge("x", null)).toMatchObject({ correct: false, label: "no gold" });
    // Punctuation-only answers normalise to nothing and never equal an empty-normalised gold.
    expect(exactMatchJudge("!!!", "???").correct).toBe(false);
  });

  it("parses numbers with thousands separators, signs and percent", () => {
    expect(parseAnswerNumber("about 1,234,567 people")).toEqual({ value: 1234567, percent: false });
    expect(parseAnswerNumber("−3.5 %")).toEqual({ value: -3.5, percent: true });
    expect(parseAnswerNumber("none")).toBeNull();
  });

  it("numeric tolerance: within max(absolute, 1 % of gold) is correct", () => {
    expect(numericJudge("Exact Answer: 101", "100").correct).toBe(true); // |1| ≤ 1
    expect(numericJudge("Exact Answer: 101.5", "100").correct).toBe(false); // 1.5 > 1
    expect(numericJudge("0", "0").correct).toBe(true);
    expect(numericJudge("0.001", "0").correct).toBe(false);
    expect(numericJudge("12", "twelve")).toMatchObject({
      correct: false,
      label: "no numeric gold",
    });
    expect(numericJudge("no idea", "12")).toMatchObject({
      correct: false,
      rationale: "the answer holds no number",
    });
  });
});

describe("grader output", () => {
  it("reads BrowseComp's correct: yes|no with its other fields", () => {
    const text =
      "extracted_final_answer: Paris\nreasoning: matches the answer\ncorrect: yes\nconfidence: 85%";
    expect(parseBrowseCompGrader(text)).toMatchObject({
      correct: true,
      label: "yes",
      rationale: "matches the answer",
      extractedFinalAnswer: "Paris",
      confidence: 85,
    });
    expect(parseBrowseCompGrader("**correct:** no").correct).toBe(false);
    expect(() => parseBrowseCompGrader("correct: maybe")).toThrow(GraderParseError);
    expect(() => parseBrowseCompGrader("looks right to me")).toThrow(/no "correct: yes\|no" line/);
  });

  it("reads a field as the grader's pattern did, on every arrangement of its pieces", () => {
    // The pattern the fields were read with before: the reference for what a field is.
    const byPattern = (text: string, name: string) =>
      new RegExp(
        `^\\s*(?:\\*\\*)?${name}(?:\\*\\*)?\\s*:\\s*(?:\\*\\*)?\\s*(.*?)\\s*(?:\\*\\*)?\\s*$`,
        "im",
      ).exec(text)?.[1] ?? null;
    const pieces = ["correct", "Correct", "**", ":", " ", "\t", "\n", "\r\n", "yes", "no", "x"];
    // Every text of up to five pieces: 11^5 arrangements, each compared.
    const texts = [""];
    for (let length = 0; length < 5; length++)
      for (const text of texts.slice()) for (const piece of pieces) texts.push(text + piece);
    for (const text of texts)
      expect(graderField(text, "correct"), JSON.stringify(text)).toBe(byPattern(text, "correct"));
  });

  it("reads a reply padded with whitespace in one pass (the pattern took seconds on 1.8 KB)", () => {
    const padded = `correct: yes${" \t".repeat(200_000)}\nconfidence: 80%`;
    expect(parseBrowseCompGrader(padded)).toMatchObject({ correct: true, confidence: 80 });
    const blankLines = `${"\n \t".repeat(200_000)}correct:${" ".repeat(200_000)}no`;
    expect(parseBrowseCompGrader(blankLines).correct).toBe(false);
  });

  it("reads MPW's <answer>Correct|Incorrect</answer>, strictly", () => {
    expect(parseMpwJudge("<think>same club</think>\n<answer>\nCorrect\n</answer>")).toEqual({
      correct: true,
      label: "Correct",
      rationale: "same club",
    });
    expect(parseMpwJudge("<answer>Incorrect</answer>").correct).toBe(false);
    // "Incorrect" contains "correct": a substring test would count it right.
    expect(() => parseMpwJudge("<answer>Mostly correct</answer>")).toThrow(GraderParseError);
    expect(() => parseMpwJudge("Correct")).toThrow(GraderParseError);
  });

  it("reads EvoBrowseComp's Conclusion line", () => {
    expect(parseEvoJudge("Final Answer: 42\nExplanation: equal\nConclusion: 'Correct'")).toEqual({
      correct: true,
      label: "Correct",
      rationale: "equal",
    });
    expect(parseEvoJudge("Conclusion: Incorrect").correct).toBe(false);
    expect(() => parseEvoJudge("Explanation: fine")).toThrow(GraderParseError);
  });

  it("reads InfoMosaic's four comments; approximated scores 1 and is not correct", () => {
    expect(parseInfoMosaicJudge("The answer is correct.")).toMatchObject({
      correct: true,
      score: 2,
    });
    expect(
      parseInfoMosaicJudge(
        "The answer is approximated but should be correct. Correct Answer: 7.348 | Answer extracted: 7.35.",
      ),
    ).toMatchObject({ correct: false, score: 1 });
    expect(
      parseInfoMosaicJudge("The answer is incorrect. Correct Answer: a | Answer extracted: b."),
    ).toMatchObject({ correct: false, score: 0 });
    expect(parseInfoMosaicJudge("The reply doesn't contain an answer.")).toMatchObject({
      correct: false,
      score: 0,
    });
    expect(() => parseInfoMosaicJudge("fine")).toThrow(GraderParseError);
  });

  it("reads the InfoMosaic comment the reply ends on, when its reasoning quotes another first", () => {
    expect(
      parseInfoMosaicJudge(
        'Is "the answer is incorrect" warranted? No: the units match. The answer is correct.',
      ),
    ).toMatchObject({ correct: true, score: 2, label: "correct" });
    expect(
      parseInfoMosaicJudge(
        "At first the answer is correct-looking, but the year differs. The answer is incorrect.",
      ),
    ).toMatchObject({ correct: false, score: 0, label: "incorrect" });
  });
});

describe("prompts and configuration", () => {
  it("fills placeholders once: a prediction holding {correct_answer} is not expanded", () => {
    expect(fillTemplate("{a} and {b} and {c}", { a: "{b}", b: "2" })).toBe("{b} and 2 and {c}");
    const messages = judgeMessages(JUDGE_PROMPTS.qa, {
      question: "Q?",
      gold: "G",
      prediction: "says {correct_answer}",
    });
    expect(messages).toHaveLength(1);
    expect(messages[0].content).toContain("[response]: says {correct_answer}");
    expect(messages[0].content).toContain("[correct_answer]: G");
  });

  it("MPW's prompt is a system prompt plus the sample", () => {
    const [system, user] = judgeMessages(JUDGE_PROMPTS.mpw, {
      question: "Which club?",
      gold: "Borussia Dortmund",
      prediction: "<answer>BVB</answer>",
    });
    expect(system.role).toBe("system");
    expect(system.content).toContain("professional answer evaluation expert");
    expect(user.content).toBe(
      "Question:\nWhich club?\n\nGround Truth Answer:\nBorussia Dortmund\n\nPredicted Answer:\n<answer>BVB</answer>",
    );
  });

  it("reads the environment; without base URL and model the LLM judge is off and says why", () => {
    expect(llmJudgeSettingFromEnv({}).why).toMatch(
      /SEEKBOARD_JUDGE_BASE_URL and SEEKBOARD_JUDGE_MODEL/,
    );
    expect(
      llmJudgeSettingFromEnv({ SEEKBOARD_JUDGE_BASE_URL: "ftp://x", SEEKBOARD_JUDGE_MODEL: "m" })
        .why,
    ).toMatch(/http/);
    expect(
      llmJudgeSettingFromEnv({
        SEEKBOARD_JUDGE_BASE_URL: "http://x/v1",
        SEEKBOARD_JUDGE_MODEL: "m",
        SEEKBOARD_JUDGE_TIMEOUT_MS: "-1",
      }).why,
    ).toMatch(/TIMEOUT/);
    const on = llmJudgeSettingFromEnv({
      SEEKBOARD_JUDGE_BASE_URL: "http://x/v1/",
      SEEKBOARD_JUDGE_MODEL: "gpt",
      SEEKBOARD_JUDGE_API_KEY: "sk-secret",
    });
    expect(on.config).toEqual({
      baseUrl: "http://x/v1",
      model: "gpt",
      apiKey: "sk-secret",
      timeoutMs: 30000,
    });
    expect(JSON.stringify(publicJudgeConfig(on.config!))).not.toContain("sk-secret");
    expect(publicJudgeConfig(on.config!).baseUrl).toBe("http://x/v1");
    // Credentials or a token in the URL itself never reach the public verdict history.
    const inUrl = llmJudgeSettingFromEnv({
      SEEKBOARD_JUDGE_BASE_URL: "https://user:pw@judge.internal:8443/v1/?token=abc",
      SEEKBOARD_JUDGE_MODEL: "m",
    });
    expect(publicJudgeConfig(inUrl.config!).baseUrl).toBe("https://judge.internal:8443/v1");
  });

  it("reads WideSearch cell scores from the last JSON block, trailing comma and all", () => {
    expect(
      parseWideSearchCellScores('analysis…\n```json\n{ "idx_0": 1, "idx_1": 0, }\n```', 3),
    ).toEqual([{ score: 1, why: "LLM judge" }, { score: 0, why: "LLM judge" }, null]);
    expect(() => parseWideSearchCellScores("no scores", 1)).toThrow(LlmJudgeError);
  });
});
