/**
 * The ingest's writers, the same for every benchmark: benchmark rows, submissions, tasks,
 * samples with their steps and hit logs. The samples are the hot path, written per engine:
 * SQLite with prepared statements row by row (in-process, a round trip costs nothing),
 * PostgreSQL with multi-row inserts in batches (a round trip per row would dominate).
 */
import { factKeySet } from "../lib/benchmarks/atomic-facts";
import { BENCHMARKS, benchmarkModule, type BenchmarkId } from "../lib/benchmarks/registry";
import type { BundleRead, SampleRow, TaskInput } from "../lib/import/importer";
import {
  sampleGrounding,
  type AnswerGrounding,
  type SampleGrounding,
} from "../lib/metrics/grounding";
import {
  and,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  lt,
  notExists,
  sql,
  type Table,
} from "drizzle-orm";
import { z } from "zod";
import {
  deferToWaitingWriters,
  engineOf,
  first,
  rawRows,
  sqliteClientOf,
  withTx,
  type Db,
} from "./client";
import {
  auditEntries,
  benchmarks,
  hitLogs,
  reevalJobs,
  sampleFacts,
  sampleFailureModes,
  samples,
  steps,
  submissions,
  submissionTasks,
  tasks,
  type StoredSubmissionStatus,
  type SubmissionStatus,
} from "./schema";
import * as pgSchema from "./schema-pg";
import { failureModesOfRow } from "./failure-modes";

const insertedSampleSchema = z.array(
  z.object({ id: z.number(), task_key: z.string(), run: z.number() }),
);

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
  /** Bytes the import may read in all (default `DEFAULT_LIMITS.maxUnpackedBytes`); uploads set SEEKBOARD_MAX_UNPACKED_BYTES. */
  maxReadBytes?: number;
  /** Told how far the import is, as it reads and writes (often: throttle what it does). */
  onProgress?: (progress: IngestProgress) => void;
  /**
   * This import runs again after its process died (an upload job taken up by the next
   * worker): a submission of the same bundle and the same team still `importing` is what the
   * dead one left, removed at once rather than waited for until its heartbeat is stale.
   */
  afterDeadImport?: boolean;
}

/** How far an import is: bytes of the bundle's named files read of their total, samples written. */
export interface IngestProgress {
  done: number;
  total: number;
  samples: number;
}

export async function ensureBenchmark(db: Db, id: BenchmarkId): Promise<void> {
  const meta = BENCHMARKS[id];
  await db
    .insert(benchmarks)
    .values({ id, name: meta.name, description: meta.description })
    .onConflictDoUpdate({
      target: benchmarks.id,
      set: { name: meta.name, description: meta.description },
    });
}

/** The submission a bundle with this content hash already became, or is becoming (status `importing`), if any. */
export function existingSubmission(
  db: Db,
  bundleHash: string,
): Promise<
  | {
      id: number;
      sampleCount: number;
      taskCount: number;
      status: StoredSubmissionStatus;
      importHeartbeatAt: string | null;
      uploaderTokenId: number | null;
    }
  | undefined
> {
  return first(
    db
      .select({
        id: submissions.id,
        sampleCount: submissions.sampleCount,
        taskCount: submissions.taskCount,
        status: submissions.status,
        importHeartbeatAt: submissions.importHeartbeatAt,
        uploaderTokenId: submissions.uploaderTokenId,
      })
      .from(submissions)
      .where(eq(submissions.bundleHash, bundleHash))
      .limit(1),
  );
}

/**
 * A new submission row, `importing` (seen by no one) until `publishSubmission`; a bundle already
 * stored or being imported (the unique bundle hash) makes this throw, even when two imports race.
 */
export async function insertSubmission(
  db: Db,
  fields: {
    benchmark: BenchmarkId;
    version: string;
    model: string;
    agent: string | null;
    setting: string;
    bundleHash: string;
  },
  options: IngestOptions,
): Promise<number> {
  const [row] = await db
    .insert(submissions)
    .values({
      benchmarkId: fields.benchmark,
      benchmarkVersion: fields.version,
      model: fields.model,
      agent: fields.agent,
      setting: fields.setting,
      bundleHash: fields.bundleHash,
      uploadedAt: options.uploadedAt ?? new Date().toISOString(),
      status: "importing",
      importHeartbeatAt: new Date().toISOString(),
      source: options.source,
      sampleCount: 0,
      taskCount: 0,
      runs: 0,
      uploaderTokenId: options.uploaderTokenId ?? null,
    })
    .returning({ id: submissions.id });
  return row.id;
}

