import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BundleError } from "../import/errors";
import {
  SEEKBOARD_SCHEMA_PATH,
  seekboardBundleJsonSchema,
  seekboardBundleJsonSchemaText,
} from "./json-schema";
import { evoBrowseCompManifestSchema } from "../benchmarks/evobrowsecomp/bundle-format";
import { qaManifestSchema, qaSampleSchema } from "../benchmarks/qa/bundle-format";
import { harborManifestSchema } from "./harbor-bundle";
import { inspectManifestSchema } from "./inspect-bundle";
import { webDetectiveManifestSchema } from "../benchmarks/webdetective/bundle-format";
import { SEEKBOARD_MANIFEST_SCHEMAS, seekboardManifestSchema } from "./formats";
import { parseSeekboardJsonl, parseSeekboardLine, parseSeekboardSample } from "./parse";
import { countToolCalls, SampleKeyRegistry } from "./sample";
import { stepsFromMessages } from "../trajectory/messages";

const ROOT = join(__dirname, "..", "..");

const base = {
  task_id: "q-001",
  question: "Who is the father of Kane?",
  gold_answer: "Graham Cornes",
  prediction: "Graham Cornes",
  verdict: "correct",
};

const webDetectiveLine = {
  ...base,
  benchmark: {
    evidence: [
      { id: "e1", found_by_search: true, probe_correct: null },
      { id: "e2", found_by_search: false, probe_correct: true },
    ],
    refused: false,
    hops_used: 2,
    hops_gt: 3,
    searched: true,
    clean_evidence_correct: true,
  },
};

const evoLine = {
  ...base,
  run: 2,
  judge: {
    output: "Final Answer: Graham Cornes … Conclusion: Correct",
    model: "glm-5-chat",
    extracted_final_answer: "Graham Cornes",
    confidence: 90,
  },
  status: "finished",
  messages: [
    { role: "user", content: "Who is the father of Kane?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "c1",
          type: "function",
          function: { name: "search", arguments: '{"query":"Kane Cornes"}' },
        },
      ],
    },
    { role: "tool", tool_call_id: "c1", content: "Kane Cornes … brother Chad" },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "c2",
          type: "function",
          function: {
            name: "visit",
            arguments: '{"url":"https://en.wikipedia.org/wiki/Chad_Cornes"}',
          },
        },
        {
          id: "c3",
          type: "function",
          function: { name: "search", arguments: '{"query":"Nicole Cornes husband"}' },
        },
      ],
    },
    { role: "tool", tool_call_id: "c2", content: "…" },
    { role: "tool", tool_call_id: "c3", content: "…" },
    { role: "assistant", content: "Exact Answer: Graham Cornes\nConfidence: 90%" },
  ],
  usage: { prompt_tokens: 1200, completion_tokens: 300, cost_usd: 0.004, seconds: 41.5 },
  benchmark: {
    language: "en",
    setting: "tool-based",
    domain: "sports",
    hops: 3,
    fresh_evidence: true,
    root_domains: 4,
    stated_confidence: 90,
  },
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

