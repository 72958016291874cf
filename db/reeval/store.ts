/**
 * What every re-evaluation shares: the sample as a judge sees it, its state read and
 * written, the audit entry each change leaves, and the aggregates refreshed after it.
 *
 * Every change writes one audit entry (who, when, which sample or task, the fields before
 * and after, the judge and its configuration, the reason) and refreshes the aggregates of
 * exactly the submissions it touched, in the same transaction, so leaderboards never show
 * a verdict and a figure that disagree.
 */
import { asc, eq } from "drizzle-orm";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { ReevalSample } from "../../lib/benchmarks/stored";
import { storedStateSchema, type SampleState, type StateKey } from "../../lib/reeval/state";
import { refreshAggregates } from "../aggregates";
import type { Db } from "../client";
import { auditEntries, hitLogs, samples, submissions, tasks, type AuditAction } from "../schema";
import { benchmarkIdOf } from "../benchmark-id";

export type ReevalResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

/** A submission whose aggregates changed, for the caller to revalidate its pages. */
export interface Affected {
  submissionId: number;
  benchmarkId: BenchmarkId;
}

export const MAX_REASON_LENGTH = 2000;

export function failure(error: unknown): { ok: false; error: string } {
  return { ok: false, error: error instanceof Error ? error.message : String(error) };
}

/** The sample fields a re-evaluation may change, as drizzle columns. */
const STATE_COLUMNS = {
  correct: samples.correct,
  verdictSource: samples.verdictSource,
  verdictLabel: samples.verdictLabel,
  judgeRationale: samples.judgeRationale,
  status: samples.status,
  metrics: samples.metrics,
  detail: samples.detail,
  fcr: samples.fcr,
  hitRate: samples.hitRate,
  hits: samples.hits,
  hitLogCalls: samples.hitLogCalls,
  factCount: samples.factCount,
  factsCovered: samples.factsCovered,
  compoundRate: samples.compoundRate,
  tier: samples.tier,
  firstCoveredAt: samples.firstCoveredAt,
  newFactsByCall: samples.newFactsByCall,
  hitsByCall: samples.hitsByCall,
} satisfies Record<StateKey, unknown>;

export interface SampleContext extends ReevalSample {
  id: number;
  submissionId: number;
  benchmarkId: BenchmarkId;
  taskId: number;
}

function readHitLog(db: Db, sampleId: number) {
  return db
    .select({ hit: hitLogs.hit, matchedFactKeys: hitLogs.matchedFactKeys, isCompoundQuery: hitLogs.compound })
    .from(hitLogs)
    .where(eq(hitLogs.sampleId, sampleId))
    .orderBy(asc(hitLogs.callIndex))
    .all();
}

export function loadSample(db: Db, sampleId: number): SampleContext | null {
  const row = db
    .select({
      id: samples.id,
      submissionId: samples.submissionId,
      benchmarkId: submissions.benchmarkId,
      taskId: samples.taskId,
      taskKey: samples.taskKey,
      prediction: samples.prediction,
      toolCalls: samples.toolCalls,
      question: tasks.question,
      goldAnswer: tasks.goldAnswer,
      atomicFacts: tasks.atomicFacts,
      taskExtra: tasks.extra,
      state: STATE_COLUMNS,
    })
    .from(samples)
    .innerJoin(submissions, eq(submissions.id, samples.submissionId))
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .where(eq(samples.id, sampleId))
    .get();
  if (!row) return null;
  return { ...row, benchmarkId: benchmarkIdOf(row.benchmarkId), hitLog: () => readHitLog(db, sampleId) };
}

export function currentState(db: Db, sampleId: number): SampleState | null {
  return db.select(STATE_COLUMNS).from(samples).where(eq(samples.id, sampleId)).get() ?? null;
}

export function writeState(db: Db, sampleId: number, state: SampleState): void {
  const values = storedStateSchema.parse(state);
  if (!Object.keys(values).length) return;
  db.update(samples).set(values).where(eq(samples.id, sampleId)).run();
}

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

export function writeAudit(db: Db, entry: AuditInput, now: string): number {
  const inserted = db
    .insert(auditEntries)
    .values({ ...entry, parentId: entry.parentId ?? null, jobId: entry.jobId ?? null, createdAt: now })
    .returning({ id: auditEntries.id })
    .get();
  return inserted.id;
}

export function refreshAll(db: Db, affected: Map<number, BenchmarkId>): Affected[] {
  for (const submissionId of affected.keys()) refreshAggregates(db, submissionId);
  return [...affected].map(([submissionId, benchmarkId]) => ({ submissionId, benchmarkId }));
}
