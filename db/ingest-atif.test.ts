/**
 * ATIF trajectories and Harbor jobs into the database: a Seekboard-format line carrying
 * `trajectory` or `trajectory_file`, its references linked when their files are in the
 * bundle; a Harbor job folder (`"format": "harbor"`); and ATIF errors refused naming the
 * file and field, nothing imported.
 */
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BundleError } from "../lib/import/errors";
import { parseStoredStep } from "../lib/trajectory/steps";
import { closeDb, type Db } from "./client";
import { openTestDb } from "../test/db";
import { sqlRows, tableCounts } from "../test/sql";
import { ingestBundle } from "./ingest";
import { getTrajectory } from "./queries/trajectory";

const FIXTURES = join(__dirname, "..", "test", "fixtures");
const OPTIONS = { source: "test", status: "approved" } as const;
let db: Db;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-atif-"));
  db = await openTestDb(join(tmp, "test.db"));
});
afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const QA_MANIFEST = {
  benchmark: "qa",
  format: "seekboard-v1",
  model: "gpt-5-mini",
  dataset: "atif-test",
  results: ["samples.jsonl"],
};
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    question: "Who wrote it?",
    gold_answer: "Ada",
    prediction: "Ada",
    verdict: "correct",
    ...fields,
  });

function bundle(
  lines: string[],
  files: Record<string, string> = {},
  manifest: Record<string, unknown> = QA_MANIFEST,
): string {
  const dir = mkdtempSync(join(tmp, "bundle-"));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(dir, "samples.jsonl"), lines.join("\n") + "\n");
  for (const [name, fixture] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    copyFileSync(join(FIXTURES, "atif", fixture), join(dir, name));
  }
  return dir;
}

const atif = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, "atif", name), "utf8")) as unknown;

async function sampleRows(submissionId: number) {
  return (await sqlRows(
    db,
    "SELECT t.task_key, s.id, s.correct, s.status, s.prompt_tokens, s.completion_tokens, s.cost_usd, s.tool_calls, s.verdict_label, s.error_info, s.detail FROM samples s JOIN tasks t ON t.id = s.task_id WHERE s.submission_id = ? ORDER BY t.task_key, s.run",
    submissionId,
  )) as {
    task_key: string;
    id: number;
    correct: number;
    status: string;
    prompt_tokens: number | null;
    completion_tokens: number | null;
    cost_usd: number | null;
    tool_calls: number;
    verdict_label: string | null;
    error_info: string | null;
    detail: string;
  }[];
}

async function stepsOf(sampleId: number) {
  return (
    await sqlRows(db, "SELECT data FROM steps WHERE sample_id = ? ORDER BY ordinal", sampleId)
  ).map((row) => parseStoredStep(JSON.parse(row.data)));
}

const TABLES = ["submissions", "tasks", "samples", "steps"];
const counts = () => tableCounts(db, TABLES);

async function refused(dir: string): Promise<BundleError> {
  const before = await counts();
  const error = await ingestBundle(db, dir, OPTIONS).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleError);
  expect(await counts()).toEqual(before);
  return error as BundleError;
}