/** An import whose last batch committed longer ago than this died (its process was killed): it is removed, and the bundle may be imported again. */
export const IMPORT_STALE_MS = 60_000;

/**
 * The submission a bundle with this hash became, once settled: an import of it still running
 * in another process (or this one) is waited for — published, it is the answer; failed, or
 * dead (no batch for IMPORT_STALE_MS, or `deadImportOf` the same team: it is removed here),
 * there is none.
 */
export async function settledSubmission(
  db: Db,
  bundleHash: string,
  deadImportOf?: number | null,
): Promise<{ id: number; sampleCount: number; taskCount: number } | undefined> {
  for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
    const existing = await existingSubmission(db, bundleHash);
    if (!existing || existing.status !== "importing") return existing;
    const beat = Date.parse(existing.importHeartbeatAt ?? "");
    const dead =
      (deadImportOf !== undefined && existing.uploaderTokenId === deadImportOf) ||
      !(beat > Date.now() - IMPORT_STALE_MS);
    if (dead) {
      await removeImport(db, existing.id);
      return undefined;
    }
    await new Promise((done) => setTimeout(done, wait));
  }
}

/**
 * Removes every import whose process died (no batch for IMPORT_STALE_MS), as the worker's
 * periodic recovery: what a killed `cli ingest` left is otherwise only cleared by the next
 * import of the same bundle. Returns how many.
 */
export async function removeDeadImports(db: Db, now: Date = new Date()): Promise<number> {
  const dead = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.status, "importing"),
        lt(submissions.importHeartbeatAt, new Date(now.getTime() - IMPORT_STALE_MS).toISOString()),
      ),
    );
  for (const { id } of dead) await removeImport(db, id);
  return dead.length;
}

/** Samples removed per transaction when an import is taken back (their steps go with them). */
const REMOVE_BATCH = 256;

/**
 * Takes back a failed or dead import, a batch of samples per transaction, then the submission
 * (what hangs on it goes with it), then the tasks it stated that nothing else uses — those
 * its batches created, whose text and facts no other bundle stated. Only a submission still
 * `importing` is touched.
 */
export async function removeImport(db: Db, submissionId: number): Promise<void> {
  const importing = and(eq(submissions.id, submissionId), eq(submissions.status, "importing"));
  for (;;) {
    await deferToWaitingWriters(db);
    const removed = await withTx(db, async (tx) => {
      if (!(await first(tx.select({ id: submissions.id }).from(submissions).where(importing))))
        return 0;
      const ids = await tx
        .select({ id: samples.id })
        .from(samples)
        .where(eq(samples.submissionId, submissionId))
        .limit(REMOVE_BATCH);
      if (ids.length)
        await tx.delete(samples).where(
          inArray(
            samples.id,
            ids.map((row) => row.id),
          ),
        );
      return ids.length;
    });
    if (removed === 0) break;
  }
  await withTx(db, async (tx) => {
    const stated = (
      await tx
        .select({ taskId: submissionTasks.taskId })
        .from(submissionTasks)
        .innerJoin(submissions, eq(submissions.id, submissionTasks.submissionId))
        .where(importing)
    ).map((row) => row.taskId);
    await tx.delete(submissions).where(importing);
    const unused = (table: typeof samples | typeof submissionTasks | typeof auditEntries) =>
      notExists(
        tx
          .select({ one: sql`1` })
          .from(table)
          .where(eq(table.taskId, tasks.id)),
      );
    for (let start = 0; start < stated.length; start += REMOVE_BATCH)
      await tx.delete(tasks).where(
        and(
          inArray(tasks.id, stated.slice(start, start + REMOVE_BATCH)),
          unused(samples),
          unused(submissionTasks),
          unused(auditEntries),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(reevalJobs)
              .where(eq(reevalJobs.taskId, tasks.id)),
          ),
        ),
      );
  });
}

/** An importing submission's batch has committed: it is alive (see `IMPORT_STALE_MS`). */
export async function importHeartbeat(db: Db, submissionId: number): Promise<void> {
  await db
    .update(submissions)
    .set({ importHeartbeatAt: new Date().toISOString() })
    .where(eq(submissions.id, submissionId));
}

