/**
 * WideSearch importer, saving half. Native bundles are scored here (the response's
 * table against the gold CSV); results-only bundles carry the producer's per-run
 * evaluation CSVs, and their summary JSONs are checked against our aggregation.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bundleDir, bundleFile, hashBundleFiles } from "../lib/import/bundle";
import { BundleError } from "../lib/import/errors";
import { forEachLineSync, parseJsonLine, readBundleText } from "../lib/import/lines";
import type { WideSearchManifest } from "../lib/import/manifest";
import { aggregateWideSearch } from "../lib/benchmarks/widesearch/aggregate";
import {
  languageFromInstanceId,
  parseWideSearchEvalCsv,
  parseWideSearchGoldCsv,
  parseWideSearchResponseFile,
  parseWideSearchSummary,
  parseWideSearchTask,
  type GoldTable,
  type WideSearchTask,
} from "../lib/benchmarks/widesearch/formats";
import { scoreWideSearch } from "../lib/benchmarks/widesearch/score";
import { scoredMetrics, summaryCheck, wideSearchReason, type WideSearchSampleMetrics } from "../lib/benchmarks/widesearch/stored";
import { toolCallCounts, wideSearchSteps } from "../lib/benchmarks/widesearch/trajectory";
import type { Step } from "../lib/trajectory/steps";
import { refreshAggregates } from "./aggregates";
import type { Db } from "./client";
import { writeSteps } from "./ingest-mpw";
import { ensureBenchmark, existingSubmission, finishSubmission, insertSubmission, RunCounter, TaskWriter, type IngestOptions, type IngestResult } from "./ingest-shared";

interface BundleFileRef {
  name: string;
  path: string;
}

function filesOf(root: string, manifest: WideSearchManifest): { hashed: BundleFileRef[]; goldDir: string | null } {
  const hashed: BundleFileRef[] = [{ name: "manifest.json", path: join(root, "manifest.json") }];
  let goldDir: string | null = null;
  if (manifest.evaluations) {
    manifest.evaluations.forEach((name, i) => hashed.push({ name, path: bundleFile(root, name, `evaluations.${i}`) }));
    manifest.summaries?.forEach((name, i) => hashed.push({ name, path: bundleFile(root, name, `summaries.${i}`) }));
  } else {
    hashed.push({ name: manifest.tasks!, path: bundleFile(root, manifest.tasks!, "tasks") });
    goldDir = bundleDir(root, manifest.gold!, "gold");
    // Bundle paths are only known at run time: keep the bundler from tracing them.
    for (const entry of readdirSync(/*turbopackIgnore: true*/ goldDir).filter((f) => f.endsWith(".csv")).sort()) {
      hashed.push({ name: `${manifest.gold}/${entry}`, path: join(/*turbopackIgnore: true*/ goldDir, entry) });
    }
    manifest.results!.forEach((name, i) => hashed.push({ name, path: bundleFile(root, name, `results.${i}`) }));
  }
  return { hashed, goldDir };
}

export function ingestWideSearch(db: Db, root: string, manifest: WideSearchManifest, options: IngestOptions): IngestResult {
  const { hashed, goldDir } = filesOf(root, manifest);
  const bundleHash = hashBundleFiles(hashed);
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
    ensureBenchmark(db, "widesearch");
    const submissionId = insertSubmission(
      db,
      { benchmark: "widesearch", version: manifest.benchmarkVersion, model: manifest.model, agent: manifest.agent ?? null, setting: manifest.setting, bundleHash },
      options,
    );
    const writer = new WideSearchSampleWriter(db, submissionId, new TaskWriter(db, "widesearch", manifest.benchmarkVersion));
    let notes: Record<string, unknown> | undefined;
    if (manifest.evaluations) {
      notes = importEvaluations(root, manifest, writer);
    } else {
      importNative(root, manifest, goldDir!, writer, options.maxLineBytes);
    }
    if (writer.samples === 0) throw BundleError.at((manifest.evaluations ?? manifest.results!)[0], null, null, "no samples in the bundle");
    finishSubmission(db, submissionId, { samples: writer.samples, tasks: writer.runs.tasks, runs: writer.runs.max }, notes);
    refreshAggregates(db, submissionId);
    return result(submissionId, writer.samples, writer.runs.tasks, false, writer.malformedSteps);
  });
  return run.immediate();
}

