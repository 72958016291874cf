/**
 * One truth per task: a submission's pages show its own question and gold answer, never
 * another submission's. Three WideSearch submissions of the same task id: a results-only
 * run (no question) imported first, then two native bundles whose queries differ; then the
 * official task set registered with its question.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTaskFile } from "../lib/standing/task-file";
import { BENCHMARKS } from "../lib/benchmarks/registry";
import { DEFAULT_SAMPLE_FILTERS } from "../lib/url/samples";
import { openTestDb } from "../test/db";
import { registerCanonicalTasks } from "./canonical-tasks";
import { closeDb, type Db } from "./client";
import { ingestBundle } from "./ingest";
import { pairedRows } from "./queries/compare";
import { listSamples } from "./queries/samples";
import { getTrajectory } from "./queries/trajectory";

const TINY = join(__dirname, "..", "test", "fixtures", "widesearch", "tiny");
const TASK = "ws_en_901";
const OPTIONS = { source: "test", status: "approved" } as const;

let db: Db;
const tmp = mkdtempSync(join(tmpdir(), "seekboard-task-text-"));
const ids = { resultsOnly: 0, a: 0, b: 0 };
let queryA = "";
const queryB = "List the two made-up towns Alpha and Beta, worded otherwise.";

/** The tiny native bundle as model `model`, its task's query replaced when `query` is given. */
function nativeBundle(model: string, query?: string): string {
  const dir = join(tmp, model);
  cpSync(TINY, dir, { recursive: true });
  const manifestPath = join(dir, "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, model }));
  if (query !== undefined) {
    const tasksPath = join(dir, "widesearch.jsonl");
    const line = JSON.parse(readFileSync(tasksPath, "utf8").trim()) as Record<string, unknown>;
    writeFileSync(tasksPath, `${JSON.stringify({ ...line, query })}\n`);
  }
  return dir;
}

beforeAll(async () => {
  db = await openTestDb(join(tmp, "test.db"));
  const resultsOnly = join(tmp, "results-only");
  mkdirSync(resultsOnly);
  writeFileSync(
    join(resultsOnly, "run.csv"),
    "instance_id,trial_idx,score,precision_by_row,recall_by_row,f1_by_row,precision_by_item,recall_by_item,f1_by_item,msg\n" +
      `${TASK},0,0.0,0.5,0.5,0.5,0.5,0.5,0.5,x\n`,
  );
  writeFileSync(
    join(resultsOnly, "manifest.json"),
    JSON.stringify({ benchmark: "widesearch", model: "Results only", evaluations: ["run.csv"] }),
  );
  ids.resultsOnly = (await ingestBundle(db, resultsOnly, OPTIONS)).submissionId;
  ids.a = (await ingestBundle(db, nativeBundle("Agent A"), OPTIONS)).submissionId;
  ids.b = (await ingestBundle(db, nativeBundle("Agent B", queryB), OPTIONS)).submissionId;
  queryA = (
    JSON.parse(readFileSync(join(TINY, "widesearch.jsonl"), "utf8").trim()) as { query: string }
  ).query;
}, 60_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

async function textOf(submissionId: number) {
  const trajectory = await getTrajectory(db, submissionId, TASK, 0);
  if (!trajectory) throw new Error(`no sample ${TASK} in submission ${submissionId}`);
  return trajectory.text;
}

describe("a task's text is its submission's own", () => {
  it("the three submissions share one task row", async () => {
    const [a, b, r] = await Promise.all(
      [ids.a, ids.b, ids.resultsOnly].map((id) => getTrajectory(db, id, TASK, 0)),
    );
    expect(new Set([a!.task.id, b!.task.id, r!.task.id]).size).toBe(1);
  });

  it("a results-only run has no question or gold answer, though later bundles had them", async () => {
    expect(await textOf(ids.resultsOnly)).toEqual({
      question: null,
      goldAnswer: null,
      canonicalQuestion: null,
    });
    const list = await listSamples(db, ids.resultsOnly, DEFAULT_SAMPLE_FILTERS);
    expect(list.rows.map((row) => row.question)).toEqual([null]);
  });

  it("two submissions whose questions differ each keep their own", async () => {
    expect((await textOf(ids.a)).question).toBe(queryA);
    expect((await textOf(ids.b)).question).toBe(queryB);
    expect(queryA).not.toBe(queryB);
    const listB = await listSamples(db, ids.b, DEFAULT_SAMPLE_FILTERS);
    expect(new Set(listB.rows.map((row) => row.question))).toEqual(new Set([queryB]));
    // The text search reads the submission's own question only.
    const found = await listSamples(db, ids.b, {
      ...DEFAULT_SAMPLE_FILTERS,
      q: "worded otherwise",
    });
    expect(found.total).toBe(listB.total);
    const notFound = await listSamples(db, ids.a, {
      ...DEFAULT_SAMPLE_FILTERS,
      q: "worded otherwise",
    });
    expect(notFound.total).toBe(0);
  });

  it("compare labels a task with the compared submissions' own question, never a third's", async () => {
    expect((await pairedRows(db, ids.b, ids.a)).tasks.map((t) => t.question)).toEqual([queryB]);
  });

  it("with the official task set registered, a question that differs from its question says so", async () => {
    const official = parseTaskFile(
      BENCHMARKS.widesearch,
      readFileSync(join(TINY, "widesearch.jsonl"), "utf8"),
      "widesearch.jsonl",
    ).tasks;
    await registerCanonicalTasks(db, "widesearch", "v1", official, "widesearch.jsonl");
    expect(await textOf(ids.a)).toMatchObject({ question: queryA, canonicalQuestion: queryA });
    expect(await textOf(ids.b)).toMatchObject({ question: queryB, canonicalQuestion: queryA });
    // The official question is shown as official, never as the results-only run's own.
    expect(await textOf(ids.resultsOnly)).toMatchObject({
      question: null,
      canonicalQuestion: queryA,
    });
  });
});
