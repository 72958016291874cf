import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BundleError } from "../../import/errors";
import { hitLogCalls, parseMpwResultRecord, parseMpwTaskRecord, type MpwTask } from "./import";

const ROOT = join(__dirname, "..", "..", "..");
// The real tasks as the repository ships them for the demo (demo/mpw, Apache-2.0): a fresh checkout has them.
const REAL_TASKS = join(ROOT, "demo", "mpw", "mpw_bench.jsonl");
const TASK_LINES = readFileSync(REAL_TASKS, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
/** A full result record in the authors' format for real task 0 (see test/fixtures/mpw). */
const RECORD_TEXT = readFileSync(
  join(ROOT, "test", "fixtures", "mpw", "result-record.json"),
  "utf8",
);
const record = (): Record<string, any> => JSON.parse(RECORD_TEXT);

function bundleErrorOf(fn: () => unknown): BundleError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return error as BundleError;
  }
  throw new Error("expected a BundleError");
}

describe("parseMpwTaskRecord on the real tasks", () => {
  const tasks = TASK_LINES.map((line, i) =>
    parseMpwTaskRecord(JSON.parse(line), "mpw_bench.jsonl", i + 1),
  );

  it("parses all three", () => {
    expect(tasks.map((t) => t.taskKey)).toEqual(["0", "1", "2"]);
    for (const t of tasks) {
      expect(Object.keys(t.atomicFacts)).toHaveLength(4);
      expect(t.language).toBe("zh");
      expect(t.question).toBeTruthy();
      expect(t.goldAnswer).toBeTruthy();
    }
  });

  it("takes the question from the prompt and the gold answer from `answer`", () => {
    expect(tasks[0].question).toBe(
      "2027年温布尔登网球公开赛男子单打冠军是谁？他在决赛中击败了谁？",
    );
    expect(tasks[0].goldAnswer).toBe("Carlos Alcaraz");
    expect(tasks[0].atomicFacts).toEqual({
      "2027年温布尔登男单冠军": "Carlos Alcaraz",
      决赛对手: "Jannik Sinner",
      决赛比分: "7-5, 6-3, 6-4",
      夺冠场地: "温布尔登中央球场",
    });
    expect(tasks[2].atomicFacts["导演"]).toBe("Greta Gerwig");
  });

  it("an English question is tagged en; a task without index is refused", () => {
    const en = parseMpwTaskRecord(
      { index: 7, prompt: [{ role: "user", content: "Who won?" }] },
      "t.jsonl",
      1,
    );
    expect(en).toMatchObject({ taskKey: "7", language: "en", atomicFacts: {} });
    const err = bundleErrorOf(() => parseMpwTaskRecord({ prompt: [] }, "t.jsonl", 4));
    expect(err.details[0]).toMatchObject({ file: "t.jsonl", line: 4, field: "index" });
  });
});

