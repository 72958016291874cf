import { describe, expect, it } from "vitest";
import { BundleError } from "../../import/errors";
import {
  jsonObjectsIn,
  languageFromInstanceId,
  parseWideSearchEvalCsv,
  parseWideSearchGoldCsv,
  parseWideSearchResponseFile,
  parseWideSearchSummary,
  parseWideSearchTask,
  summaryJudgeModel,
} from "./formats";

function bundleErrorOf(fn: () => unknown): BundleError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return error as BundleError;
  }
  throw new Error("expected a BundleError");
}

/** Shaped like the dataset card's ws_en_001 (columns shortened). */
const EN_TASK = {
  instance_id: "ws_en_001",
  query: "Find the top universities … The output format is ```markdown\n{data_content}\n```.",
  evaluation: JSON.stringify({
    unique_columns: ["subject", "university"],
    required: [
      "subject",
      "university",
      "qsworlduniversityrankings2025",
      "homepage",
      "applicationdeadline",
    ],
    eval_pipeline: {
      applicationdeadline: {
        preprocess: ["norm_str"],
        metric: ["llm_judge"],
        criterion: "The month and day must be correct",
      },
      homepage: { preprocess: ["norm_str"], metric: ["url_match"] },
      subject: { preprocess: ["norm_str"], metric: ["exact_match"] },
      university: { preprocess: ["norm_str"], metric: ["exact_match"] },
      qsworlduniversityrankings2025: { preprocess: ["norm_str"], metric: ["exact_match"] },
    },
  }),
  language: "en",
};

/** Shaped like the dataset card's ws_zh_001. */
const ZH_TASK = {
  instance_id: "ws_zh_001",
  query: "我要做电影研究……",
  evaluation: JSON.stringify({
    unique_columns: ["国家", "电影名"],
    required: ["年份", "国家", "电影名", "本国累计票房收益"],
    eval_pipeline: {
      国家: { preprocess: ["norm_str"], metric: ["exact_match"] },
      年份: { preprocess: ["norm_str"], metric: ["exact_match"] },
      本国累计票房收益: { preprocess: ["extract_number"], metric: ["number_near"], criterion: 0.1 },
      电影名: {
        preprocess: ["norm_str"],
        metric: ["llm_judge"],
        criterion: "和参考答案语义相同大致即可",
      },
    },
  }),
  language: "zh",
};

const withEvaluation = (evaluation: object, extra: object = {}) => ({
  ...EN_TASK,
  evaluation: JSON.stringify(evaluation),
  ...extra,
});

