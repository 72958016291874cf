/**
 * The raw-insert baseline, alone in a fresh process:
 *   node --conditions=react-server --import tsx scripts/bench/raw-insert-child.ts <bundle> <db>
 *
 * First (untimed for the baseline) the bundle is parsed with the project's own parser
 * into exactly the samples, steps and hit-log rows the importer writes. Then the
 * baseline: those rows inserted with raw prepared better-sqlite3 statements (the
 * importer's SQL) in one transaction into an empty database with the same schema,
 * values bound from the parsed objects (`seconds`); and again into a second empty
 * database with every value serialised beforehand (`preparedSeconds`: the statements
 * alone, `<db>-prepared`).
 *
 * Each stage of the importer is also timed alone over the same bundle, so a gap between
 * ingest and the baseline can be attributed: hashing, the tasks file, reading lines, the
 * JSON depth guard, JSON.parse, zod validation, trajectory parsing, JSON serialisation of
 * the row values, the insert, the aggregates. Prints one JSON line.
 *
 * SQLite only, on either engine the bench measures: the baseline is better-sqlite3's
 * prepared statements (the report says so beside a PostgreSQL run's figures).
 */
import { resolve } from "node:path";
import { refreshAggregates } from "../../db/aggregates";
import { closeDb, openDb, sqliteClientOf, withTx } from "../../db/client";
import {
  ensureBenchmark,
  publishSubmission,
  insertSubmission,
  TaskWriter,
} from "../../db/ingest-shared";
import { RunCounter } from "../../lib/import/importer";
import { bundleFile, hashBundleFiles } from "../../lib/import/bundle";
import { valueNestedDeeperThan } from "../../lib/import/json-depth";
import { forEachLineSync } from "../../lib/import/lines";
import { readManifest } from "../../lib/import/manifest";
import { mpwManifestSchema } from "../../lib/benchmarks/mpw/manifest";
import {
  mpwResultRecordSchema,
  parseMpwResultRecord,
  parseMpwTaskRecord,
  type MpwSample,
  type MpwTask,
} from "../../lib/benchmarks/mpw/import";
import { stepsFromMessages } from "../../lib/trajectory/messages";

function timed<T>(phases: Record<string, number>, name: string, fn: () => T): T {
  const started = performance.now();
  const value = fn();
  phases[name] = (performance.now() - started) / 1000;
  return value;
}

async function timedAsync<T>(
  phases: Record<string, number>,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const value = await fn();
  phases[name] = (performance.now() - started) / 1000;
  return value;
}

type SampleParams = unknown[];

/** A sample's `sample_facts` row after its id, in the importer's column order (db/ingest-shared.ts). */
function factParams(s: MpwSample, submissionId: number): SampleParams {
  const m = s.metrics;
  return [
    submissionId,
    s.verdict.correct ? 1 : 0,
    s.status,
    m.toolCalls,
    m.hitLogCalls,
    m.hits,
    m.factCount,
    m.factsCovered,
    m.fcr,
    m.hitRate,
    m.compoundRate,
    JSON.stringify(m.firstCoveredAt),
    JSON.stringify(m.newFactsByCall),
    JSON.stringify(m.hitsByCall),
  ];
}
type StepParams = unknown[];
type HitParams = unknown[];

