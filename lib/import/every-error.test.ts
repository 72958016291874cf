/**
 * A bundle's invalid records are all reported at once, whatever its format: the importer
 * reads on past a bad record, hands the sink nothing after it, and throws one BundleError.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BundleError, MAX_REPORTED_ERRORS } from "./errors";
import type { ImportSink, SampleRow, TaskInput } from "./importer";
import { readBundleManifest } from "./manifest";

const tmp = mkdtempSync(join(tmpdir(), "seekboard-every-error-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
function bundleWith(manifest: Record<string, unknown>, files: Record<string, string>): string {
  const dir = join(tmp, `b${counter++}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** What the importer handed over before it threw, and what it threw. */
async function read(root: string): Promise<{ written: SampleRow[]; error: BundleError }> {
  const written: SampleRow[] = [];
  const sink: ImportSink = {
    task: async (_task: TaskInput) => undefined,
    sample: async (row) => {
      written.push(row);
    },
  };
  const { bundle } = readBundleManifest(root);
  const error = await bundle.read(root, sink, {}).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BundleError)) throw new Error(`expected a BundleError, got ${error}`);
  return { written, error };
}

function manifestError(root: string): BundleError {
  try {
    readBundleManifest(root);
  } catch (error) {
    if (error instanceof BundleError) return error;
    throw error;
  }
  throw new Error("the manifest was accepted");
}

const qaManifest = {
  benchmark: "qa",
  format: "seekboard-v1",
  model: "m",
  dataset: "browsecomp-mini",
  results: ["results.jsonl"],
};

const qaLine = (over: Record<string, unknown>) =>
  JSON.stringify({
    task_id: "q-001",
    run: 0,
    question: "Who?",
    gold_answer: "Kane",
    prediction: "Kane",
    verdict: "correct",
    ...over,
  });

describe("a Seekboard-format bundle", () => {
  it("reports its four bad lines at once, each with its line and field", async () => {
    const results = [
      qaLine({}),
      qaLine({ task_id: "q-002", stauts: "finished" }),
      qaLine({ task_id: "q-003", verdict: "yes" }),
      qaLine({ task_id: 17 }),
      qaLine({ task_id: "q-005", benchmark: { stated_confidence: 150 } }),
      qaLine({ task_id: "q-006" }),
    ].join("\n");
    const { written, error } = await read(bundleWith(qaManifest, { "results.jsonl": results }));
    expect(error.details.map((d) => [d.file, d.line, d.field])).toEqual([
      ["results.jsonl", 2, "stauts"],
      ["results.jsonl", 3, "verdict"],
      ["results.jsonl", 4, "task_id"],
      ["results.jsonl", 5, "benchmark.stated_confidence"],
    ]);
    expect(error.details[0].message).toBe('unknown field "stauts"; did you mean "status"?');
    expect(error.moreErrors).toBe(0);
    // The line before the first bad one was handed over (the import takes it back); none after.
    expect(written.map((row) => row.line)).toEqual([1]);
  });

  it("lists the first 100 problems and counts the rest", async () => {
    const lines = Array.from({ length: MAX_REPORTED_ERRORS + 25 }, (_, i) =>
      qaLine({ task_id: `q-${i}`, verdict: "yes" }),
    );
    const { written, error } = await read(
      bundleWith(qaManifest, { "results.jsonl": lines.join("\n") }),
    );
    expect(error.details).toHaveLength(MAX_REPORTED_ERRORS);
    expect(error.details.at(-1)).toMatchObject({ line: MAX_REPORTED_ERRORS, field: "verdict" });
    expect(error.moreErrors).toBe(25);
    expect(error.message).toMatch(/… and 25 more problems/);
    expect(written).toEqual([]);
  });

  it("reports a repeated (task_id, run) beside the lines' own errors", async () => {
    const results = [qaLine({}), "{oops", qaLine({})].join("\n");
    const { error } = await read(bundleWith(qaManifest, { "results.jsonl": results }));
    expect(error.details.map((d) => [d.line, d.field])).toEqual([
      [2, null],
      [3, "run"],
    ]);
  });

  it("points a misspelt manifest key to the one meant", () => {
    const { model, ...rest } = qaManifest;
    const error = manifestError(bundleWith({ ...rest, modle: model }, { "results.jsonl": "" }));
    expect(error.details).toContainEqual({
      file: "manifest.json",
      line: null,
      field: "model",
      message: expect.stringMatching(/"modle" is given: did you mean "model"\?$/),
    });
  });

  it("refuses a misspelt optional manifest key, which would be dropped in silence; keeps other keys", () => {
    const error = manifestError(
      bundleWith({ ...qaManifest, agnet: "ReAct", judge_model: "o3" }, { "results.jsonl": "" }),
    );
    expect(error.details).toEqual([
      {
        file: "manifest.json",
        line: null,
        field: "agnet",
        message: 'unknown field "agnet"; did you mean "agent"?',
      },
      {
        file: "manifest.json",
        line: null,
        field: "judge_model",
        message: 'unknown field "judge_model"; did you mean "judgeModel"?',
      },
    ]);
    const { bundle } = readBundleManifest(
      bundleWith({ ...qaManifest, notes: "a key it does not know" }, { "results.jsonl": "" }),
    );
    expect(bundle.manifest.model).toBe("m");
  });

  it("names an unknown key of a strict manifest as its field, with the key meant", () => {
    const error = manifestError(
      bundleWith(
        { benchmark: "qa", format: "inspect", logs: ["a.eval"], scorrer: "match" },
        { "a.eval": "" },
      ),
    );
    expect(error.details).toContainEqual({
      file: "manifest.json",
      line: null,
      field: "scorrer",
      message: 'unknown field "scorrer"; did you mean "scorer"?',
    });
  });
});