describe("parseWideSearchTask", () => {
  it("parses the evaluation JSON string into camelCase", () => {
    const t = parseWideSearchTask(EN_TASK, "widesearch.jsonl", 1);
    expect(t.instanceId).toBe("ws_en_001");
    expect(t.language).toBe("en");
    expect(t.evaluation.uniqueColumns).toEqual(["subject", "university"]);
    expect(t.evaluation.required).toHaveLength(5);
    expect(t.evaluation.evalPipeline.homepage).toEqual({
      preprocess: ["norm_str"],
      metric: ["url_match"],
      criterion: null,
    });
    expect(t.evaluation.evalPipeline.applicationdeadline.criterion).toBe(
      "The month and day must be correct",
    );
  });

  it("keeps columns named like Object.prototype keys", () => {
    const names = ["__proto__", "constructor", "tostring", "hasownproperty"];
    const evaluation = `{"unique_columns": ["__proto__"], "required": ${JSON.stringify(names)}, "eval_pipeline": {${names.map((n) => `"${n}": {"metric": ["exact_match"]}`).join(", ")}}}`;
    const t = parseWideSearchTask({ ...EN_TASK, evaluation }, "widesearch.jsonl", 1);
    expect(Object.keys(t.evaluation.evalPipeline)).toEqual(names);
    expect(
      Object.values(t.evaluation.evalPipeline).every((p) => p.metric[0] === "exact_match"),
    ).toBe(true);
  });

  it("parses Chinese column names and numeric criteria", () => {
    const t = parseWideSearchTask(ZH_TASK, "widesearch.jsonl", 2);
    expect(t.language).toBe("zh");
    expect(t.evaluation.evalPipeline["本国累计票房收益"]).toEqual({
      preprocess: ["extract_number"],
      metric: ["number_near"],
      criterion: 0.1,
    });
  });

  it("accepts the evaluation as an object and a numeric-string criterion", () => {
    const evaluation = JSON.parse(ZH_TASK.evaluation);
    evaluation.eval_pipeline["本国累计票房收益"].criterion = "0.05";
    const t = parseWideSearchTask({ ...ZH_TASK, evaluation }, "f", 1);
    expect(t.evaluation.evalPipeline["本国累计票房收益"].criterion).toBe(0.05);
  });

  it("reads the language from the instance id when the line has none", () => {
    expect(parseWideSearchTask({ ...ZH_TASK, language: undefined }, "f", 1).language).toBe("zh");
    expect(languageFromInstanceId("ws_en_042")).toBe("en");
    expect(languageFromInstanceId("coze-021")).toBeNull();
  });

  it("names file, line and field for each kind of error", () => {
    expect(
      bundleErrorOf(() =>
        parseWideSearchTask({ ...EN_TASK, evaluation: "{not json" }, "widesearch.jsonl", 7),
      ).details[0],
    ).toMatchObject({
      file: "widesearch.jsonl",
      line: 7,
      field: "evaluation",
    });
    const base = JSON.parse(EN_TASK.evaluation);
    const unknownMetric = {
      ...base,
      eval_pipeline: { ...base.eval_pipeline, homepage: { metric: ["fuzzy_match"] } },
    };
    expect(
      bundleErrorOf(() => parseWideSearchTask(withEvaluation(unknownMetric), "w.jsonl", 3))
        .details[0],
    ).toMatchObject({
      line: 3,
      field: "evaluation.eval_pipeline.homepage.metric.0",
    });
    const noCriterion = {
      ...base,
      eval_pipeline: { ...base.eval_pipeline, homepage: { metric: ["number_near"] } },
    };
    expect(
      bundleErrorOf(() => parseWideSearchTask(withEvaluation(noCriterion), "w.jsonl", 3)).details[0]
        .field,
    ).toBe("evaluation.eval_pipeline.homepage.criterion");
    const badKey = { ...base, unique_columns: ["rank"] };
    expect(
      bundleErrorOf(() => parseWideSearchTask(withEvaluation(badKey), "w.jsonl", 3)).details[0],
    ).toMatchObject({
      field: "evaluation.unique_columns.0",
      message: 'key column "rank" is not in required',
    });
    const withoutHomepage = { ...base.eval_pipeline };
    delete withoutHomepage.homepage;
    expect(
      bundleErrorOf(() =>
        parseWideSearchTask(
          withEvaluation({ ...base, eval_pipeline: withoutHomepage }),
          "w.jsonl",
          3,
        ),
      ).details[0].field,
    ).toBe("evaluation.eval_pipeline.homepage");
    expect(
      bundleErrorOf(() => parseWideSearchTask({ ...EN_TASK, language: "fr" }, "w.jsonl", 4))
        .details[0].field,
    ).toBe("language");
    expect(
      bundleErrorOf(() =>
        parseWideSearchTask({ ...EN_TASK, instance_id: "x", language: undefined }, "w.jsonl", 4),
      ).details[0].field,
    ).toBe("language");
  });
});