/**
 * Publishes an imported submission: records what reading the bundle found (its counts, import
 * notes and judge model — null: neither the manifest nor the records name one) and gives it
 * its status, which makes it visible.
 */
export async function publishSubmission(
  db: Db,
  submissionId: number,
  status: SubmissionStatus,
  counts: { samples: number; tasks: number; runs: number },
  read?: BundleRead,
): Promise<void> {
  await db
    .update(submissions)
    .set({
      status,
      importHeartbeatAt: null,
      sampleCount: counts.samples,
      taskCount: counts.tasks,
      runs: counts.runs,
      importNotes: read?.importNotes ?? null,
      judgeModel: read?.judgeModel ?? null,
    })
    .where(eq(submissions.id, submissionId));
}

/**
 * A value as PostgreSQL can store it. Its text and JSON cannot hold U+0000, which SQLite
 * stores and model outputs occasionally contain, nor (in JSON) a lone UTF-16 surrogate,
 * which an output cut in the middle of an emoji leaves: both are written as U+FFFD, the
 * replacement character (what SQLite itself stores for a lone surrogate). Also measures
 * the value's strings, which bound a batch's size. A value needing nothing is returned as
 * it is (the walk allocates nothing).
 */
export function storableOnPostgres<T>(value: T): { value: T; chars: number } {
  const walk = { chars: 0, unstorable: false };
  measure(value, walk);
  return { value: walk.unstorable ? replaceUnstorable(value) : value, chars: walk.chars };
}

function unstorable(text: string): boolean {
  return text.includes("\u0000") || !text.isWellFormed();
}

function measure(value: unknown, walk: { chars: number; unstorable: boolean }): void {
  if (typeof value === "string") {
    walk.chars += value.length;
    if (!walk.unstorable && unstorable(value)) walk.unstorable = true;
  } else if (Array.isArray(value)) {
    for (const item of value) measure(item, walk);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      measure(key, walk);
      measure(item, walk);
    }
  }
}

function replaceUnstorable<T>(value: T): T {
  if (typeof value === "string")
    return (unstorable(value) ? value.toWellFormed().replaceAll("\u0000", "\uFFFD") : value) as T;
  if (Array.isArray(value)) return value.map(replaceUnstorable) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[replaceUnstorable(key)] = replaceUnstorable(item);
    return out as T;
  }
  return value;
}

/** A JSON column's value as drizzle takes it: it reads the prototype, and maps keyed by data have none. */
function plain<T extends object>(value: T): T {
  return { ...value };
}

/** What a bundle adds to a shared task row that lacks it, as the row stores it. */
interface TaskFillIn {
  id: number;
  goldAnswer: string | null;
  category: string | null;
  language: string | null;
  extra: Record<string, unknown> | null;
  atomicFacts: Record<string, unknown>;
  factCount: number;
  tier: string | null;
}

/**
 * Finds or creates tasks, and records each as this submission states it. The shared task
 * row (benchmark, version, task id) takes what it lacks from the bundle and never loses
 * what it has — only once the whole bundle has been read (`fillIn`), so a bundle refused
 * half-way changes no other submission's task; the question and gold answer a page shows
 * are the submission's own (`submission_tasks`), so a bundle without them never shows
 * another one's. Each call takes the transaction of the batch it writes in.
 */
export class TaskWriter {
  /** Each task read so far: its row id, and whether its question and gold answer are recorded for this submission. */
  private readonly seen = new Map<string, { id: number; question: boolean; gold: boolean }>();
  /** Shared rows that existed before this import, and what this bundle would add to them. */
  private readonly fillIns: TaskFillIn[] = [];

  constructor(
    private readonly benchmarkId: string,
    private readonly version: string,
    private readonly submissionId: number,
  ) {}

  get count(): number {
    return this.seen.size;
  }