describe("parseMpwResultRecord on a full record", () => {
  const sample = parseMpwResultRecord(record(), "results.jsonl", 1);

  it("computes the metrics by hand", () => {
    // F = 4 keys. Calls: 1 hit 冠军; 2 miss (compound); 3 hit 决赛对手; 4 hit " 冠军 " (padded repeat).
    // H ∩ F = {冠军, 决赛对手} → FCR 2/4 = 0.5; hits 3 of T = 4 → 0.75; compound 1/4 = 0.25.
    expect(sample.metrics).toMatchObject({
      toolCalls: 4,
      hitLogCalls: 4,
      hits: 3,
      factCount: 4,
      factsCovered: 2,
      fcr: 0.5,
      hitRate: 0.75,
      compoundRate: 0.25,
      tier: "easy",
      firstCoveredAt: { "2027年温布尔登男单冠军": 1, 决赛对手: 3, 决赛比分: null, 夺冠场地: null },
    });
    expect(sample.metrics.firstCoveredAt).toEqual({
      "2027年温布尔登男单冠军": 1,
      决赛对手: 3,
      决赛比分: null,
      夺冠场地: null,
    });
    // new facts per call: 1 (冠军), 0, 1 (决赛对手), 0 (冠军 again); hits per call 1, 0, 1, 1
    expect(sample.metrics.newFactsByCall).toEqual([1, 0, 1, 0]);
    expect(sample.metrics.hitsByCall).toEqual([1, 0, 1, 1]);
  });

  it("reads the verdict, status and turns", () => {
    expect(sample.verdict).toEqual({ correct: true, source: "answer", label: "Correct" });
    expect(sample.status).toBe("finished");
    expect(sample.actualTurns).toBe(5);
    expect(sample.maxTurns).toBe(32);
    expect(sample.errorInfo).toBeNull();
    expect(sample.prediction).toBe("Carlos Alcaraz，决赛击败了Jannik Sinner");
  });

  it("fills the task from the record", () => {
    expect(sample.task).toMatchObject({
      taskKey: "0",
      category: "Tennis",
      question: "2027年温布尔登网球公开赛男子单打冠军是谁？他在决赛中击败了谁？",
      goldAnswer: "Carlos Alcaraz",
      language: "zh",
    });
    expect(Object.keys(sample.task.atomicFacts)).toHaveLength(4);
  });

  it("turns the messages into steps", () => {
    // system + question, 4 × (thought, call, result), final thought + answer = 2 + 12 + 2
    expect(sample.steps).toHaveLength(16);
    expect(sample.malformedSteps).toBe(0);
    const calls = sample.steps.filter((s) => s.kind === "tool_call");
    expect(calls.map((c) => c.callIndex)).toEqual([1, 2, 3, 4]);
    expect(calls[2]).toMatchObject({ query: "2027年温布尔登男单决赛对手" });
    const results = sample.steps.filter((s) => s.kind === "tool_result");
    expect(results.map((r) => r.callIndex)).toEqual([1, 2, 3, 4]);
    expect(
      results.every((r) => r.kind === "tool_result" && r.serp?.search_result.length === 4),
    ).toBe(true);
    expect(sample.steps.at(-1)).toMatchObject({
      kind: "answer",
      text: "Carlos Alcaraz，决赛击败了Jannik Sinner",
    });
  });

  it("keeps the hit log with call indices, queries and reasons", () => {
    expect(sample.hitLog).toHaveLength(4);
    expect(sample.hitLog[1]).toMatchObject({
      callIndex: 2,
      hit: false,
      isCompoundQuery: true,
      matchedFactKeys: [],
      query: "2027温网男单决赛 冠军 对手 比分",
    });
    expect(sample.hitLog[3]).toMatchObject({
      callIndex: 4,
      hit: true,
      matchedFactKeys: [" 2027年温布尔登男单冠军 "],
    });
  });
});