describe("parseWideSearchGoldCsv", () => {
  const required = ["university", "homepage", "applicationfee"];

  it("normalises headers and keeps only the required columns, in required order", () => {
    const csv =
      '\ufeffUniversity,Notes,Application Fee,Home Page\n"Harvard University","x",$85,https://www.harvard.edu\nMIT,,"$75, or $0",https://mit.edu\n';
    expect(parseWideSearchGoldCsv(csv, "ws_en_001.csv", required)).toEqual({
      columns: required,
      rows: [
        ["Harvard University", "https://www.harvard.edu", "$85"],
        ["MIT", "https://mit.edu", "$75, or $0"],
      ],
      blankRowsDropped: 0,
    });
  });

  it("keeps cells as strings (10 stays 10, empty stays empty), reads multi-line cells, drops blank rows", () => {
    const csv =
      'University,Home Page,Application Fee\nMIT,,10\n,,\n"Yale\nUniversity",https://yale.edu,10.0\n';
    const gold = parseWideSearchGoldCsv(csv, "g.csv", required);
    expect(gold.rows).toEqual([
      ["MIT", "", "10"],
      ["Yale\nUniversity", "https://yale.edu", "10.0"],
    ]);
    expect(gold.blankRowsDropped).toBe(1);
  });

  it("names the missing column, the ragged line and malformed CSV", () => {
    expect(
      bundleErrorOf(() =>
        parseWideSearchGoldCsv("University,Home Page\nMIT,x\n", "g.csv", required),
      ).details[0],
    ).toMatchObject({
      file: "g.csv",
      line: 1,
      field: "applicationfee",
    });
    expect(
      bundleErrorOf(() =>
        parseWideSearchGoldCsv(
          "University,Home Page,Application Fee\nMIT,x,1\nYale,y,2,extra\n",
          "g.csv",
          required,
        ),
      ).details[0],
    ).toMatchObject({
      line: 3,
      message: "4 fields, the header has 3",
    });
    expect(
      bundleErrorOf(() =>
        parseWideSearchGoldCsv(
          'University,Home Page,Application Fee\n"MIT,x,1\n',
          "g.csv",
          required,
        ),
      ).details[0].file,
    ).toBe("g.csv");
    expect(
      bundleErrorOf(() => parseWideSearchGoldCsv("", "g.csv", required)).details[0].message,
    ).toMatch(/empty CSV/);
  });
});