describe("parseSeekboardSample: valid lines", () => {
  it("maps a WebDetective line onto camelCase, run defaulting to 0", () => {
    const sample = parseSeekboardSample(webDetectiveLine, "webdetective", "samples.jsonl", 1);
    expect(sample).toMatchObject({
      benchmark: "webdetective",
      taskId: "q-001",
      run: 0,
      verdict: "correct",
      judge: null,
      status: null,
      messages: null,
      file: "samples.jsonl",
      line: 1,
      detail: {
        evidence: [
          { id: "e1", foundBySearch: true, probeCorrect: null },
          { id: "e2", foundBySearch: false, probeCorrect: true },
        ],
        refused: false,
        hopsUsed: 2,
        hopsGt: 3,
        searched: true,
        cleanEvidenceCorrect: true,
      },
    });
  });

  it("defaults clean_evidence_correct to null", () => {
    const { clean_evidence_correct: _omit, ...rest } = webDetectiveLine.benchmark;
    void _omit;
    const sample = parseSeekboardSample(
      { ...webDetectiveLine, benchmark: rest },
      "webdetective",
      "f",
      1,
    );
    expect(sample.detail.cleanEvidenceCorrect).toBeNull();
  });

  it("maps an EvoBrowseComp line, counting tool calls from messages when tool_calls is absent", () => {
    const sample = parseSeekboardSample(evoLine, "evobrowsecomp", "samples.jsonl", 7);
    expect(sample.run).toBe(2);
    expect(sample.judge).toEqual({
      output: evoLine.judge.output,
      model: "glm-5-chat",
      extractedFinalAnswer: "Graham Cornes",
      reasoning: null,
      confidence: 90,
    });
    expect(sample.usage).toEqual({
      promptTokens: 1200,
      completionTokens: 300,
      costUsd: 0.004,
      seconds: 41.5,
    });
    expect(sample.detail).toEqual({
      language: "en",
      setting: "tool-based",
      toolCallLimit: 40, // the paper's default
      toolCalls: 3, // c1, c2, c3
      toolCallsCounted: true,
      domain: "sports",
      hops: 3,
      freshEvidence: true,
      rootDomains: 4,
      statedConfidence: 90,
    });
  });

  it("keeps a given tool_calls over the messages' count; null when neither says", () => {
    const given = parseSeekboardSample(
      { ...evoLine, benchmark: { ...evoLine.benchmark, tool_calls: 40, tool_call_limit: 30 } },
      "evobrowsecomp",
      "f",
      1,
    );
    expect(given.detail).toMatchObject({
      toolCalls: 40,
      toolCallLimit: 30,
      toolCallsCounted: false,
    });
    const { messages: _m, ...noMessages } = evoLine;
    void _m;
    const unknown = parseSeekboardSample(noMessages, "evobrowsecomp", "f", 1);
    expect(unknown.detail).toMatchObject({ toolCalls: null, toolCallsCounted: false });
  });

  it("takes a QA line with or without its benchmark object", () => {
    expect(parseSeekboardSample(base, "qa", "f", 1).detail).toEqual({ statedConfidence: null });
    const withConfidence = parseSeekboardSample(
      {
        ...base,
        verdict: null,
        prediction: null,
        gold_answer: null,
        benchmark: { stated_confidence: 35 },
      },
      "qa",
      "f",
      1,
    );
    expect(withConfidence).toMatchObject({
      verdict: null,
      prediction: null,
      goldAnswer: null,
      detail: { statedConfidence: 35 },
    });
  });

  it("countToolCalls counts OpenAI tool_calls entries and ReAct tags", () => {
    expect(countToolCalls(evoLine.messages)).toBe(3);
    expect(
      countToolCalls([
        {
          role: "assistant",
          content: '<tool_call>{"name":"search","arguments":{"query":"x"}}</tool_call>',
        },
      ]),
    ).toBe(1);
    expect(countToolCalls([])).toBe(0);
  });
});

