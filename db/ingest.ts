/**
 * Importer, saving half: a parsed bundle into the database in one transaction.
 * Records are read line by line and written as they are parsed, so memory stays
 * flat whatever the bundle's size; any error rolls the whole bundle back.
 */
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { BundleError } from "../lib/import/errors";
import { bundleFile, hashBundleFiles, openBundle, type BundleLimits, DEFAULT_LIMITS } from "../lib/import/bundle";
import { forEachLineSync, parseJsonLine } from "../lib/import/lines";
import { readManifest, type MpwManifest } from "../lib/import/manifest";
import { parseMpwResultRecord, parseMpwTaskRecord, type MpwSample, type MpwTask } from "../lib/import/mpw";
import { factKeySet, tierFromFactCount } from "../lib/metrics/mpw";
import { refreshAggregates } from "./aggregates";
import { BENCHMARKS } from "./benchmarks";
import type { Db } from "./client";
import { submissions, type SubmissionStatus } from "./schema";

export interface IngestOptions {
  /** How the bundle arrived (cli, demo, upload). */
  source: string;
  status: SubmissionStatus;
  limits?: BundleLimits;
  /** Fixed upload time, for reproducible demo data. */
  uploadedAt?: string;
}

export interface IngestResult {
  submissionId: number;
  benchmark: string;
  model: string;
  setting: string;
  samples: number;
  tasks: number;
  duplicate: boolean;
  malformedSteps: number;
  bundleHash: string;
}

export async function ingestBundle(db: Db, path: string, options: IngestOptions): Promise<IngestResult> {
  const bundle = await openBundle(path, options.limits ?? DEFAULT_LIMITS);
  try {
    return ingestBundleDir(db, bundle.root, options);
  } finally {
    bundle.cleanup();
  }
}

export function ingestBundleDir(db: Db, root: string, options: IngestOptions): IngestResult {
  const manifest = readManifest(root);
  switch (manifest.benchmark) {
    case "mpw":
      return ingestMpw(db, root, manifest, options);
  }
}

function ensureBenchmark(db: Db, id: keyof typeof BENCHMARKS): void {
  const meta = BENCHMARKS[id];
  db.$client
    .prepare("INSERT INTO benchmarks (id, name, description) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description")
    .run(id, meta.name, meta.description);
}

function ingestMpw(db: Db, root: string, manifest: MpwManifest, options: IngestOptions): IngestResult {
  const resultFiles = manifest.results.map((name, i) => ({ name, path: bundleFile(root, name, `results.${i}`) }));
  const tasksFile = manifest.tasks ? { name: manifest.tasks, path: bundleFile(root, manifest.tasks, "tasks") } : null;
  const bundleHash = hashBundleFiles([
    { name: "manifest.json", path: join(root, "manifest.json") },
    ...(tasksFile ? [tasksFile] : []),
    ...resultFiles,
  ]);
  const existing = db.select().from(submissions).where(eq(submissions.bundleHash, bundleHash)).get();
  if (existing) return resultOf(existing.id, manifest, existing.sampleCount, existing.taskCount, true, 0, bundleHash);

  const sqlite = db.$client;
  const run = sqlite.transaction(() => {
    ensureBenchmark(db, "mpw");
    const tasks = new TaskWriter(db, "mpw", manifest.benchmarkVersion);
    const knownTasks = new Map<string, MpwTask>();
    if (tasksFile) {
      forEachLineSync(tasksFile.path, tasksFile.name, (line, lineNumber) => {
        const task = parseMpwTaskRecord(parseJsonLine(line, tasksFile.name, lineNumber), tasksFile.name, lineNumber);
        knownTasks.set(task.taskKey, task);
        tasks.idOf(task);
      });
    }
    const submissionId = Number(
      sqlite
        .prepare(
          `INSERT INTO submissions (benchmark_id, benchmark_version, model, agent, setting, bundle_hash, uploaded_at, status, source, sample_count, task_count, runs)
           VALUES ('mpw', ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0)`,
        )
        .run(manifest.benchmarkVersion, manifest.model, manifest.agent ?? null, manifest.setting, bundleHash, options.uploadedAt ?? new Date().toISOString(), options.status, options.source)
        .lastInsertRowid,
    );
    const writer = new MpwSampleWriter(db, submissionId);
    for (const file of resultFiles) {
      forEachLineSync(file.path, file.name, (line, lineNumber) => {
        const value = parseJsonLine(line, file.name, lineNumber);
        const key = typeof value === "object" && value !== null && "index" in value ? String((value as { index: unknown }).index) : "";
        const sample = parseMpwResultRecord(value, file.name, lineNumber, knownTasks.get(key));
        writer.write(sample, tasks.idOf(sample.task), file.name, lineNumber);
      });
    }
    if (writer.samples === 0) throw BundleError.at(manifest.results[0], null, null, "the results hold no records");
    sqlite
      .prepare("UPDATE submissions SET sample_count = ?, task_count = ?, runs = ? WHERE id = ?")
      .run(writer.samples, writer.taskCount, writer.maxRuns, submissionId);
    refreshAggregates(db, submissionId);
    return resultOf(submissionId, manifest, writer.samples, writer.taskCount, false, writer.malformedSteps, bundleHash);
  });
  return run.immediate();
}