describe("response files", () => {
  it("reads JSONL lines with OpenAI messages", () => {
    const line = {
      instance_id: "ws_en_001",
      response: "```markdown\n| a |\n|---|\n| 1 |\n```",
      messages: [
        { role: "user", content: "q" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "search", arguments: '{"query":"x"}' },
            },
          ],
        },
        { role: "tool", content: "results", tool_call_id: "c1" },
        { role: "assistant", content: "done" },
      ],
      trial_idx: 2,
    };
    const text = `${JSON.stringify(line)}\n${JSON.stringify({ ...line, instance_id: "ws_en_002", response: null, trial_idx: "3" })}\n`;
    const { responses, metadata } = parseWideSearchResponseFile(
      text,
      "m_ws_en_001_2_response.jsonl",
    );
    expect(metadata).toEqual([]);
    expect(responses.map((r) => [r.instanceId, r.trialIdx, r.line, r.messages.length])).toEqual([
      ["ws_en_001", 2, 1, 4],
      ["ws_en_002", 3, 2, 4],
    ]);
    expect(responses[1].response).toBeNull();
  });

  it("reads pretty-printed records written one after another, with a metadata object first", () => {
    const meta = { model_config_name: "kimi-k2.5", model_config: { temperature: 1 } };
    const rec = {
      instance_id: "ws_en_003",
      response: 'has "quotes" and {braces}',
      trial_idx: 1,
      tool_call_counts: { get_content: 2 },
    };
    const text = `${JSON.stringify(meta, null, 2)}\n${JSON.stringify(rec, null, 2)}\n`;
    const { responses, metadata } = parseWideSearchResponseFile(text, "r.jsonl");
    expect(metadata).toEqual([meta]);
    expect(responses[0]).toMatchObject({
      instanceId: "ws_en_003",
      response: rec.response,
      toolCallCounts: { get_content: 2 },
      line: 7,
    });
  });

  // The shape of runshengdu/widesearch_exp's records (data/kimi-k2.5/response/20260210_175701.jsonl,
  // ws_zh_001, trimmed): each assistant message carries its completion's `usage`, and
  // `assistant_message_count.final_token` repeats the last one's.
  const lastCall = {
    completion_tokens: 2388,
    prompt_tokens: 61903,
    total_tokens: 64291,
    completion_tokens_details: null,
    prompt_tokens_details: null,
    cached_tokens: 55296,
  };
  const widesearchExpRecord = (usages: (Record<string, unknown> | null | undefined)[]) => ({
    instance_id: "ws_zh_001",
    response: "| 年份 | 国家 |\n|---|---|\n| 2020 | 中国 |",
    assistant_message_count: { count: usages.length, final_token: lastCall },
    tool_call_counts: { web_search_chinese: 13, web_search_internationl: 14, get_content: 5 },
    messages: [
      { role: "user", content: "我要做电影研究……" },
      ...usages.map((usage, i) => ({
        role: "assistant",
        content: {
          step_status: i === usages.length - 1 ? "FINISHED" : "CONTINUE",
          content: "…",
          tool_calls: [],
          tool_call_results: [],
          error_marker: null,
        },
        ...(usage === undefined ? {} : { usage }),
      })),
    ],
    trial_idx: 1,
  });

  it("sums widesearch_exp's per-message usage into the run's tokens (final_token is the last call's only)", () => {
    const first = {
      completion_tokens: 1397,
      prompt_tokens: 55442,
      total_tokens: 56839,
      completion_tokens_details: null,
      prompt_tokens_details: null,
      cached_tokens: 52736,
    };
    const meta = {
      model_config_name: "kimi-k2.5",
      model_config: { name: "kimi-k2.5", temperature: 1.0, base_url: "https://api.moonshot.cn/v1" },
    };
    const text = `${JSON.stringify(meta, null, 2)}\n${JSON.stringify(widesearchExpRecord([first, lastCall]), null, 2)}\n`;
    const [response] = parseWideSearchResponseFile(text, "20260210_175701.jsonl").responses;
    expect(response.usage).toEqual({
      promptTokens: 55442 + 61903,
      completionTokens: 1397 + 2388,
      costUsd: null,
      seconds: null,
    });
  });

  it("reports no usage for the official records, and no count that some assistant message lacks", () => {
    const official = {
      instance_id: "ws_en_001",
      response: "x",
      messages: [
        { role: "user", content: "q" },
        { role: "assistant", content: "x" },
      ],
      trial_idx: 0,
    };
    expect(
      parseWideSearchResponseFile(JSON.stringify(official), "r.jsonl").responses[0].usage,
    ).toBeNull();
    const [partial] = parseWideSearchResponseFile(
      JSON.stringify(widesearchExpRecord([null, lastCall])),
      "r.jsonl",
    ).responses;
    expect(partial.usage).toBeNull();
    const [noCompletion] = parseWideSearchResponseFile(
      JSON.stringify(
        widesearchExpRecord([{ prompt_tokens: 10 }, { prompt_tokens: 20, completion_tokens: 5 }]),
      ),
      "r.jsonl",
    ).responses;
    expect(noCompletion.usage).toEqual({
      promptTokens: 30,
      completionTokens: null,
      costUsd: null,
      seconds: null,
    });
    const [noAssistant] = parseWideSearchResponseFile(
      JSON.stringify({ ...official, messages: [{ role: "user", content: "q" }] }),
      "r.jsonl",
    ).responses;
    expect(noAssistant.usage).toBeNull();
  });

  it("names the field of a malformed usage", () => {
    const bad = widesearchExpRecord([{ prompt_tokens: -1, completion_tokens: 3 }]);
    expect(
      bundleErrorOf(() => parseWideSearchResponseFile(JSON.stringify(bad), "r.jsonl")).details[0],
    ).toMatchObject({ line: 1, field: "messages.1.usage.prompt_tokens" });
  });

  it("names the line of a bad record", () => {
    expect(
      bundleErrorOf(() =>
        parseWideSearchResponseFile(
          '{"instance_id": "a", "response": "x"}\n{"response": "y"}\n',
          "r.jsonl",
        ),
      ).details[0],
    ).toMatchObject({
      line: 2,
      field: "instance_id",
    });
    expect(
      bundleErrorOf(() => jsonObjectsIn('{"a": 1}\n{"b": tru}\n', "r.jsonl")).details[0],
    ).toMatchObject({ line: 2 });
    expect(
      bundleErrorOf(() => jsonObjectsIn('{"a": 1}\n\n[1]\n', "r.jsonl")).details[0],
    ).toMatchObject({ line: 3 });
    expect(
      bundleErrorOf(() => jsonObjectsIn('{"a": {"b": 1}\n', "r.jsonl")).details[0].message,
    ).toBe("unterminated JSON object");
  });
});

