import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BENCHMARKS } from "../benchmarks/registry";
import { BundleError } from "../import/errors";
import { MAX_TASK_FILE_BYTES, MAX_TASKS, parseTaskFile, TaskFileError } from "./task-file";

const ROOT = join(__dirname, "..", "..");
const MPW_BENCH = readFileSync(join(ROOT, "demo", "mpw", "mpw_bench.jsonl"), "utf8");
const WIDESEARCH_TASKS = readFileSync(
  join(ROOT, "test", "fixtures", "widesearch", "tiny", "widesearch.jsonl"),
  "utf8",
);

const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join("\n") + "\n";

/** The error a parse throws, checked to be a TaskFileError. */
function failure(run: () => unknown): TaskFileError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TaskFileError);
    expect(error).toBeInstanceOf(BundleError);
    return error as TaskFileError;
  }
  throw new Error("expected the task file to be refused");
}

function mpwRecord(index: number, factCount: number, question = "Who won the 2027 final?") {
  const facts = Object.fromEntries(
    Array.from({ length: factCount }, (_, i) => [`fact ${i}`, `value ${i}`]),
  );
  return {
    index,
    prompt: [{ role: "user", content: question }],
    answer: "x",
    extra_info: { world_truth_info: { atomic_facts: facts } },
  };
}

describe("parseTaskFile: the official files", () => {
  it("reads the real MPW-Bench file as the importer does: index as the key, tier from the atomic facts, language from the question, and the question", () => {
    const { tasks } = parseTaskFile(BENCHMARKS.mpw, MPW_BENCH, "mpw_bench.jsonl");
    // Each of the three released tasks has four atomic facts (1–5: easy) and a Chinese question.
    expect(tasks).toEqual(
      ["0", "1", "2"].map((taskKey) => ({
        taskKey,
        tier: "easy",
        language: "zh",
        question: expect.stringMatching(/\p{Script=Han}/u),
      })),
    );
  });

  it("gives MPW tasks the tier of their distinct fact count (6–10 medium, ≥ 11 hard, none: no tier)", () => {
    const { tasks } = parseTaskFile(
      BENCHMARKS.mpw,
      jsonl([mpwRecord(7, 6), mpwRecord(8, 11), mpwRecord(9, 0)]),
      "mpw_bench.jsonl",
    );
    expect(tasks).toEqual([
      { taskKey: "7", tier: "medium", language: "en", question: "Who won the 2027 final?" },
      { taskKey: "8", tier: "hard", language: "en", question: "Who won the 2027 final?" },
      { taskKey: "9", tier: null, language: "en", question: "Who won the 2027 final?" },
    ]);
  });

  it("reads WideSearch's widesearch.jsonl: instance_id, its language and its query", () => {
    expect(
      parseTaskFile(BENCHMARKS.widesearch, WIDESEARCH_TASKS, "widesearch.jsonl").tasks,
    ).toEqual([
      {
        taskKey: "ws_en_901",
        tier: null,
        language: "en",
        question: expect.stringMatching(/^List the two made-up towns Alpha and Beta/),
      },
    ]);
    const lines = jsonl([
      { instance_id: "ws_zh_001" },
      { instance_id: "custom-7", language: "en" },
    ]);
    expect(parseTaskFile(BENCHMARKS.widesearch, lines, "tasks.jsonl").tasks).toEqual([
      { taskKey: "ws_zh_001", tier: null, language: "zh", question: null },
      { taskKey: "custom-7", tier: null, language: "en", question: null },
    ]);
  });

  it("reads InfoMosaic's gold file and its task records, keyed by id", () => {
    const gold = jsonl([{ GT: "Paris", testcase: [{ condition: "c", ground_truth: "g" }], id: 3 }]);
    expect(parseTaskFile(BENCHMARKS.infomosaic, gold, "info_mosaic_gt_answer.jsonl").tasks).toEqual(
      [{ taskKey: "3", tier: null, language: null }],
    );
    const records = jsonl([
      { id: "4", query: "哪座城市", domain: "map" },
      { id: "5", query: "Which city?", domain: "map", language: "en" },
    ]);
    expect(parseTaskFile(BENCHMARKS.infomosaic, records, "tasks.jsonl").tasks).toEqual([
      { taskKey: "4", tier: null, language: "zh" },
      { taskKey: "5", tier: null, language: "en" },
    ]);
  });

  it("reads EvoBrowseComp's language at the top of a record or under benchmark, as a sample line has it", () => {
    const lines = jsonl([
      { task_id: "q1", language: "en" },
      { task_id: "q2", benchmark: { language: "zh" } },
      { task_id: "q3" },
    ]);
    expect(parseTaskFile(BENCHMARKS.evobrowsecomp, lines, "questions.jsonl").tasks).toEqual([
      { taskKey: "q1", tier: null, language: "en" },
      { taskKey: "q2", tier: null, language: "zh" },
      { taskKey: "q3", tier: null, language: null },
    ]);
    const bad = failure(() =>
      parseTaskFile(
        BENCHMARKS.evobrowsecomp,
        jsonl([{ task_id: "q1", language: "fr" }]),
        "questions.jsonl",
      ),
    );
    expect(bad.details).toEqual([
      expect.objectContaining({ file: "questions.jsonl", line: 1, field: "language" }),
    ]);
  });
});