describe("parseMpwResultRecord variants", () => {
  it("keeps an unknown status verbatim; a missing one is 'unknown'", () => {
    expect(
      parseMpwResultRecord({ ...record(), status: "context_overflow" }, "r.jsonl", 1).status,
    ).toBe("context_overflow");
    const { status: _status, ...noStatus } = record();
    expect(parseMpwResultRecord(noStatus, "r.jsonl", 1).status).toBe("unknown");
  });

  it("api_error keeps error_info as text", () => {
    const s = parseMpwResultRecord(
      { ...record(), status: "api_error", error_info: { type: "ReadTimeout" } },
      "r.jsonl",
      1,
    );
    expect(s.status).toBe("api_error");
    expect(JSON.parse(s.errorInfo!)).toEqual({ type: "ReadTimeout" });
  });

  it("judge_response variant and skipped judge", () => {
    const base = record();
    delete base.answer;
    delete base.think;
    expect(parseMpwResultRecord(base, "r.jsonl", 1).verdict).toMatchObject({
      correct: true,
      source: "judge_response",
    });
    const skipped = {
      ...record(),
      answer: "No Answer",
      think: "",
      judge_response: "",
      judge_status: "skipped",
    };
    expect(parseMpwResultRecord(skipped, "r.jsonl", 1).verdict.correct).toBe(false);
  });

  it("evaluation.judgment variant: Incorrect is incorrect", () => {
    const base = record();
    for (const k of ["answer", "think", "judge_response", "judge_status"]) delete base[k];
    expect(
      parseMpwResultRecord(
        { ...base, evaluation: { judgment: "Incorrect", reason: "x" } },
        "r.jsonl",
        1,
      ).verdict.correct,
    ).toBe(false);
    expect(
      parseMpwResultRecord({ ...base, evaluation: { judgment: "Correct" } }, "r.jsonl", 1).verdict
        .correct,
    ).toBe(true);
  });

  it("uses the task's facts when the record has none", () => {
    const task: MpwTask = parseMpwTaskRecord(JSON.parse(TASK_LINES[0]), "tasks.jsonl", 1);
    const r = record();
    r.trajectory_log.world_truth_info = null;
    r.category = null;
    const s = parseMpwResultRecord(r, "r.jsonl", 1, task);
    // same hand computation as above, with F from the task: 2/4
    expect(s.metrics.factCount).toBe(4);
    expect(s.metrics.fcr).toBe(0.5);
    expect(s.task.language).toBe("zh");
  });

  it("with no fact set anywhere FCR is null and there is no tier", () => {
    const r = record();
    r.trajectory_log.world_truth_info = null;
    const s = parseMpwResultRecord(r, "r.jsonl", 1);
    expect(s.metrics.fcr).toBeNull();
    expect(s.metrics.tier).toBeNull();
  });

  it("counts tool calls from the messages when the tool-call log is absent", () => {
    const r = record();
    delete r.trajectory_log.tool_calls;
    expect(parseMpwResultRecord(r, "r.jsonl", 1).metrics.toolCalls).toBe(4);
  });

  it("a Setting A record (no tools) has ToolCalls 0, HitRate 0, FCR 0", () => {
    const r = record();
    r.messages = [
      { role: "user", content: "Q\n\nFacts:\n1. a: b" },
      { role: "assistant", content: "<think>combine</think><answer>Carlos Alcaraz</answer>" },
    ];
    r.trajectory_log.tool_calls = [];
    r.trajectory_log.hit_logs = [];
    const s = parseMpwResultRecord(r, "r.jsonl", 1);
    expect(s.metrics).toMatchObject({
      toolCalls: 0,
      hitLogCalls: 0,
      hitRate: 0,
      compoundRate: null,
      fcr: 0,
    });
  });

  it("reads full_history when messages is absent", () => {
    const r = record();
    r.trajectory_log.full_history = r.messages;
    delete r.messages;
    expect(parseMpwResultRecord(r, "r.jsonl", 1).steps).toHaveLength(16);
  });

  it("a string index is the task key", () => {
    expect(parseMpwResultRecord({ ...record(), index: "12" }, "r.jsonl", 1).task.taskKey).toBe(
      "12",
    );
  });
});