function importNative(root: string, manifest: WideSearchManifest, goldDir: string, writer: WideSearchSampleWriter, maxLineBytes?: number): void {
  const tasks = new Map<string, WideSearchTask>();
  const tasksName = manifest.tasks!;
  forEachLineSync(
    bundleFile(root, tasksName, "tasks"),
    tasksName,
    (line, lineNumber) => {
      const task = parseWideSearchTask(parseJsonLine(line, tasksName, lineNumber), tasksName, lineNumber);
      tasks.set(task.instanceId, task);
    },
    maxLineBytes,
  );
  const golds = new Map<string, GoldTable>();
  const goldOf = (task: WideSearchTask, file: string, line: number): GoldTable => {
    const cached = golds.get(task.instanceId);
    if (cached) return cached;
    const goldName = `${manifest.gold}/${task.instanceId}.csv`;
    const goldPath = join(goldDir, `${task.instanceId}.csv`);
    if (!existsSync(goldPath)) throw BundleError.at(file, line, "instance_id", `no gold table ${goldName} for ${task.instanceId}`);
    const text = readBundleText(goldPath, goldName);
    const gold = parseWideSearchGoldCsv(text, goldName, task.evaluation.required);
    golds.set(task.instanceId, gold);
    return gold;
  };
  for (const name of manifest.results!) {
    // Response files may be pretty-printed JSON objects one after another, so they are read whole.
    const { responses } = parseWideSearchResponseFile(readBundleText(bundleFile(root, name, "results"), name, { json: true }), name);
    for (const response of responses) {
      const task = tasks.get(response.instanceId);
      if (!task) throw BundleError.at(name, response.line, "instance_id", `${response.instanceId} is not in ${tasksName}`);
      const gold = goldOf(task, name, response.line);
      const score = scoreWideSearch(response.response, task, gold);
      const steps = wideSearchSteps(response.messages);
      const calls = toolCallCounts(steps, response.toolCallCounts);
      writer.write({
        task: { taskKey: task.instanceId, question: task.query, goldAnswer: null, atomicFacts: {}, category: null, language: task.language, extra: { evaluation: task.evaluation, gold } },
        prediction: response.response,
        status: score.status,
        metrics: {
          ...scoredMetrics(score),
          trialIdx: response.trialIdx,
          searchCalls: calls.search,
          browseCalls: calls.browse,
        },
        detail: { score },
        rationale: null,
        steps,
        file: name,
        line: response.line,
      });
    }
  }
}

function importEvaluations(root: string, manifest: WideSearchManifest, writer: WideSearchSampleWriter): Record<string, unknown> {
  const checks = [];
  for (const [i, name] of manifest.evaluations!.entries()) {
    const rows = parseWideSearchEvalCsv(readBundleText(bundleFile(root, name, `evaluations.${i}`), name), name);
    for (const row of rows) {
      writer.write({
        task: { taskKey: row.instanceId, question: null, goldAnswer: null, atomicFacts: {}, category: null, language: languageFromInstanceId(row.instanceId) },
        prediction: null,
        status: "evaluated",
        metrics: {
          success: row.success,
          rowPrecision: row.rowPrecision,
          rowRecall: row.rowRecall,
          rowF1: row.rowF1,
          itemPrecision: row.itemPrecision,
          itemRecall: row.itemRecall,
          itemF1: row.itemF1,
          reason: wideSearchReason(row.msg),
          complete: true,
          unscoredCells: 0,
          trialIdx: row.trialIdx,
          searchCalls: null,
          browseCalls: null,
        },
        detail: null,
        rationale: row.msg,
        steps: [],
        file: name,
        line: row.line,
      });
    }
    const summaryName = manifest.summaries?.[i];
    if (summaryName) {
      const summaryText = readBundleText(bundleFile(root, summaryName, `summaries.${i}`), summaryName, { json: true });
      let summaryJson: unknown;
      try {
        summaryJson = JSON.parse(summaryText);
      } catch (error) {
        throw BundleError.at(summaryName, null, null, `invalid JSON: ${(error as Error).message}`);
      }
      const summary = parseWideSearchSummary(summaryJson, summaryName);
      checks.push({ evaluation: name, ...summaryCheck(aggregateWideSearch(rows), summary, summaryName) });
    }
  }
  return checks.length ? { summaryChecks: checks } : {};
}

interface WideSearchSampleInput {
  task: Parameters<TaskWriter["idOf"]>[0];
  prediction: string | null;
  status: string;
  metrics: WideSearchSampleMetrics;
  detail: Record<string, unknown> | null;
  rationale: string | null;
  steps: Step[];
  file: string;
  line: number;
}

class WideSearchSampleWriter {
  samples = 0;
  malformedSteps = 0;
  readonly runs = new RunCounter();
  private readonly insertSample;
  private readonly insertStep;

  constructor(
    db: Db,
    private readonly submissionId: number,
    private readonly tasks: TaskWriter,
  ) {
    const sqlite = db.$client;
    // The MPW-specific columns hold neutral values; WideSearch's figures live in `metrics`.
    this.insertSample = sqlite.prepare(
      `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
         tool_calls, hit_log_calls, hits, fact_count, facts_covered, fcr, hit_rate, compound_rate, tier, category, first_covered_at,
         malformed_steps, step_count, source_file, source_line, metrics, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'widesearch-scorer', NULL, ?, ?, 0, 0, 0, 0, NULL, 0, NULL, NULL, NULL, '{}', ?, ?, ?, ?, ?, ?)`,
    );
    this.insertStep = sqlite.prepare("INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)");
  }

  write(input: WideSearchSampleInput): void {
    const taskId = this.tasks.idOf(input.task);
    const run = this.runs.next(input.task.taskKey);
    const malformed = input.steps.filter((s) => s.malformed !== null).length;
    const toolCalls = (input.metrics.searchCalls ?? 0) + (input.metrics.browseCalls ?? 0);
    const sampleId = Number(
      this.insertSample.run(
        this.submissionId, taskId, input.task.taskKey, run, input.prediction, input.status, input.metrics.success ? 1 : 0, input.rationale,
        toolCalls, malformed, input.steps.length, input.file, input.line, JSON.stringify(input.metrics), input.detail ? JSON.stringify(input.detail) : null,
      ).lastInsertRowid,
    );
    writeSteps(this.insertStep, sampleId, input.steps);
    this.samples += 1;
    this.malformedSteps += malformed;
  }
}
