/**
 * What every re-evaluation shares: the sample as a judge sees it, its state read and
 * written, the audit entry each change leaves, and the aggregates refreshed after it.
 *
 * Every change writes one audit entry (who, when, which sample or task, the fields before
 * and after, the judge and its configuration, the reason) and refreshes the aggregates of
 * exactly the submissions it touched, in the same transaction, so leaderboards never show
 * a verdict and a figure that disagree.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { ReevalSample } from "../../lib/benchmarks/stored";
import {
  importedVerdictSchema,
  sameValue,
  storedStateSchema,
  VERDICT_KEYS,
  type ImportedVerdict,
  type SampleState,
  type StateKey,
} from "../../lib/reeval/state";
import { refreshAggregates } from "../aggregates";
import { engineOf, first, rawRows, type Db } from "../client";
import {
  auditEntries,
  hitLogs,
  sampleFacts,
  samples,
  submissions,
  submissionTasks,
  tasks,
  type AuditAction,
} from "../schema";
import { benchmarkIdOf } from "../benchmark-id";
import { factsOfSample } from "../sample-facts";
import { recomputeFailureModes } from "../failure-modes";

export type ReevalResult<T extends object = object> =
  ({ ok: true } & T) | { ok: false; error: string };

/** A submission whose aggregates changed, for the caller to revalidate its pages. */
export interface Affected {
  submissionId: number;
  benchmarkId: BenchmarkId;
}

export const MAX_REASON_LENGTH = 2000;

export function failure(error: unknown): { ok: false; error: string } {
  return { ok: false, error: error instanceof Error ? error.message : String(error) };
}

/** The fields a re-evaluation may change that `samples` holds. */
const SAMPLE_STATE_COLUMNS = {
  correct: samples.correct,
  verdictSource: samples.verdictSource,
  verdictLabel: samples.verdictLabel,
  judgeRationale: samples.judgeRationale,
  status: samples.status,
  metrics: samples.metrics,
  detail: samples.detail,
  tier: samples.tier,
};

/** …and those `sample_facts` holds (a sample of a benchmark without atomic facts has no row). */
const FACT_STATE_COLUMNS = {
  fcr: sampleFacts.fcr,
  hitRate: sampleFacts.hitRate,
  hits: sampleFacts.hits,
  hitLogCalls: sampleFacts.hitLogCalls,
  factCount: sampleFacts.factCount,
  factsCovered: sampleFacts.factsCovered,
  compoundRate: sampleFacts.compoundRate,
  firstCoveredAt: sampleFacts.firstCoveredAt,
  newFactsByCall: sampleFacts.newFactsByCall,
  hitsByCall: sampleFacts.hitsByCall,
};

/** The sample fields a re-evaluation may change, as drizzle columns (read with `sample_facts` joined). */
const STATE_COLUMNS = {
  ...SAMPLE_STATE_COLUMNS,
  ...FACT_STATE_COLUMNS,
} satisfies Record<StateKey, unknown>;

const isFactKey = (key: string): key is keyof typeof FACT_STATE_COLUMNS =>
  key in FACT_STATE_COLUMNS;

export interface SampleContext extends ReevalSample {
  id: number;
  submissionId: number;
  benchmarkId: BenchmarkId;
  taskId: number;
  /** Its verdict as imported, once a re-evaluation changed it; null while it is as imported. */
  importedVerdict: ImportedVerdict | null;
}

/** `samples.imported_verdict` read back. */
export function parseImportedVerdict(value: unknown): ImportedVerdict | null {
  return value === null || value === undefined ? null : importedVerdictSchema.parse(value);
}

function readHitLog(db: Db, sampleId: number) {
  return db
    .select({
      callIndex: hitLogs.callIndex,
      hit: hitLogs.hit,
      matchedFactKeys: hitLogs.matchedFactKeys,
      isCompoundQuery: hitLogs.compound,
    })
    .from(hitLogs)
    .where(eq(hitLogs.sampleId, sampleId))
    .orderBy(asc(hitLogs.callIndex));
}

/**
 * The sample as a judge or scorer sees it. Its hit log is read with it (the scorers read
 * it synchronously; only MPW samples have one, the others' is an empty indexed lookup).
 */
export async function loadSample(db: Db, sampleId: number): Promise<SampleContext | null> {
  const row = await first(
    db
      .select({
        id: samples.id,
        submissionId: samples.submissionId,
        benchmarkId: submissions.benchmarkId,
        taskId: samples.taskId,
        taskKey: samples.taskKey,
        prediction: samples.prediction,
        toolCalls: samples.toolCalls,
        // The judge reads the question this submission's run was asked.
        question: submissionTasks.question,
        goldAnswer: tasks.goldAnswer,
        atomicFacts: tasks.atomicFacts,
        taskExtra: tasks.extra,
        importedVerdict: samples.importedVerdict,
        state: STATE_COLUMNS,
      })
      .from(samples)
      .leftJoin(sampleFacts, factsOfSample)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .innerJoin(tasks, eq(tasks.id, samples.taskId))
      .leftJoin(
        submissionTasks,
        and(
          eq(submissionTasks.submissionId, samples.submissionId),
          eq(submissionTasks.taskId, samples.taskId),
        ),
      )
      .where(eq(samples.id, sampleId))
      .limit(1),
  );
  if (!row) return null;
  const hitLog = await readHitLog(db, sampleId);
  return {
    ...row,
    benchmarkId: benchmarkIdOf(row.benchmarkId),
    importedVerdict: parseImportedVerdict(row.importedVerdict),
    hitLog: () => hitLog,
  };
}