  async idOf(db: Db, input: TaskInput): Promise<number> {
    const known = this.seen.get(input.taskKey);
    if (known !== undefined) {
      // A task met again (its samples after its task line, or the other way round) adds what was missing.
      if (
        (!known.question && input.question !== null) ||
        (!known.gold && input.goldAnswer !== null)
      )
        await this.recordOwn(db, known.id, input);
      return known.id;
    }
    const task = engineOf(db) === "postgres" ? storableOnPostgres(input).value : input;
    const factCount = factKeySet(Object.keys(task.atomicFacts)).size;
    const tier = benchmarkModule(this.benchmarkId).taskTier?.(factCount) ?? null;
    const extra = task.extra ? plain(task.extra) : null;
    const atomicFacts = plain(task.atomicFacts);
    const stored = () =>
      first(
        db
          .select({ id: tasks.id })
          .from(tasks)
          .where(
            and(
              eq(tasks.benchmarkId, this.benchmarkId),
              eq(tasks.benchmarkVersion, this.version),
              eq(tasks.taskKey, task.taskKey),
            ),
          )
          .limit(1),
      );
    let row = await stored();
    if (!row) {
      // Another import (on PostgreSQL, at the same moment) may create it first: then it is theirs.
      const [inserted] = await db
        .insert(tasks)
        .values({
          benchmarkId: this.benchmarkId,
          benchmarkVersion: this.version,
          taskKey: task.taskKey,
          goldAnswer: task.goldAnswer,
          atomicFacts,
          factCount,
          tier,
          category: task.category,
          language: task.language,
          extra,
        })
        .onConflictDoNothing()
        .returning({ id: tasks.id });
      if (inserted) {
        await this.recordOwn(db, inserted.id, task);
        return inserted.id;
      }
      row = await stored();
      if (!row) throw new Error(`task ${task.taskKey}: neither stored nor insertable`);
    }
    const { id } = row;
    this.fillIns.push({
      id,
      goldAnswer: task.goldAnswer,
      category: task.category,
      language: task.language,
      extra,
      atomicFacts,
      factCount,
      tier,
    });
    await this.recordOwn(db, id, task);
    return id;
  }

  /**
   * What the stored tasks lack, from this bundle (the facts only when a task has none): up to
   * `batch` tasks per transaction of `transact`, once the bundle has been read whole.
   */
  async fillIn(
    transact: (write: (tx: Db) => Promise<void>) => Promise<void>,
    batch: number,
  ): Promise<void> {
    for (let start = 0; start < this.fillIns.length; start += batch) {
      const chunk = this.fillIns.slice(start, start + batch);
      await transact(async (tx) => {
        for (const fill of chunk)
          await tx
            .update(tasks)
            .set({
              goldAnswer: sql`coalesce(${tasks.goldAnswer}, ${fill.goldAnswer})`,
              category: sql`coalesce(${tasks.category}, ${fill.category})`,
              language: sql`coalesce(${tasks.language}, ${fill.language})`,
              extra: sql`coalesce(${tasks.extra}, ${fill.extra === null ? null : sql.param(fill.extra, tasks.extra)})`,
              atomicFacts: sql`CASE WHEN ${tasks.factCount} = 0 THEN ${sql.param(fill.atomicFacts, tasks.atomicFacts)} ELSE ${tasks.atomicFacts} END`,
              tier: sql`CASE WHEN ${tasks.factCount} = 0 THEN ${fill.tier} ELSE ${tasks.tier} END`,
              factCount: sql`CASE WHEN ${tasks.factCount} = 0 THEN ${fill.factCount} ELSE ${tasks.factCount} END`,
            })
            .where(eq(tasks.id, fill.id));
      });
    }
  }

  /** This submission's question and gold answer of the task: the first each bundle line gives, kept. */
  private async recordOwn(db: Db, id: number, task: TaskInput): Promise<void> {
    const text = engineOf(db) === "postgres" ? storableOnPostgres(task).value : task;
    await db
      .insert(submissionTasks)
      .values({
        submissionId: this.submissionId,
        taskId: id,
        question: text.question,
        goldAnswer: text.goldAnswer,
      })
      .onConflictDoUpdate({
        target: [submissionTasks.submissionId, submissionTasks.taskId],
        set: {
          question: sql`coalesce(${submissionTasks.question}, excluded.question)`,
          goldAnswer: sql`coalesce(${submissionTasks.goldAnswer}, excluded.gold_answer)`,
        },
      });
    const known = this.seen.get(task.taskKey);
    this.seen.set(task.taskKey, {
      id,
      question: (known?.question ?? false) || task.question !== null,
      gold: (known?.gold ?? false) || task.goldAnswer !== null,
    });
  }
}