async function main() {
  const [bundleArg, dbArg] = process.argv.slice(2);
  if (!bundleArg || !dbArg) throw new Error("usage: raw-insert-child <bundle> <db>");
  const root = resolve(bundleArg);
  const read = readManifest(root);
  if (read.benchmark !== "mpw") throw new Error("the baseline takes an MPW bundle");
  const manifest = mpwManifestSchema.parse(read);
  if (!manifest.tasks) throw new Error("the baseline takes an MPW bundle with a tasks file");
  const tasksPath = bundleFile(root, manifest.tasks, "tasks");
  const resultFiles = manifest.results.map((name, i) => ({
    name,
    path: bundleFile(root, name, `results.${i}`),
  }));
  const phases: Record<string, number> = {};

  // --- The importer's stages, each timed alone over the whole bundle. ---
  const bundleHash = timed(phases, "hash", () =>
    hashBundleFiles([
      { name: "manifest.json", path: `${root}/manifest.json` },
      { name: manifest.tasks!, path: tasksPath },
      ...resultFiles,
    ]),
  );
  const taskRecords = timed(phases, "tasksFile", () => {
    const known = new Map<string, MpwTask>();
    forEachLineSync(tasksPath, manifest.tasks!, (line, n) => {
      const task = parseMpwTaskRecord(JSON.parse(line), manifest.tasks!, n);
      known.set(task.taskKey, task);
    });
    return known;
  });
  const lines: { file: string; line: number; text: string }[] = [];
  timed(phases, "readLines", () => {
    for (const file of resultFiles)
      forEachLineSync(file.path, file.name, (text, line) =>
        lines.push({ file: file.name, line, text }),
      );
  });
  const values = timed(phases, "jsonParse", () => lines.map((l) => JSON.parse(l.text) as unknown));
  timed(phases, "depthGuard", () => {
    values.forEach((value, i) => {
      if (valueNestedDeeperThan(value))
        throw new Error(`${lines[i].file}:${lines[i].line} nested too deep`);
    });
  });
  const samples: (MpwSample & { file: string; line: number })[] = timed(phases, "parseRecord", () =>
    values.map((value, i) => {
      const key = String((value as { index: unknown }).index);
      return {
        ...parseMpwResultRecord(value, lines[i].file, lines[i].line, taskRecords.get(key)),
        file: lines[i].file,
        line: lines[i].line,
      };
    }),
  );
  // Its two big parts again, alone (warm: the pass above compiled them).
  const validated = timed(phases, "zodRecord", () =>
    values.map((v) => mpwResultRecordSchema.parse(v)),
  );
  timed(phases, "stepsFromMessages", () => {
    for (const record of validated)
      stepsFromMessages(record.messages ?? record.trajectory_log?.full_history ?? []);
  });

  // --- Untimed set-up: the rows' parents (benchmark, tasks, submission) in an empty database. ---
  async function prepareDb(path: string) {
    const db = await openDb(path);
    const sqlite = sqliteClientOf(db);
    if (!sqlite) throw new Error("the raw-insert baseline takes a SQLite file");
    let submissionId = 0;
    const taskIds: number[] = [];
    await withTx(db, async (tx) => {
      await ensureBenchmark(tx, "mpw");
      submissionId = await insertSubmission(
        tx,
        {
          benchmark: "mpw",
          version: manifest.benchmarkVersion,
          model: manifest.model,
          agent: manifest.agent ?? null,
          setting: manifest.setting,
          bundleHash,
        },
        { source: "bench-raw", status: "approved" },
      );
      const writer = new TaskWriter("mpw", manifest.benchmarkVersion, submissionId);
      for (const task of taskRecords.values()) await writer.idOf(tx, task);
      for (const s of samples) taskIds.push(await writer.idOf(tx, s.task));
    });
    const statements = {
      sample: sqlite.prepare(
        `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
           tool_calls, tier, category, actual_turns, max_turns, error_info, malformed_steps, step_count, source_file, source_line)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      facts: sqlite.prepare(
        `INSERT INTO sample_facts (sample_id, submission_id, correct, status, tool_calls, hit_log_calls, hits, fact_count, facts_covered,
           fcr, hit_rate, compound_rate, first_covered_at, new_facts_by_call, hits_by_call)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      step: sqlite.prepare(
        "INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      hit: sqlite.prepare(
        "INSERT INTO hit_logs (sample_id, call_index, hit, matched_fact_keys, compound, query, reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ),
    };
    return { db, sqlite, submissionId, taskIds, statements };
  }
  const base = resolve(dbArg);

  // --- The baseline: the parsed samples' rows, raw prepared statements, one transaction.
  // Values are bound straight from the parsed objects; the JSON columns are serialised
  // here, as any writer of parsed samples must. ---
  const a = await prepareDb(base);
  const runsA = new RunCounter();
  let maxRun = 0;
  let stepRows = 0;
  let hitRows = 0;
  let started = performance.now();
  a.sqlite
    .transaction(() => {
      samples.forEach((s, i) => {
        const m = s.metrics;
        const run = runsA.next(s.task.taskKey);
        maxRun = Math.max(maxRun, run + 1);
        const sampleId = a.statements.sample.run(
          a.submissionId,
          a.taskIds[i],
          s.task.taskKey,
          run,
          s.prediction,
          s.status,
          s.verdict.correct ? 1 : 0,
          s.verdict.source,
          s.verdict.label,
          s.judgeRationale,
          m.toolCalls,
          m.tier,
          s.task.category,
          s.actualTurns,
          s.maxTurns,
          s.errorInfo,
          s.malformedSteps,
          s.steps.length,
          s.file,
          s.line,
        ).lastInsertRowid;
        a.statements.facts.run(sampleId, ...factParams(s, a.submissionId));
        s.steps.forEach((step, ordinal) => {
          a.statements.step.run(
            sampleId,
            ordinal,
            step.kind,
            step.kind === "tool_call" || step.kind === "tool_result" ? step.callIndex : null,
            JSON.stringify(step),
            step.malformed,
          );
        });
        for (const e of s.hitLog)
          a.statements.hit.run(
            sampleId,
            e.callIndex,
            e.hit ? 1 : 0,
            JSON.stringify(e.matchedFactKeys),
            e.isCompoundQuery ? 1 : 0,
            e.query,
            e.reason,
          );
        stepRows += s.steps.length;
        hitRows += s.hitLog.length;
      });
    })
    .immediate();
  const seconds = (performance.now() - started) / 1000;

  await timedAsync(phases, "aggregates", () =>
    withTx(a.db, async (tx) => {
      await publishSubmission(tx, a.submissionId, "approved", {
        samples: samples.length,
        tasks: new Set(samples.map((s) => s.task.taskKey)).size,
        runs: maxRun,
      });
      await refreshAggregates(tx, a.submissionId);
    }),
  );
  await closeDb(a.db);

  // --- The same rows with every value serialised beforehand: the statements alone. ---
  const b = await prepareDb(`${base}-prepared`);
  const runsB = new RunCounter();
  const rows = timed(phases, "rowPrep", () =>
    samples.map(
      (
        s,
        i,
      ): { sample: SampleParams; facts: SampleParams; steps: StepParams[]; hits: HitParams[] } => {
        const m = s.metrics;
        return {
          sample: [
            b.submissionId,
            b.taskIds[i],
            s.task.taskKey,
            runsB.next(s.task.taskKey),
            s.prediction,
            s.status,
            s.verdict.correct ? 1 : 0,
            s.verdict.source,
            s.verdict.label,
            s.judgeRationale,
            m.toolCalls,
            m.tier,
            s.task.category,
            s.actualTurns,
            s.maxTurns,
            s.errorInfo,
            s.malformedSteps,
            s.steps.length,
            s.file,
            s.line,
          ],
          facts: factParams(s, b.submissionId),
          steps: s.steps.map((step, ordinal) => [
            ordinal,
            step.kind,
            step.kind === "tool_call" || step.kind === "tool_result" ? step.callIndex : null,
            JSON.stringify(step),
            step.malformed,
          ]),
          hits: s.hitLog.map((e) => [
            e.callIndex,
            e.hit ? 1 : 0,
            JSON.stringify(e.matchedFactKeys),
            e.isCompoundQuery ? 1 : 0,
            e.query,
            e.reason,
          ]),
        };
      },
    ),
  );
  started = performance.now();
  b.sqlite
    .transaction(() => {
      for (const row of rows) {
        const sampleId = b.statements.sample.run(...row.sample).lastInsertRowid;
        b.statements.facts.run(sampleId, ...row.facts);
        for (const step of row.steps) b.statements.step.run(sampleId, ...step);
        for (const hit of row.hits) b.statements.hit.run(sampleId, ...hit);
      }
    })
    .immediate();
  const preparedSeconds = (performance.now() - started) / 1000;
  phases.insert = preparedSeconds;
  await closeDb(b.db);
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `${JSON.stringify({ seconds, preparedSeconds, rows: { samples: samples.length, steps: stepRows, hitLogs: hitRows }, phases, peakRssMiB })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
