/** MPW-Bench importer, saving half: records are parsed and written line by line. */
import type { Statement } from "better-sqlite3";
import { join } from "node:path";
import { BundleError } from "../lib/import/errors";
import { bundleFile, hashBundleFiles } from "../lib/import/bundle";
import { forEachLineSync, parseJsonLine } from "../lib/import/lines";
import type { MpwManifest } from "../lib/import/manifest";
import { parseMpwResultRecord, parseMpwTaskRecord, type MpwSample, type MpwTask } from "../lib/benchmarks/mpw/import";
import type { Step } from "../lib/trajectory/steps";
import { refreshAggregates } from "./aggregates";
import type { Db } from "./client";
import { ensureBenchmark, existingSubmission, finishSubmission, insertSubmission, RunCounter, TaskWriter, type IngestOptions, type IngestResult } from "./ingest-shared";

export function ingestMpw(db: Db, root: string, manifest: MpwManifest, options: IngestOptions): IngestResult {
  const resultFiles = manifest.results.map((name, i) => ({ name, path: bundleFile(root, name, `results.${i}`) }));
  const tasksFile = manifest.tasks ? { name: manifest.tasks, path: bundleFile(root, manifest.tasks, "tasks") } : null;
  const bundleHash = hashBundleFiles([{ name: "manifest.json", path: join(root, "manifest.json") }, ...(tasksFile ? [tasksFile] : []), ...resultFiles]);
  const result = (submissionId: number, samples: number, tasks: number, duplicate: boolean, malformedSteps: number): IngestResult => ({
    submissionId,
    benchmark: manifest.benchmark,
    model: manifest.model,
    setting: manifest.setting,
    samples,
    tasks,
    duplicate,
    malformedSteps,
    bundleHash,
  });
  const existing = existingSubmission(db, bundleHash);
  if (existing) return result(existing.id, existing.sample_count, existing.task_count, true, 0);

  const run = db.$client.transaction(() => {
    ensureBenchmark(db, "mpw");
    const tasks = new TaskWriter(db, "mpw", manifest.benchmarkVersion);
    const knownTasks = new Map<string, MpwTask>();
    if (tasksFile) {
      forEachLineSync(tasksFile.path, tasksFile.name, (line, lineNumber) => {
        const task = parseMpwTaskRecord(parseJsonLine(line, tasksFile.name, lineNumber), tasksFile.name, lineNumber);
        knownTasks.set(task.taskKey, task);
        tasks.idOf(task);
      }, options.maxLineBytes);
    }
    const submissionId = insertSubmission(
      db,
      { benchmark: "mpw", version: manifest.benchmarkVersion, model: manifest.model, agent: manifest.agent ?? null, setting: manifest.setting, bundleHash },
      options,
    );
    const writer = new MpwSampleWriter(db, submissionId);
    for (const file of resultFiles) {
      forEachLineSync(file.path, file.name, (line, lineNumber) => {
        const value = parseJsonLine(line, file.name, lineNumber);
        const key = typeof value === "object" && value !== null && "index" in value ? String((value as { index: unknown }).index) : "";
        const sample = parseMpwResultRecord(value, file.name, lineNumber, knownTasks.get(key));
        writer.write(sample, tasks.idOf(sample.task), file.name, lineNumber);
      }, options.maxLineBytes);
    }
    if (writer.samples === 0) throw BundleError.at(manifest.results[0], null, null, "the results hold no records");
    finishSubmission(db, submissionId, { samples: writer.samples, tasks: writer.runs.tasks, runs: writer.runs.max });
    refreshAggregates(db, submissionId);
    return result(submissionId, writer.samples, writer.runs.tasks, false, writer.malformedSteps);
  });
  return run.immediate();
}

class MpwSampleWriter {
  samples = 0;
  malformedSteps = 0;
  readonly runs = new RunCounter();
  private readonly insertSample;
  private readonly insertStep;
  private readonly insertHit;

  constructor(
    db: Db,
    private readonly submissionId: number,
  ) {
    const sqlite = db.$client;
    this.insertSample = sqlite.prepare(
      `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
         tool_calls, hit_log_calls, hits, fact_count, facts_covered, fcr, hit_rate, compound_rate, tier, category, first_covered_at,
         new_facts_by_call, hits_by_call, actual_turns, max_turns, error_info, malformed_steps, step_count, source_file, source_line)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertStep = sqlite.prepare("INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)");
    this.insertHit = sqlite.prepare("INSERT INTO hit_logs (sample_id, call_index, hit, matched_fact_keys, compound, query, reason) VALUES (?, ?, ?, ?, ?, ?, ?)");
  }

  write(sample: MpwSample, taskId: number, file: string, line: number): void {
    const run = this.runs.next(sample.task.taskKey);
    const m = sample.metrics;
    const sampleId = Number(
      this.insertSample.run(
        this.submissionId, taskId, sample.task.taskKey, run, sample.prediction, sample.status, sample.verdict.correct ? 1 : 0,
        sample.verdict.source, sample.verdict.label, sample.judgeRationale,
        m.toolCalls, m.hitLogCalls, m.hits, m.factCount, m.factsCovered, m.fcr, m.hitRate, m.compoundRate, m.tier,
        sample.task.category, JSON.stringify(m.firstCoveredAt), JSON.stringify(m.newFactsByCall), JSON.stringify(m.hitsByCall),
        sample.actualTurns, sample.maxTurns, sample.errorInfo, sample.malformedSteps, sample.steps.length, file, line,
      ).lastInsertRowid,
    );
    writeSteps(this.insertStep, sampleId, sample.steps);
    for (const entry of sample.hitLog) {
      this.insertHit.run(sampleId, entry.callIndex, entry.hit ? 1 : 0, JSON.stringify(entry.matchedFactKeys), entry.isCompoundQuery ? 1 : 0, entry.query, entry.reason);
    }
    this.samples += 1;
    this.malformedSteps += sample.malformedSteps;
  }
}

/** A sample's steps, in order; the columns beside `data` are copies for filtering. */
export function writeSteps(insertStep: Statement, sampleId: number, steps: readonly Step[]): void {
  steps.forEach((step, ordinal) => {
    insertStep.run(sampleId, ordinal, step.kind, step.kind === "tool_call" || step.kind === "tool_result" ? step.callIndex : null, JSON.stringify(step), step.malformed);
  });
}