describe("parseTaskFile: ids and the generic records", () => {
  it("takes a JSON array of ids, strings or integers, as strings", () => {
    expect(parseTaskFile(BENCHMARKS.qa, '[1, "b", 3]', "ids.json").tasks).toEqual([
      { taskKey: "1", tier: null, language: null },
      { taskKey: "b", tier: null, language: null },
      { taskKey: "3", tier: null, language: null },
    ]);
  });

  it("gives WideSearch ids the language they spell, and refuses one that spells none", () => {
    expect(
      parseTaskFile(BENCHMARKS.widesearch, '["ws_en_001", "ws_zh_002"]', "ids.json").tasks.map(
        (t) => t.language,
      ),
    ).toEqual(["en", "zh"]);
    const error = failure(() =>
      parseTaskFile(BENCHMARKS.widesearch, '["ws_en_001", "task-2"]', "ids.json"),
    );
    expect(error.details).toEqual([
      {
        file: "ids.json",
        line: null,
        field: "1.language",
        message: expect.stringContaining("ws_en_"),
      },
    ]);
  });

  it("reads task_id, else id, from records of benchmarks without a file of their own; ids one per line too", () => {
    expect(
      parseTaskFile(
        BENCHMARKS.webdetective,
        jsonl([{ task_id: "a", id: "ignored" }, { id: 2 }]),
        "tasks.jsonl",
      ).tasks.map((t) => t.taskKey),
    ).toEqual(["a", "2"]);
    expect(
      parseTaskFile(BENCHMARKS.qa, '"a"\n7\n', "ids.jsonl").tasks.map((t) => t.taskKey),
    ).toEqual(["a", "7"]);
    expect(
      parseTaskFile(
        BENCHMARKS.qa,
        JSON.stringify([{ task_id: "x" }, { id: "y" }], null, 2),
        "tasks.json",
      ).tasks.map((t) => t.taskKey),
    ).toEqual(["x", "y"]);
  });

  it("keeps ids that are names of Object.prototype as ordinary ids", () => {
    const { tasks } = parseTaskFile(
      BENCHMARKS.qa,
      '["__proto__", "constructor", "toString"]',
      "ids.json",
    );
    expect(tasks.map((t) => t.taskKey)).toEqual(["__proto__", "constructor", "toString"]);
    expect(
      failure(() =>
        parseTaskFile(BENCHMARKS.qa, '["constructor", "__proto__", "constructor"]', "ids.json"),
      ).message,
    ).toContain('"constructor" is listed twice');
  });

  it("trims ids, skips blank lines, and reads a byte-order mark and CRLF line ends", () => {
    const text = '\ufeff{"task_id": " a "}\r\n\r\n{"task_id": "b"}\r\n';
    expect(parseTaskFile(BENCHMARKS.qa, text, "tasks.jsonl").tasks.map((t) => t.taskKey)).toEqual([
      "a",
      "b",
    ]);
  });
});