describe("ATIF trajectories in Seekboard-format lines", () => {
  it("inline and in a file: steps from the agent steps, usage from final_metrics, per-step usage", async () => {
    const dir = bundle(
      [
        line({ task_id: "1", trajectory: atif("v1.5-tools.json") }),
        line({ task_id: "2", trajectory_file: "traj/min.json" }),
      ],
      { "traj/min.json": "v1.0-minimal.json" },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result.samples).toBe(2);
    const [inline, fromFile] = await sampleRows(result.submissionId);
    expect(inline).toMatchObject({
      task_key: "1",
      prompt_tokens: 3100,
      completion_tokens: 260,
      cost_usd: 0.0041,
    });
    const steps = await stepsOf(inline.id);
    const calls = steps.filter((s) => s.kind === "tool_call");
    expect(calls.length).toBe(inline.tool_calls);
    expect(calls.length).toBeGreaterThan(0);
    // Every tool result is tied to a call of the trajectory.
    const indexes = new Set(calls.map((c) => (c.kind === "tool_call" ? c.callIndex : 0)));
    for (const step of steps)
      if (step.kind === "tool_result") expect(indexes.has(step.callIndex ?? -1)).toBe(true);
    expect(steps.some((s) => s.usage?.promptTokens != null)).toBe(true);
    expect(JSON.parse(fromFile.detail).metadata.atif).toMatchObject({
      schema_version: "ATIF-v1.0",
      file: "traj/min.json",
    });
  });

  it("subagent and continuation references: linked when their files are in the bundle", async () => {
    const dir = bundle(
      [
        line({ task_id: "main", trajectory_file: "main.json" }),
        line({ task_id: "sub", trajectory_file: "subagents/researcher-b.json" }),
      ],
      {
        "main.json": "v1.7-subagents.json",
        "subagents/researcher-b.json": "v1.0-minimal.json",
      },
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    const main = (await sampleRows(result.submissionId)).find((row) => row.task_key === "main");
    const links = JSON.parse(main?.detail ?? "{}").metadata.atif.links as {
      kind: string;
      ref: string;
      file: string | null;
    }[];
    expect(links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "subagent",
          ref: "subagents/researcher-b.json",
          file: "subagents/researcher-b.json",
        }),
        expect.objectContaining({ kind: "continued", ref: "trajectory.cont-1.json", file: null }),
      ]),
    );
    // The sample page links the referenced trajectory's own sample.
    const shown = (await getTrajectory(db, result.submissionId, "main", 0))?.atifLinks ?? [];
    expect(shown).toContainEqual({
      kind: "subagent",
      ref: "subagents/researcher-b.json",
      target: { taskKey: "sub", run: 0 },
    });
    expect(shown).toContainEqual({
      kind: "continued",
      ref: "trajectory.cont-1.json",
      target: null,
    });
  });

  it("the trajectory files are part of the bundle: a changed one is not a duplicate", async () => {
    const first = bundle([line({ task_id: "1", trajectory_file: "t.json" })], {
      "t.json": "v1.0-minimal.json",
    });
    const second = bundle([line({ task_id: "1", trajectory_file: "t.json" })], {
      "t.json": "v1.5-tools.json",
    });
    const a = await ingestBundle(db, first, OPTIONS);
    const b = await ingestBundle(db, second, OPTIONS);
    expect(b.duplicate).toBe(false);
    expect(b.bundleHash).not.toBe(a.bundleHash);
  });

  it("an unknown schema_version major, an observation naming an unknown call, messages beside a trajectory", async () => {
    const version = await refused(
      bundle([line({ task_id: "1", trajectory_file: "bad.json" })], {
        "bad.json": "bad-version.json",
      }),
    );
    expect(version.details[0]).toMatchObject({ file: "bad.json", field: "schema_version" });
    const call = await refused(bundle([line({ task_id: "1", trajectory: atif("bad-call.json") })]));
    expect(call.details[0]).toMatchObject({
      file: "samples.jsonl",
      line: 1,
      field: expect.stringMatching(
        /^trajectory\.steps\.\d+\.observation\.results\.\d+\.source_call_id$/,
      ),
    });
    const both = await refused(
      bundle([line({ task_id: "1", trajectory: atif("v1.0-minimal.json"), messages: [] })]),
    );
    expect(both.details[0]).toMatchObject({ line: 1, field: "messages" });
    const missing = await refused(
      bundle([line({ task_id: "1", trajectory_file: "nowhere.json" })]),
    );
    expect(missing.details[0]).toMatchObject({
      file: "samples.jsonl",
      line: 1,
      field: "trajectory_file",
      message: "nowhere.json is not a file in the bundle",
    });
  });
});

describe("a Harbor job", () => {
  it("each trial a sample: reward as verdict, exception as status, tokens from the trial", async () => {
    const dir = mkdtempSync(join(tmp, "harbor-"));
    cpSync(join(FIXTURES, "harbor", "job-1"), join(dir, "job-1"), { recursive: true });
    writeFileSync(
      join(dir, "manifest.json"),
      JSON.stringify({ benchmark: "qa", format: "harbor", job: "job-1" }),
    );
    const result = await ingestBundle(db, dir, OPTIONS);
    expect(result).toMatchObject({ benchmark: "qa", model: "gpt-5-mini", samples: 3 });
    const rows = await sampleRows(result.submissionId);
    expect(rows.map((r) => [r.task_key, r.correct, r.status, r.verdict_label])).toEqual([
      ["bc-0001", 1, "finished", "1"],
      ["bc-0002", 0, "finished", "0"],
      ["bc-0003", 0, "AgentTimeoutError", null],
    ]);
    expect(rows[2].error_info).toMatch(/^AgentTimeoutError: /);
    expect((await stepsOf(rows[0].id)).length).toBeGreaterThan(0);
  });

  it("a job folder that is not in the bundle", async () => {
    const dir = mkdtempSync(join(tmp, "harbor-"));
    writeFileSync(
      join(dir, "manifest.json"),
      JSON.stringify({ benchmark: "qa", format: "harbor", job: "nowhere" }),
    );
    expect((await refused(dir)).details[0]).toMatchObject({ file: "manifest.json", field: "job" });
  });
});