/** Writes a bundle's samples with their steps and hit logs, and counts what the submission row records. */
export interface SampleWriter {
  /** Writes (or buffers) a sample in the transaction `db`. */
  write(db: Db, row: SampleRow): Promise<void>;
  /** Writes what is still buffered: call before the transaction `db` ends. */
  flush(db: Db): Promise<void>;
  readonly samples: number;
  /** Distinct tasks among the samples written. */
  readonly tasks: number;
  /** The most runs any task has. */
  readonly runs: number;
  readonly malformedSteps: number;
}

/** `grounding`: the benchmark's answer grounding (its module's), null when it has none. */
export function sampleWriter(
  db: Db,
  submissionId: number,
  benchmark: BenchmarkId,
  taskWriter: TaskWriter,
  grounding: AnswerGrounding | null,
): SampleWriter {
  const sqlite = sqliteClientOf(db);
  return sqlite
    ? new SqliteSampleWriter(sqlite, submissionId, benchmark, taskWriter, grounding)
    : new PostgresSampleWriter(submissionId, benchmark, taskWriter, grounding);
}

/** What both writers count, and each sample's grounding. */
abstract class SampleCounts {
  samples = 0;
  malformedSteps = 0;
  runs = 0;
  private readonly taskKeys = new Set<string>();

  constructor(private readonly grounding: AnswerGrounding | null) {}

  /** Computed here from the steps in memory, so the boards never read steps for it. */
  protected grounded(row: SampleRow): SampleGrounding {
    const rules = this.grounding;
    if (!rules) return { answerSeenAtCall: null, goldSeenAtCall: null };
    return sampleGrounding(
      row.steps,
      rules.finalAnswer(row.prediction),
      rules.goldText(row.task.goldAnswer),
    );
  }

  get tasks(): number {
    return this.taskKeys.size;
  }

  protected counted(row: SampleRow): number {
    let malformed = 0;
    for (const step of row.steps) if (step.malformed !== null) malformed += 1;
    this.taskKeys.add(row.task.taskKey);
    this.runs = Math.max(this.runs, row.run + 1);
    this.samples += 1;
    this.malformedSteps += malformed;
    return malformed;
  }
}

type Sqlite = NonNullable<ReturnType<typeof sqliteClientOf>>;

/** SQLite: prepared statements, a sample with its steps and hit logs at a time. */
class SqliteSampleWriter extends SampleCounts implements SampleWriter {
  private readonly insertSample;
  private readonly insertFacts;
  private readonly insertStep;
  private readonly insertHit;
  private readonly insertMode;