describe("parseWideSearchEvalCsv", () => {
  const HEADER =
    "instance_id,trial_idx,score,precision_by_row,recall_by_row,f1_by_row,precision_by_item,recall_by_item,f1_by_item,msg";

  it("reads rows, multi-line msg included, with the line each starts on", () => {
    const text = `${HEADER}\nws_en_001,0,0.0,0.5,0.25,0.3333333333333333,0.6,0.5,0.5454545454545454,"   a_exact_match\n0   1.0\n1   0.0"\nws_en_002,0,1,1.0,1.0,1.0,1.0,1.0,1.0,"x\nAll items match perfectly."\nws_en_003,0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,response is None\n`;
    const rows = parseWideSearchEvalCsv(text, "run.csv");
    expect(rows.map((r) => [r.instanceId, r.line, r.success])).toEqual([
      ["ws_en_001", 2, false],
      ["ws_en_002", 5, true],
      ["ws_en_003", 7, false],
    ]);
    expect(rows[0]).toMatchObject({
      trialIdx: 0,
      rowPrecision: 0.5,
      rowRecall: 0.25,
      itemF1: 0.5454545454545454,
    });
    expect(rows[0].msg).toBe("   a_exact_match\n0   1.0\n1   0.0");
  });

  it("names file, line and field of a bad value or a missing column", () => {
    const bad = `${HEADER}\nws_en_001,0,0.0,0.5,0.5,0.5,0.5,0.5,0.5,"two\nlines"\nws_en_002,0,0.0,0.5,oops,0.5,0.5,0.5,0.5,x\n`;
    expect(bundleErrorOf(() => parseWideSearchEvalCsv(bad, "run.csv")).details[0]).toMatchObject({
      file: "run.csv",
      line: 4,
      field: "recall_by_row",
    });
    const badScore = `${HEADER}\nws_en_001,0,0.5,0.5,0.5,0.5,0.5,0.5,0.5,x\n`;
    expect(
      bundleErrorOf(() => parseWideSearchEvalCsv(badScore, "run.csv")).details[0],
    ).toMatchObject({ line: 2, field: "score", message: "score must be 0 or 1" });
    expect(
      bundleErrorOf(() => parseWideSearchEvalCsv("instance_id,trial_idx,score\n", "run.csv"))
        .details[0],
    ).toMatchObject({ line: 1, field: "precision_by_row" });
  });
});

describe("parseWideSearchSummary", () => {
  const stats = { avg_n: 0.5, max_n: 0.5, min_n: 0.5 };

  it("reads the flat layout", () => {
    expect(parseWideSearchSummary({ score: stats, f1_by_row: stats }, "s.json")).toEqual({
      layout: "flat",
      evaluatorConfig: null,
      metrics: { score: stats, f1_by_row: stats },
    });
  });

  it("reads the layout with the evaluator's configuration", () => {
    const s = parseWideSearchSummary(
      {
        evaluator_config: { name: "google/gemini-3-flash-preview", temperature: 1 },
        summary: { score: stats },
      },
      "s.json",
    );
    expect(s).toEqual({
      layout: "with-evaluator-config",
      evaluatorConfig: { name: "google/gemini-3-flash-preview", temperature: 1 },
      metrics: { score: stats },
    });
  });

  it("names the judge model the evaluator's configuration gives, and none for the flat layout", () => {
    expect(
      summaryJudgeModel(
        parseWideSearchSummary(
          {
            evaluator_config: { name: " google/gemini-3-flash-preview ", temperature: 1 },
            summary: { score: stats },
          },
          "s.json",
        ),
      ),
    ).toBe("google/gemini-3-flash-preview");
    expect(
      summaryJudgeModel(
        parseWideSearchSummary(
          { evaluator_config: { temperature: 1 }, summary: { score: stats } },
          "s.json",
        ),
      ),
    ).toBeNull();
    expect(summaryJudgeModel(parseWideSearchSummary({ score: stats }, "s.json"))).toBeNull();
  });

  it("names the field that is wrong", () => {
    expect(
      bundleErrorOf(() =>
        parseWideSearchSummary({ score: { avg_n: "x", max_n: 1, min_n: 0 } }, "s.json"),
      ).details[0],
    ).toMatchObject({
      file: "s.json",
      field: "score.avg_n",
    });
    expect(
      bundleErrorOf(() => parseWideSearchSummary({ summary: { score: { avg_n: 1 } } }, "s.json"))
        .details[0].field,
    ).toBe("summary.score.max_n");
  });
});