function resultOf(
  submissionId: number,
  manifest: MpwManifest,
  samples: number,
  tasks: number,
  duplicate: boolean,
  malformedSteps: number,
  bundleHash: string,
): IngestResult {
  return { submissionId, benchmark: manifest.benchmark, model: manifest.model, setting: manifest.setting, samples, tasks, duplicate, malformedSteps, bundleHash };
}

/** Finds or creates tasks; fills fields an earlier bundle left empty, never overwrites. */
class TaskWriter {
  private readonly ids = new Map<string, number>();
  private readonly select;
  private readonly insert;
  private readonly fill;

  constructor(db: Db, private readonly benchmarkId: string, private readonly version: string) {
    const sqlite = db.$client;
    this.select = sqlite.prepare("SELECT id FROM tasks WHERE benchmark_id = ? AND benchmark_version = ? AND task_key = ?");
    this.insert = sqlite.prepare(
      `INSERT INTO tasks (benchmark_id, benchmark_version, task_key, question, gold_answer, atomic_facts, fact_count, tier, category, language)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.fill = sqlite.prepare(
      `UPDATE tasks SET question = coalesce(question, ?), gold_answer = coalesce(gold_answer, ?),
         category = coalesce(category, ?), language = coalesce(language, ?),
         atomic_facts = CASE WHEN fact_count = 0 THEN ? ELSE atomic_facts END,
         tier = CASE WHEN fact_count = 0 THEN ? ELSE tier END,
         fact_count = CASE WHEN fact_count = 0 THEN ? ELSE fact_count END
       WHERE id = ?`,
    );
  }

  idOf(task: MpwTask): number {
    const cached = this.ids.get(task.taskKey);
    if (cached !== undefined) return cached;
    const factCount = factKeySet(Object.keys(task.atomicFacts)).size;
    const facts = JSON.stringify(task.atomicFacts);
    const tier = tierFromFactCount(factCount);
    const row = this.select.get(this.benchmarkId, this.version, task.taskKey) as { id: number } | undefined;
    let id: number;
    if (row) {
      id = row.id;
      this.fill.run(task.question, task.goldAnswer, task.category, task.language, facts, tier, factCount, id);
    } else {
      id = Number(
        this.insert.run(this.benchmarkId, this.version, task.taskKey, task.question, task.goldAnswer, facts, factCount, tier, task.category, task.language)
          .lastInsertRowid,
      );
    }
    this.ids.set(task.taskKey, id);
    return id;
  }
}

class MpwSampleWriter {
  samples = 0;
  malformedSteps = 0;
  maxRuns = 0;
  private readonly runsByTask = new Map<string, number>();
  private readonly insertSample;
  private readonly insertStep;
  private readonly insertHit;

  constructor(db: Db, private readonly submissionId: number) {
    const sqlite = db.$client;
    this.insertSample = sqlite.prepare(
      `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
         tool_calls, hit_log_calls, hits, fact_count, facts_covered, fcr, hit_rate, compound_rate, tier, category, first_covered_at,
         new_facts_by_call, hits_by_call, actual_turns, max_turns, error_info, malformed_steps, step_count, source_file, source_line)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertStep = sqlite.prepare("INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)");
    this.insertHit = sqlite.prepare(
      "INSERT INTO hit_logs (sample_id, call_index, hit, matched_fact_keys, compound, query, reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
  }

  get taskCount(): number {
    return this.runsByTask.size;
  }

  write(sample: MpwSample, taskId: number, file: string, line: number): void {
    const run = this.runsByTask.get(sample.task.taskKey) ?? 0;
    this.runsByTask.set(sample.task.taskKey, run + 1);
    this.maxRuns = Math.max(this.maxRuns, run + 1);
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
    sample.steps.forEach((step, ordinal) => {
      this.insertStep.run(sampleId, ordinal, step.kind, step.kind === "tool_call" || step.kind === "tool_result" ? step.callIndex : null, JSON.stringify(step), step.malformed);
    });
    for (const entry of sample.hitLog) {
      this.insertHit.run(sampleId, entry.callIndex, entry.hit ? 1 : 0, JSON.stringify(entry.matchedFactKeys), entry.isCompoundQuery ? 1 : 0, entry.query, entry.reason);
    }
    this.samples += 1;
    this.malformedSteps += sample.malformedSteps;
  }
}