  constructor(
    sqlite: Sqlite,
    private readonly submissionId: number,
    private readonly benchmark: BenchmarkId,
    private readonly taskWriter: TaskWriter,
    grounding: AnswerGrounding | null,
  ) {
    super(grounding);
    this.insertSample = sqlite.prepare(
      `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
         tool_calls, tier, category, actual_turns, max_turns, error_info, malformed_steps, step_count, source_file, source_line, metrics, detail,
         prompt_tokens, completion_tokens, cost_usd, seconds, answer_seen_at_call, gold_seen_at_call, grounding_pending)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    this.insertFacts = sqlite.prepare(
      `INSERT INTO sample_facts (sample_id, submission_id, correct, status, tool_calls, hit_log_calls, hits, fact_count, facts_covered,
         fcr, hit_rate, compound_rate, first_covered_at, new_facts_by_call, hits_by_call)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertStep = sqlite.prepare(
      "INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.insertHit = sqlite.prepare(
      "INSERT INTO hit_logs (sample_id, call_index, hit, matched_fact_keys, compound, query, reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    this.insertMode = sqlite.prepare(
      "INSERT INTO sample_failure_modes (sample_id, submission_id, mode) VALUES (?, ?, ?)",
    );
  }

  async write(db: Db, row: SampleRow): Promise<void> {
    const taskId = await this.taskWriter.idOf(db, row.task);
    const { steps } = row;
    const malformed = this.counted(row);
    const grounding = this.grounded(row);
    const sampleId = Number(
      this.insertSample.run(
        this.submissionId,
        taskId,
        row.task.taskKey,
        row.run,
        row.prediction,
        row.status,
        row.correct ? 1 : 0,
        row.verdictSource,
        row.verdictLabel,
        row.judgeRationale,
        row.toolCalls,
        row.tier,
        row.category,
        row.actualTurns,
        row.maxTurns,
        row.errorInfo,
        malformed,
        steps.length,
        row.file,
        row.line,
        row.metrics ? JSON.stringify(row.metrics) : null,
        row.detail ? JSON.stringify(row.detail) : null,
        row.usage?.promptTokens ?? null,
        row.usage?.completionTokens ?? null,
        row.usage?.costUsd ?? null,
        row.usage?.seconds ?? null,
        grounding.answerSeenAtCall,
        grounding.goldSeenAtCall,
      ).lastInsertRowid,
    );
    const { facts } = row;
    if (facts)
      this.insertFacts.run(
        sampleId,
        this.submissionId,
        row.correct ? 1 : 0,
        row.status,
        row.toolCalls,
        facts.hitLogCalls,
        facts.hits,
        facts.factCount,
        facts.factsCovered,
        facts.fcr,
        facts.hitRate,
        facts.compoundRate,
        JSON.stringify(facts.firstCoveredAt),
        JSON.stringify(facts.newFactsByCall),
        JSON.stringify(facts.hitsByCall),
      );
    // The columns beside a step's `data` are copies for filtering.
    steps.forEach((step, ordinal) => {
      this.insertStep.run(
        sampleId,
        ordinal,
        step.kind,
        step.kind === "tool_call" || step.kind === "tool_result" ? step.callIndex : null,
        JSON.stringify(step),
        step.malformed,
      );
    });
    for (const entry of row.hitLog) {
      this.insertHit.run(
        sampleId,
        entry.callIndex,
        entry.hit ? 1 : 0,
        JSON.stringify(entry.matchedFactKeys),
        entry.isCompoundQuery ? 1 : 0,
        entry.query,
        entry.reason,
      );
    }
    for (const mode of failureModesOfRow(this.benchmark, row))
      this.insertMode.run(sampleId, this.submissionId, mode);
  }

  async flush(): Promise<void> {}
}

/** Samples per insert, and buffered steps that also end a batch. */
const PG_SAMPLE_BATCH = 500;
const PG_STEP_BATCH = 5000;
/** …and the characters of their strings: a browsing agent's pages can make a few steps megabytes. */
const PG_BATCH_CHARS = 8_000_000;

/**
 * One PostgreSQL insert of many rows, sent as one JSON document (`INSERT … SELECT * FROM
 * json_to_recordset($1) AS r(…)`): a short statement with a single parameter whatever the
 * rows, serialised by JSON.stringify, where a VALUES list binds one parameter per value
 * (capped at 65,535) and drizzle's builder and pg's array escaping cost more than the
 * insert (measured: npm run bench). JSON columns travel as nested JSON, not as strings in
 * strings. The columns and their types come from PostgreSQL's table (db/schema-pg.ts),
 * keyed as the row objects are.
 */
async function recordsetInsert(
  db: Db,
  table: Table,
  rows: Record<string, unknown>[],
  returning: string[] = [],
): Promise<unknown[]> {
  if (!rows.length) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) record[column.name] = row[key] ?? null;
    return record;
  });
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(
      ([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  const back = returning.length
    ? sql` RETURNING ${sql.join(
        returning.map((name) => sql.identifier(name)),
        sql`, `,
      )}`
    : sql``;
  return rawRows(
    db,
    sql`INSERT INTO ${sql.identifier(getTableName(table))} (${names}) SELECT ${names} FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(${types})${back}`,
  );
}

/** PostgreSQL: samples buffered and written in multi-row inserts, their steps and hit logs after them. */
class PostgresSampleWriter extends SampleCounts implements SampleWriter {
  private pending: {
    row: SampleRow;
    taskId: number;
    malformed: number;
    grounding: SampleGrounding;
  }[] = [];
  private pendingSteps = 0;
  private pendingChars = 0;

  constructor(
    private readonly submissionId: number,
    private readonly benchmark: BenchmarkId,
    private readonly taskWriter: TaskWriter,
    grounding: AnswerGrounding | null,
  ) {
    super(grounding);
  }

  async write(db: Db, input: SampleRow): Promise<void> {
    const taskId = await this.taskWriter.idOf(db, input.task);
    const malformed = this.counted(input);
    // Matched on the text as the bundle gave it, before any character PostgreSQL cannot store is replaced.
    const grounding = this.grounded(input);
    // The task key changes as the task writer's did, so the two still match.
    const { value: row, chars } = storableOnPostgres(input);
    this.pending.push({ row, taskId, malformed, grounding });
    this.pendingSteps += row.steps.length;
    this.pendingChars += chars;
    if (
      this.pending.length >= PG_SAMPLE_BATCH ||
      this.pendingSteps >= PG_STEP_BATCH ||
      this.pendingChars >= PG_BATCH_CHARS
    )
      await this.flush(db);
  }

  async flush(db: Db): Promise<void> {
    const batch = this.pending;
    if (!batch.length) return;
    this.pending = [];
    this.pendingSteps = 0;
    this.pendingChars = 0;
    const values = batch.map(
      ({ row, taskId, malformed, grounding }): typeof samples.$inferInsert => ({
        submissionId: this.submissionId,
        taskId,
        taskKey: row.task.taskKey,
        run: row.run,
        prediction: row.prediction,
        status: row.status,
        correct: row.correct,
        verdictSource: row.verdictSource,
        verdictLabel: row.verdictLabel,
        judgeRationale: row.judgeRationale,
        toolCalls: row.toolCalls,
        tier: row.tier,
        category: row.category,
        actualTurns: row.actualTurns,
        maxTurns: row.maxTurns,
        errorInfo: row.errorInfo,
        malformedSteps: malformed,
        stepCount: row.steps.length,
        sourceFile: row.file,
        sourceLine: row.line,
        metrics: row.metrics && plain(row.metrics),
        detail: row.detail && plain(row.detail),
        promptTokens: row.usage?.promptTokens ?? null,
        completionTokens: row.usage?.completionTokens ?? null,
        costUsd: row.usage?.costUsd ?? null,
        seconds: row.usage?.seconds ?? null,
        answerSeenAtCall: grounding.answerSeenAtCall,
        goldSeenAtCall: grounding.goldSeenAtCall,
        groundingPending: false,
      }),
    );
    // (task, run) is unique within a submission: the ids are matched by it, not by the order RETURNING gives.
    const ids = new Map<string, number>();
    const inserted = insertedSampleSchema.parse(
      await recordsetInsert(db, pgSchema.samples, values, ["id", "task_key", "run"]),
    );
    for (const row of inserted) ids.set(`${row.run}\u0000${row.task_key}`, row.id);
    const factRows: (typeof sampleFacts.$inferInsert)[] = [];
    const stepRows: (typeof steps.$inferInsert)[] = [];
    const hitRows: (typeof hitLogs.$inferInsert)[] = [];
    const modeRows: (typeof sampleFailureModes.$inferInsert)[] = [];
    for (const { row } of batch) {
      const sampleId = ids.get(`${row.run}\u0000${row.task.taskKey}`)!;
      const { facts } = row;
      if (facts)
        factRows.push({
          sampleId,
          submissionId: this.submissionId,
          correct: row.correct,
          status: row.status,
          toolCalls: row.toolCalls,
          hitLogCalls: facts.hitLogCalls,
          hits: facts.hits,
          factCount: facts.factCount,
          factsCovered: facts.factsCovered,
          fcr: facts.fcr,
          hitRate: facts.hitRate,
          compoundRate: facts.compoundRate,
          firstCoveredAt: plain(facts.firstCoveredAt),
          newFactsByCall: facts.newFactsByCall,
          hitsByCall: facts.hitsByCall,
        });
      row.steps.forEach((step, ordinal) => {
        stepRows.push({
          sampleId,
          ordinal,
          kind: step.kind,
          callIndex:
            step.kind === "tool_call" || step.kind === "tool_result" ? step.callIndex : null,
          data: step,
          malformed: step.malformed,
        });
      });
      for (const entry of row.hitLog) {
        hitRows.push({
          sampleId,
          callIndex: entry.callIndex,
          hit: entry.hit,
          matchedFactKeys: entry.matchedFactKeys,
          compound: entry.isCompoundQuery,
          query: entry.query,
          reason: entry.reason,
        });
      }
      for (const mode of failureModesOfRow(this.benchmark, row))
        modeRows.push({ sampleId, submissionId: this.submissionId, mode });
    }
    await recordsetInsert(db, pgSchema.sampleFacts, factRows);
    await recordsetInsert(db, pgSchema.steps, stepRows);
    await recordsetInsert(db, pgSchema.hitLogs, hitRows);
    await recordsetInsert(db, pgSchema.sampleFailureModes, modeRows);
  }
}