describe("parseMpwResultRecord refuses wrong types with file, line and field", () => {
  it("missing index", () => {
    const r = record();
    delete r.index;
    const err = bundleErrorOf(() => parseMpwResultRecord(r, "results.jsonl", 7));
    expect(err.details).toContainEqual(
      expect.objectContaining({ file: "results.jsonl", line: 7, field: "index" }),
    );
    expect(err.message).toContain("results.jsonl");
    expect(err.message).toContain("line 7");
    expect(err.message).toContain("index");
  });

  it("matched_fact_keys not an array", () => {
    const r = record();
    r.trajectory_log.hit_logs[0].matched_fact_keys = "2027年温布尔登男单冠军";
    const err = bundleErrorOf(() => parseMpwResultRecord(r, "results.jsonl", 2));
    expect(err.details).toContainEqual(
      expect.objectContaining({
        file: "results.jsonl",
        line: 2,
        field: "trajectory_log.hit_logs.0.matched_fact_keys",
      }),
    );
  });

  it("messages not an array, actual_turns not an integer", () => {
    expect(
      bundleErrorOf(() => parseMpwResultRecord({ ...record(), messages: "hi" }, "r.jsonl", 3))
        .details[0],
    ).toMatchObject({
      line: 3,
      field: "messages",
    });
    expect(
      bundleErrorOf(() => parseMpwResultRecord({ ...record(), actual_turns: "5" }, "r.jsonl", 3))
        .details[0],
    ).toMatchObject({
      field: "actual_turns",
    });
  });

  it("a prediction that is not text (an object, a number, a list)", () => {
    for (const prediction of [{ $gt: "" }, 42, ["a"], true]) {
      expect(
        bundleErrorOf(() => parseMpwResultRecord({ ...record(), prediction }, "r.jsonl", 4))
          .details[0],
      ).toMatchObject({ line: 4, field: "prediction" });
    }
  });

  it("a missing or null prediction is none given", () => {
    const { prediction: _, ...withoutPrediction } = record();
    expect(parseMpwResultRecord({ ...record(), prediction: null }, "r.jsonl", 1).prediction).toBe(
      "Carlos Alcaraz，决赛击败了Jannik Sinner",
    );
    expect(parseMpwResultRecord(withoutPrediction, "r.jsonl", 1).prediction).toBe(
      "Carlos Alcaraz，决赛击败了Jannik Sinner",
    );
  });

  it("a record that is not an object", () => {
    const err = bundleErrorOf(() => parseMpwResultRecord([1, 2], "r.jsonl", 9));
    expect(err.details[0]).toMatchObject({ file: "r.jsonl", line: 9 });
  });
});

describe("a tasks file whose questions are not the records'", () => {
  // The authors' released result file (test/fixtures/mpw/release): its indices 0 and 1 are
  // other tasks than the release's example tasks 0 and 1.
  const RELEASE_LINES = readFileSync(
    join(ROOT, "test", "fixtures", "mpw", "release", "Qwen3-30B-A3B_setting_b_results.jsonl"),
    "utf8",
  )
    .split("\n")
    .filter((l) => l.trim() !== "");
  const tasks = TASK_LINES.map((line, i) =>
    parseMpwTaskRecord(JSON.parse(line), "tasks.jsonl", i + 1),
  );

  it("is refused, naming the task", () => {
    const error = bundleErrorOf(() =>
      parseMpwResultRecord(JSON.parse(RELEASE_LINES[0]), "results.jsonl", 1, tasks[0]),
    );
    expect(error.details[0]).toMatchObject({ file: "results.jsonl", line: 1 });
    expect(error.message).toContain("task 0: the tasks file's question (\"2027年温布尔登");
    expect(error.message).toContain("is not this record's (\"在2028–29赛季");
  });

  it("agrees with a record of the same task, and without the tasks file the records import", () => {
    expect(parseMpwResultRecord(record(), "r.jsonl", 1, tasks[0]).task.goldAnswer).toBe(
      "Carlos Alcaraz",
    );
    const own = parseMpwResultRecord(JSON.parse(RELEASE_LINES[1]), "results.jsonl", 2);
    expect(own.task.taskKey).toBe("1");
    expect(own.task.goldAnswer).toBe("4");
  });
});

describe("hitLogCalls", () => {
  const calls = [
    { callIndex: 1, query: "a" },
    { callIndex: 2, query: "b" },
    { callIndex: 3, query: "c" },
  ];
  it("ties each entry to the call that sent its query, not to its place in the log", () => {
    expect(hitLogCalls(["b", "C "], calls)).toEqual([2, 3]);
  });
  it("an entry whose query no later call sent takes the next call; the log keeps its order", () => {
    expect(hitLogCalls([null, "zzz", "c", "a"], calls)).toEqual([1, 2, 3, 4]);
  });
});