const EVAL_HEADER =
  "instance_id,trial_idx,score,precision_by_row,recall_by_row,f1_by_row,precision_by_item,recall_by_item,f1_by_item,msg";

describe("a WideSearch bundle", () => {
  it("with its evaluation CSVs under results is told to name them under evaluations", () => {
    const error = manifestError(
      bundleWith(
        { benchmark: "widesearch", model: "m", results: ["run1.csv"] },
        { "run1.csv": `${EVAL_HEADER}\n` },
      ),
    );
    expect(error.details).toEqual([
      {
        file: "manifest.json",
        line: null,
        field: "results",
        message: expect.stringMatching(/did you mean "evaluations"\?$/),
      },
    ]);
  });

  it("reports every bad row of every evaluation CSV", async () => {
    const row = (id: string, score: string) => `${id},0,${score},1,1,1,1,1,1,x`;
    const root = bundleWith(
      { benchmark: "widesearch", model: "m", evaluations: ["run1.csv", "run2.csv"] },
      {
        "run1.csv": [
          EVAL_HEADER,
          row("ws_en_001", "1"),
          row("ws_en_002", "0.5"),
          row("", "1"),
        ].join("\n"),
        "run2.csv": [EVAL_HEADER, row("ws_en_001", "2")].join("\n"),
      },
    );
    const { written, error } = await read(root);
    expect(error.details.map((d) => [d.file, d.line, d.field])).toEqual([
      ["run1.csv", 3, "score"],
      ["run1.csv", 4, "instance_id"],
      ["run2.csv", 2, "score"],
    ]);
    expect(written).toEqual([]);
  });
});

describe("an MPW bundle", () => {
  it("reports every bad result record", async () => {
    const root = bundleWith(
      { benchmark: "mpw", model: "m", setting: "A", results: ["results.jsonl"] },
      { "results.jsonl": ["{}", "[1]", "{oops"].join("\n") },
    );
    const { error } = await read(root);
    expect(new Set(error.details.map((d) => d.line))).toEqual(new Set([1, 2, 3]));
  });
});