describe("parseTaskFile: what it refuses", () => {
  it("an empty file, a blank one, an empty array", () => {
    for (const text of ["", "  \n\n", "\ufeff"])
      expect(failure(() => parseTaskFile(BENCHMARKS.qa, text, "t.jsonl")).message).toBe(
        "t.jsonl: the file is empty",
      );
    expect(failure(() => parseTaskFile(BENCHMARKS.qa, "[]", "t.json")).message).toBe(
      "t.json: the file lists no tasks",
    );
  });

  it("a duplicate id, naming its line and the first", () => {
    const text = jsonl([mpwRecord(1, 3), mpwRecord(2, 3), mpwRecord(1, 4)]);
    const error = failure(() => parseTaskFile(BENCHMARKS.mpw, text, "mpw_bench.jsonl"));
    expect(error.details).toEqual([
      {
        file: "mpw_bench.jsonl",
        line: 3,
        field: null,
        message: 'task "1" is listed twice (first at line 1)',
      },
    ]);
    // An integer and its string are one id, as the importer keys them.
    expect(failure(() => parseTaskFile(BENCHMARKS.qa, '[5, "5"]', "ids.json")).message).toBe(
      'ids.json, field 1: task "5" is listed twice (first at index 0)',
    );
  });

  it("a line that is not JSON, naming it; an array that is not JSON, naming the line it breaks on when JSON.parse says", () => {
    const lines = MPW_BENCH.trimEnd().split("\n");
    lines[1] = lines[1].slice(0, 50);
    const error = failure(() => parseTaskFile(BENCHMARKS.mpw, lines.join("\n"), "mpw_bench.jsonl"));
    expect(error.details).toEqual([
      {
        file: "mpw_bench.jsonl",
        line: 2,
        field: null,
        message: expect.stringMatching(/^not JSON: /),
      },
    ]);
    expect(
      failure(() => parseTaskFile(BENCHMARKS.qa, '[\n  "a",\n  "b"\n  "c"\n]\n', "ids.json"))
        .details[0],
    ).toMatchObject({ line: 4 });
  });

  it("a record the benchmark's reader rejects, with its field; inside an array, the index leads the field", () => {
    const error = failure(() =>
      parseTaskFile(BENCHMARKS.mpw, jsonl([mpwRecord(1, 3), { prompt: [] }]), "mpw_bench.jsonl"),
    );
    expect(error.details).toEqual([
      expect.objectContaining({ file: "mpw_bench.jsonl", line: 2, field: "index" }),
    ]);
    const inArray = failure(() =>
      parseTaskFile(BENCHMARKS.mpw, JSON.stringify([mpwRecord(1, 3), { index: -0.5 }]), "mpw.json"),
    );
    expect(inArray.details).toEqual([expect.objectContaining({ line: null, field: "1.index" })]);
    expect(
      failure(() => parseTaskFile(BENCHMARKS.qa, jsonl([{ name: "no id" }]), "t.jsonl")).details,
    ).toEqual([
      {
        file: "t.jsonl",
        line: 1,
        field: "task_id",
        message: "no task id: a record carries it in task_id (or id)",
      },
    ]);
  });

  it("values that are neither ids nor records", () => {
    for (const [text, message] of [
      ["1.5", "a task id is a non-empty string or an integer"],
      ['""', "a task id is a non-empty string or an integer"],
      ["null", "each task is an id (a string or an integer) or a record (a JSON object)"],
      ["[[1]]", "each task is an id (a string or an integer) or a record (a JSON object)"],
    ]) {
      expect(failure(() => parseTaskFile(BENCHMARKS.qa, text, "t.jsonl")).details[0].message).toBe(
        message,
      );
    }
    expect(
      failure(() => parseTaskFile(BENCHMARKS.qa, JSON.stringify(["x".repeat(201)]), "t.json"))
        .message,
    ).toContain("longer than 200 characters");
  });

  it("more than 100,000 tasks, and a file over the size bound", () => {
    const ids = JSON.stringify(Array.from({ length: MAX_TASKS + 1 }, (_, i) => i));
    expect(failure(() => parseTaskFile(BENCHMARKS.qa, ids, "ids.json")).message).toBe(
      `ids.json, field ${MAX_TASKS}: more than ${MAX_TASKS} tasks`,
    );
    expect(
      parseTaskFile(
        BENCHMARKS.qa,
        JSON.stringify(Array.from({ length: MAX_TASKS }, (_, i) => i)),
        "ids.json",
      ).tasks,
    ).toHaveLength(MAX_TASKS);
    // Counted in UTF-8 bytes: a file of three-byte characters is over the bound at a third of the length.
    const wide = `"${"任".repeat(Math.ceil(MAX_TASK_FILE_BYTES / 3))}"`;
    expect(failure(() => parseTaskFile(BENCHMARKS.qa, wide, "big.jsonl")).message).toBe(
      `big.jsonl: the file is larger than ${MAX_TASK_FILE_BYTES} bytes`,
    );
  });

  it("JSON nested deeper than a record may be, before parsing it", () => {
    const deep = `${"[".repeat(100)}${"]".repeat(100)}`;
    expect(failure(() => parseTaskFile(BENCHMARKS.qa, deep, "deep.json")).message).toContain(
      "nested deeper than",
    );
    expect(
      failure(() => parseTaskFile(BENCHMARKS.qa, `{"task_id": "a", "x": ${deep}}`, "deep.jsonl"))
        .details[0],
    ).toMatchObject({ line: 1, message: expect.stringContaining("nested deeper than") });
  });
});
