/** Pieces every benchmark's importer shares: benchmark rows, submissions, tasks, duplicates. */
import { factKeySet, tierFromFactCount } from "../lib/benchmarks/mpw/metrics";
import { BENCHMARKS, type BenchmarkId } from "../lib/benchmarks/registry";
import type { Db } from "./client";
import type { SubmissionStatus } from "./schema";

export interface IngestOptions {
  /** How the bundle arrived (cli, demo, upload). */
  source: string;
  status: SubmissionStatus;
  /** Fixed upload time, for reproducible demo data. */
  uploadedAt?: string;
  /** The team token that uploaded the bundle. */
  uploaderTokenId?: number | null;
  /** Longest record line accepted (default MAX_LINE_BYTES); uploads set SEEKBOARD_MAX_LINE_BYTES. */
  maxLineBytes?: number;
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

export function ensureBenchmark(db: Db, id: BenchmarkId): void {
  const meta = BENCHMARKS[id];
  db.$client
    .prepare("INSERT INTO benchmarks (id, name, description) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description")
    .run(id, meta.name, meta.description);
}

/** The submission a bundle with this content hash already became, if any. */
export function existingSubmission(db: Db, bundleHash: string): { id: number; sample_count: number; task_count: number } | undefined {
  return db.$client.prepare("SELECT id, sample_count, task_count FROM submissions WHERE bundle_hash = ?").get(bundleHash) as
    | { id: number; sample_count: number; task_count: number }
    | undefined;
}

export function insertSubmission(
  db: Db,
  fields: { benchmark: BenchmarkId; version: string; model: string; agent: string | null; setting: string; bundleHash: string },
  options: IngestOptions,
): number {
  return Number(
    db.$client
      .prepare(
        `INSERT INTO submissions (benchmark_id, benchmark_version, model, agent, setting, bundle_hash, uploaded_at, status, source, sample_count, task_count, runs, uploader_token_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)`,
      )
      .run(
        fields.benchmark,
        fields.version,
        fields.model,
        fields.agent,
        fields.setting,
        fields.bundleHash,
        options.uploadedAt ?? new Date().toISOString(),
        options.status,
        options.source,
        options.uploaderTokenId ?? null,
      ).lastInsertRowid,
  );
}

export function finishSubmission(db: Db, submissionId: number, counts: { samples: number; tasks: number; runs: number }, importNotes?: Record<string, unknown>): void {
  db.$client
    .prepare("UPDATE submissions SET sample_count = ?, task_count = ?, runs = ?, import_notes = ? WHERE id = ?")
    .run(counts.samples, counts.tasks, counts.runs, importNotes ? JSON.stringify(importNotes) : null, submissionId);
}

/** A task as any importer hands it over. */
export interface TaskInput {
  taskKey: string;
  question: string | null;
  goldAnswer: string | null;
  atomicFacts: Record<string, string>;
  category: string | null;
  language: string | null;
  extra?: Record<string, unknown> | null;
}

/** Finds or creates tasks; fills fields an earlier bundle left empty, never overwrites. */
export class TaskWriter {
  private readonly ids = new Map<string, number>();
  private readonly select;
  private readonly insert;
  private readonly fill;

  constructor(
    db: Db,
    private readonly benchmarkId: string,
    private readonly version: string,
  ) {
    const sqlite = db.$client;
    this.select = sqlite.prepare("SELECT id FROM tasks WHERE benchmark_id = ? AND benchmark_version = ? AND task_key = ?");
    this.insert = sqlite.prepare(
      `INSERT INTO tasks (benchmark_id, benchmark_version, task_key, question, gold_answer, atomic_facts, fact_count, tier, category, language, extra)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.fill = sqlite.prepare(
      `UPDATE tasks SET question = coalesce(question, ?), gold_answer = coalesce(gold_answer, ?),
         category = coalesce(category, ?), language = coalesce(language, ?), extra = coalesce(extra, ?),
         atomic_facts = CASE WHEN fact_count = 0 THEN ? ELSE atomic_facts END,
         tier = CASE WHEN fact_count = 0 THEN ? ELSE tier END,
         fact_count = CASE WHEN fact_count = 0 THEN ? ELSE fact_count END
       WHERE id = ?`,
    );
  }

  get count(): number {
    return this.ids.size;
  }

  idOf(task: TaskInput): number {
    const cached = this.ids.get(task.taskKey);
    if (cached !== undefined) return cached;
    const factCount = factKeySet(Object.keys(task.atomicFacts)).size;
    const facts = JSON.stringify(task.atomicFacts);
    const tier = tierFromFactCount(factCount);
    const extra = task.extra ? JSON.stringify(task.extra) : null;
    const row = this.select.get(this.benchmarkId, this.version, task.taskKey) as { id: number } | undefined;
    let id: number;
    if (row) {
      id = row.id;
      this.fill.run(task.question, task.goldAnswer, task.category, task.language, extra, facts, tier, factCount, id);
    } else {
      id = Number(
        this.insert.run(this.benchmarkId, this.version, task.taskKey, task.question, task.goldAnswer, facts, factCount, tier, task.category, task.language, extra)
          .lastInsertRowid,
      );
    }
    this.ids.set(task.taskKey, id);
    return id;
  }
}

/** Runs are numbered per task in the order samples arrive: the same task again is its next run. */
export class RunCounter {
  private readonly runs = new Map<string, number>();
  max = 0;

  next(taskKey: string): number {
    const run = this.runs.get(taskKey) ?? 0;
    this.runs.set(taskKey, run + 1);
    this.max = Math.max(this.max, run + 1);
    return run;
  }

  get tasks(): number {
    return this.runs.size;
  }
}