describe("parseSeekboardSample: malformed lines name the line and the field", () => {
  it("a missing required field", () => {
    const { question: _q, ...rest } = base;
    void _q;
    const error = errorOf(() => parseSeekboardSample(rest, "qa", "samples.jsonl", 4));
    expect(error.details).toEqual([
      expect.objectContaining({ file: "samples.jsonl", line: 4, field: "question" }),
    ]);
    expect(error.message).toMatch(/samples\.jsonl, line 4, field question/);
  });

  it("a wrong verdict, a numeric task id and a negative run", () => {
    const error = errorOf(() =>
      parseSeekboardSample({ ...base, task_id: 17, run: -1, verdict: "yes" }, "qa", "f", 2),
    );
    expect(error.details.map((d) => d.field).sort()).toEqual(["run", "task_id", "verdict"]);
    expect(error.details.every((d) => d.line === 2)).toBe(true);
  });

  it("a nested field, by its dotted path", () => {
    const bad = {
      ...webDetectiveLine,
      benchmark: {
        ...webDetectiveLine.benchmark,
        evidence: [{ id: "e1", found_by_search: "yes", probe_correct: null }],
      },
    };
    const error = errorOf(() => parseSeekboardSample(bad, "webdetective", "f", 9));
    expect(error.details).toEqual([
      expect.objectContaining({ line: 9, field: "benchmark.evidence.0.found_by_search" }),
    ]);
  });

  it("an unknown key (a typo is not silently dropped)", () => {
    const error = errorOf(() =>
      parseSeekboardSample({ ...base, stauts: "finished" }, "qa", "f", 3),
    );
    expect(error.details[0]).toMatchObject({ line: 3 });
    expect(error.details[0].message).toMatch(/stauts/);
  });

  it("the wrong benchmark object for the manifest's benchmark", () => {
    const error = errorOf(() => parseSeekboardSample(webDetectiveLine, "evobrowsecomp", "f", 5));
    expect(error.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(["benchmark.language", "benchmark.setting"]),
    );
  });

  it("a stated confidence above 100", () => {
    const error = errorOf(() =>
      parseSeekboardSample(
        { ...evoLine, benchmark: { ...evoLine.benchmark, stated_confidence: 120 } },
        "evobrowsecomp",
        "f",
        6,
      ),
    );
    expect(error.details).toEqual([
      expect.objectContaining({ line: 6, field: "benchmark.stated_confidence" }),
    ]);
  });

  it("repeated evidence ids, and a refused sample judged correct", () => {
    const twice = {
      ...webDetectiveLine,
      benchmark: {
        ...webDetectiveLine.benchmark,
        evidence: [webDetectiveLine.benchmark.evidence[0], webDetectiveLine.benchmark.evidence[0]],
      },
    };
    expect(
      errorOf(() => parseSeekboardSample(twice, "webdetective", "f", 1)).details[0],
    ).toMatchObject({ field: "benchmark.evidence.1.id" });
    const refusedCorrect = {
      ...webDetectiveLine,
      benchmark: { ...webDetectiveLine.benchmark, refused: true },
    };
    expect(
      errorOf(() => parseSeekboardSample(refusedCorrect, "webdetective", "f", 1)).details[0],
    ).toMatchObject({ field: "benchmark.refused" });
  });

  it("an evidence link's call: kept when the trajectory has it, refused past its calls or when not found", () => {
    const messages = [
      { role: "user", content: "Who is the father of Kane?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "search", arguments: '{"query":"Kane father"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "Kane Cornes, son of Graham Cornes" },
      { role: "assistant", content: "Graham Cornes" },
    ];
    const withCall = (evidence: object[]) => ({
      ...webDetectiveLine,
      messages,
      benchmark: { ...webDetectiveLine.benchmark, evidence },
    });
    const placed = parseSeekboardSample(
      withCall([{ id: "e1", found_by_search: true, probe_correct: null, found_at_call: 1 }]),
      "webdetective",
      "f",
      1,
    );
    expect(placed.detail).toMatchObject({ evidence: [{ id: "e1", foundAtCall: 1 }] });
    expect(
      errorOf(() =>
        parseSeekboardSample(
          withCall([{ id: "e1", found_by_search: true, probe_correct: null, found_at_call: 2 }]),
          "webdetective",
          "f",
          4,
        ),
      ).details[0],
    ).toMatchObject({
      line: 4,
      field: "benchmark.evidence.0.found_at_call",
      message: 'evidence "e1" was found at call 2, but the trajectory has 1 tool call',
    });
    expect(
      errorOf(() =>
        parseSeekboardSample(
          withCall([{ id: "e1", found_by_search: false, probe_correct: true, found_at_call: 1 }]),
          "webdetective",
          "f",
          5,
        ),
      ).details[0],
    ).toMatchObject({ field: "benchmark.evidence.0.found_at_call" });
  });

  it("invalid JSON and over-deep JSON, by line", () => {
    expect(errorOf(() => parseSeekboardLine("{not json", "qa", "f", 12)).details[0]).toMatchObject({
      line: 12,
      field: null,
      message: expect.stringMatching(/invalid JSON/),
    });
    expect(
      errorOf(() => parseSeekboardLine(`${"[".repeat(100)}${"]".repeat(100)}`, "qa", "f", 13))
        .details[0],
    ).toMatchObject({ line: 13, message: expect.stringMatching(/nested deeper/) });
  });
});

describe("parseSeekboardJsonl", () => {
  const line = (over: Record<string, unknown>) => JSON.stringify({ ...base, ...over });

  it("parses every non-blank line, with 1-based line numbers", () => {
    const samples = parseSeekboardJsonl(`${line({})}\n\n${line({ run: 1 })}\r\n`, "qa", "a.jsonl");
    expect(samples.map((s) => [s.taskId, s.run, s.line])).toEqual([
      ["q-001", 0, 1],
      ["q-001", 1, 3],
    ]);
  });

  it("reports every bad line at once, and a repeated (task_id, run) across files", () => {
    const error = errorOf(() =>
      parseSeekboardJsonl(
        `${line({})}\n{oops\n${line({ verdict: "maybe" })}\n${line({})}`,
        "qa",
        "a.jsonl",
      ),
    );
    expect(error.details.map((d) => [d.line, d.field])).toEqual([
      [2, null],
      [3, "verdict"],
      [4, "run"], // q-001 run 0 again
    ]);
    const registry = new SampleKeyRegistry();
    parseSeekboardJsonl(line({}), "qa", "a.jsonl", { registry });
    const across = errorOf(() => parseSeekboardJsonl(line({}), "qa", "b.jsonl", { registry }));
    expect(across.details[0]).toMatchObject({
      file: "b.jsonl",
      line: 1,
      field: "run",
      message: expect.stringMatching(/a\.jsonl line 1/),
    });
  });
});

describe("manifest schemas", () => {
  it("accept a minimal manifest per benchmark, with defaults", () => {
    expect(
      webDetectiveManifestSchema.parse({
        benchmark: "webdetective",
        format: "seekboard-v1",
        model: "gpt-5",
        results: ["samples.jsonl"],
      }),
    ).toEqual({
      benchmark: "webdetective",
      format: "seekboard-v1",
      model: "gpt-5",
      setting: "default",
      results: ["samples.jsonl"],
      benchmarkVersion: "v1",
    });
    expect(
      qaManifestSchema.parse({
        benchmark: "qa",
        format: "seekboard-v1",
        model: "m",
        results: ["r.jsonl"],
        dataset: "browsecomp",
      }),
    ).toMatchObject({ dataset: "browsecomp" });
    expect(Object.keys(SEEKBOARD_MANIFEST_SCHEMAS)).toEqual([
      "webdetective",
      "evobrowsecomp",
      "qa",
    ]);
  });

  it("require the EvoBrowseComp version, the QA dataset and the format marker", () => {
    const evo = evoBrowseCompManifestSchema.safeParse({
      benchmark: "evobrowsecomp",
      format: "seekboard-v1",
      model: "m",
      results: ["r.jsonl"],
    });
    expect(evo.success ? [] : evo.error.issues.map((i) => i.path.join("."))).toEqual([
      "benchmarkVersion",
    ]);
    const qa = qaManifestSchema.safeParse({
      benchmark: "qa",
      format: "seekboard-v1",
      model: "m",
      results: ["r.jsonl"],
    });
    expect(qa.success ? [] : qa.error.issues.map((i) => i.path.join("."))).toEqual(["dataset"]);
    const format = seekboardManifestSchema.safeParse({
      benchmark: "qa",
      format: "native",
      model: "m",
      results: ["r.jsonl"],
      dataset: "d",
    });
    expect(format.success ? [] : format.error.issues.map((i) => i.path.join("."))).toEqual([
      "format",
    ]);
  });
});

describe("the published JSON Schema", () => {
  it("is exactly what the zod schemas generate (regenerate: npx tsx --conditions=react-server lib/bundle-format/write-json-schema.ts)", () => {
    const committed = readFileSync(join(ROOT, SEEKBOARD_SCHEMA_PATH), "utf8");
    expect(committed).toBe(seekboardBundleJsonSchemaText());
  });

  it("describes each sample kind and the manifest", () => {
    const schema = seekboardBundleJsonSchema() as {
      $defs: Record<string, { required?: string[]; properties?: Record<string, unknown> }>;
    };
    expect(Object.keys(schema.$defs)).toEqual([
      "webdetectiveSample",
      "evobrowsecompSample",
      "qaSample",
      "manifest",
    ]);
    // `run` has a default, so a producer may leave it out; `benchmark` is optional only for QA.
    expect(schema.$defs.webdetectiveSample.required).toEqual([
      "task_id",
      "question",
      "gold_answer",
      "prediction",
      "verdict",
      "benchmark",
    ]);
    expect(schema.$defs.qaSample.required).not.toContain("benchmark");
  });
});

describe("docs/bundle-format.md examples", () => {
  const doc = readFileSync(join(ROOT, "docs", "bundle-format.md"), "utf8");
  const blocks = [...doc.matchAll(/```jsonl (webdetective|evobrowsecomp|qa)\n([\s\S]*?)```/g)];

  it("has an example for every benchmark, and every example line parses", () => {
    expect(new Set(blocks.map((b) => b[1]))).toEqual(
      new Set(["webdetective", "evobrowsecomp", "qa"]),
    );
    for (const [, benchmark, body] of blocks) {
      const samples = parseSeekboardJsonl(body, benchmark as "qa", "docs/bundle-format.md");
      expect(samples.length).toBeGreaterThan(0);
    }
  });

  it("its manifest examples parse", () => {
    const manifests = [...doc.matchAll(/```json manifest\n([\s\S]*?)```/g)];
    expect(manifests.length).toBeGreaterThanOrEqual(3);
    for (const [, body] of manifests)
      expect(seekboardManifestSchema.safeParse(JSON.parse(body)).success).toBe(true);
  });

  it("its Inspect and Harbor manifests parse, and its ATIF line is a line with a trajectory file", () => {
    const [inspect] = [...doc.matchAll(/```json manifest-inspect\n([\s\S]*?)```/g)];
    expect(inspectManifestSchema.safeParse(JSON.parse(inspect[1])).success).toBe(true);
    const [harbor] = [...doc.matchAll(/```json manifest-harbor\n([\s\S]*?)```/g)];
    expect(harborManifestSchema.safeParse(JSON.parse(harbor[1])).success).toBe(true);
    const [atif] = [...doc.matchAll(/```jsonl qa-atif\n([\s\S]*?)```/g)];
    expect(qaSampleSchema.safeParse(JSON.parse(atif[1])).data).toMatchObject({
      trajectory_file: "trajectories/7.json",
    });
  });
});

describe("per-message usage and timestamps", () => {
  const timedLine = {
    ...evoLine,
    messages: [
      { role: "user", content: "Who is the father of Kane?", timestamp: "2025-06-01T12:00:00Z" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "search", arguments: '{"query":"Kane Cornes"}' },
          },
        ],
        timestamp: "2025-06-01T12:00:02.5Z",
        usage: { prompt_tokens: 812, completion_tokens: 40, cost_usd: 0.0011, total_tokens: 852 },
      },
      {
        role: "tool",
        tool_call_id: "c1",
        content: "Kane Cornes … father Graham",
        timestamp: "2025-06-01T12:00:04Z",
      },
      {
        role: "assistant",
        content: "Exact Answer: Graham Cornes\nConfidence: 90%",
        usage: { prompt_tokens: 900, completion_tokens: 25, seconds: 1.75 },
      },
    ],
  };

  it("reads a line whose messages carry usage and timestamps, and the steps show them", () => {
    const sample = parseSeekboardSample(timedLine, "evobrowsecomp", "results.jsonl", 1);
    // The line's own usage is the run's, not a sum of the messages'.
    expect(sample.usage).toEqual({
      promptTokens: 1200,
      completionTokens: 300,
      costUsd: 0.004,
      seconds: 41.5,
    });
    const steps = stepsFromMessages(sample.messages ?? []);
    expect(steps.map((s) => [s.kind, s.usage ?? null])).toEqual([
      ["other", null],
      ["tool_call", { promptTokens: 812, completionTokens: 40, costUsd: 0.0011, seconds: 2.5 }],
      ["tool_result", { promptTokens: null, completionTokens: null, costUsd: null, seconds: 1.5 }],
      ["other", { promptTokens: 900, completionTokens: 25, costUsd: null, seconds: 1.75 }],
    ]);
  });

  it("names the field of a malformed message usage or timestamp", () => {
    const withMessage = (patch: Record<string, unknown>) => ({
      ...timedLine,
      messages: [{ ...timedLine.messages[0], ...patch }],
    });
    expect(
      errorOf(() =>
        parseSeekboardSample(
          withMessage({ usage: { prompt_tokens: -3 } }),
          "evobrowsecomp",
          "f",
          4,
        ),
      ).details[0],
    ).toMatchObject({ line: 4, field: "messages.0.usage.prompt_tokens" });
    expect(
      errorOf(() =>
        parseSeekboardSample(
          withMessage({ timestamp: "2025-06-01 12:00" }),
          "evobrowsecomp",
          "f",
          5,
        ),
      ).details[0],
    ).toMatchObject({ line: 5, field: "messages.0.timestamp" });
  });
});