export async function currentState(db: Db, sampleId: number): Promise<SampleState | null> {
  return (
    (await first(
      db
        .select(STATE_COLUMNS)
        .from(samples)
        .leftJoin(sampleFacts, factsOfSample)
        .where(eq(samples.id, sampleId))
        .limit(1),
    )) ?? null
  );
}

/**
 * What `imported_verdict` holds once `values` are written: the verdict as imported while the
 * sample's differs from it (the original stays beside the override), null once it is as
 * imported again (an undo); undefined when `values` change no verdict field.
 */
async function importedVerdictAfter(
  db: Db,
  sampleId: number,
  values: SampleState,
): Promise<ImportedVerdict | null | undefined> {
  if (!VERDICT_KEYS.some((key) => key in values)) return undefined;
  const row = await first(
    db
      .select({
        importedVerdict: samples.importedVerdict,
        correct: samples.correct,
        verdictSource: samples.verdictSource,
        verdictLabel: samples.verdictLabel,
        judgeRationale: samples.judgeRationale,
        metrics: samples.metrics,
      })
      .from(samples)
      .where(eq(samples.id, sampleId))
      .limit(1),
  );
  if (!row) return undefined;
  const current: ImportedVerdict = importedVerdictSchema.parse({
    correct: row.correct,
    verdictSource: row.verdictSource,
    verdictLabel: row.verdictLabel,
    judgeRationale: row.judgeRationale,
    metrics: row.metrics,
  });
  const original = parseImportedVerdict(row.importedVerdict) ?? current;
  const next = { ...current };
  for (const key of VERDICT_KEYS) if (key in values) Object.assign(next, { [key]: values[key] });
  return sameValue(next, original) ? null : original;
}

/**
 * Writes a state: the sample's own fields to `samples`, its fact figures to `sample_facts`
 * with the copies that table keeps of the verdict and status, and the verdict as imported
 * beside a changed one (`imported_verdict`).
 */
export async function writeState(db: Db, sampleId: number, state: SampleState): Promise<void> {
  const values = storedStateSchema.parse(state);
  const own: Partial<typeof samples.$inferInsert> = {};
  const imported = await importedVerdictAfter(db, sampleId, values);
  if (imported !== undefined) own.importedVerdict = imported;
  const facts: Partial<typeof sampleFacts.$inferInsert> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isFactKey(key)) Object.assign(facts, { [key]: value });
    else Object.assign(own, { [key]: value });
  }
  if (Object.keys(own).length) await db.update(samples).set(own).where(eq(samples.id, sampleId));
  const copies = {
    ...(values.correct !== undefined && { correct: values.correct }),
    ...(values.status !== undefined && { status: values.status }),
  };
  if (Object.keys(facts).length) {
    const written = await db
      .update(sampleFacts)
      .set({ ...facts, ...copies })
      .where(eq(sampleFacts.sampleId, sampleId))
      .returning({ sampleId: sampleFacts.sampleId });
    if (!written.length) throw new Error(`sample ${sampleId} has no fact figures to change`);
  } else if (Object.keys(copies).length) {
    await db.update(sampleFacts).set(copies).where(eq(sampleFacts.sampleId, sampleId));
  }
  // What the failure modes are computed from changed: they are again (a sample made correct has none).
  if (MODE_INPUTS.some((key) => key in values)) await recomputeFailureModes(db, [sampleId]);
}

/** The state fields a benchmark's failure modes read. */
const MODE_INPUTS: readonly StateKey[] = [
  "correct",
  "status",
  "metrics",
  "detail",
  "firstCoveredAt",
];

export interface AuditInput {
  action: AuditAction;
  sampleId: number | null;
  submissionId: number | null;
  taskId: number | null;
  actor: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  judge: string | null;
  judgeConfig: Record<string, unknown> | null;
  reason: string | null;
  parentId?: number | null;
  jobId?: number | null;
}

export async function writeAudit(db: Db, entry: AuditInput, now: string): Promise<number> {
  const [inserted] = await db
    .insert(auditEntries)
    .values({
      ...entry,
      parentId: entry.parentId ?? null,
      jobId: entry.jobId ?? null,
      createdAt: now,
    })
    .returning({ id: auditEntries.id });
  return inserted.id;
}

/**
 * Inside a transaction on PostgreSQL: locks rows until it ends, so that what it read and
 * checked (a sample's state, a task's gold, a submission's samples) is still so when it
 * writes. SQLite needs nothing: its immediate transactions run one at a time.
 */
export async function lockRows(
  tx: Db,
  table: "samples" | "tasks" | "submissions",
  ids: readonly number[],
): Promise<void> {
  if (engineOf(tx) !== "postgres" || ids.length === 0) return;
  // In ascending order: two transactions locking overlapping rows cannot wait on each other.
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await rawRows(
    tx,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN (${sql.join(
      sorted.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id FOR NO KEY UPDATE`,
  );
}

export async function refreshAll(db: Db, affected: Map<number, BenchmarkId>): Promise<Affected[]> {
  // Two re-evaluations of one submission's samples recompute its aggregates one after the other, each from every committed change.
  await lockRows(db, "submissions", [...affected.keys()]);
  for (const submissionId of affected.keys()) await refreshAggregates(db, submissionId);
  return [...affected].map(([submissionId, benchmarkId]) => ({ submissionId, benchmarkId }));
}
