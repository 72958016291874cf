/**
 * Undo policy: an entry can be undone while its effect is still current — every field it
 * wrote still holds the value it wrote. A later change to the same sample must be undone
 * first (so undo goes in reverse order per sample, and independent samples in any order).
 * Undo never overwrites a change it did not make.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import { changedKeys, storedStateSchema } from "../../lib/reeval/state";
import type { Db } from "../client";
import { auditEntries, reevalJobs, submissions } from "../schema";
import { benchmarkIdOf } from "../benchmark-id";
import { goldStateSchema } from "../../lib/reeval/gold";
import { goldMatches, writeGold } from "./gold";
import { currentState, refreshAll, writeState, type Affected, type ReevalResult } from "./store";

const ENTRY_COLUMNS = {
  id: auditEntries.id,
  action: auditEntries.action,
  sampleId: auditEntries.sampleId,
  taskId: auditEntries.taskId,
  submissionId: auditEntries.submissionId,
  before: auditEntries.before,
  after: auditEntries.after,
  undoneAt: auditEntries.undoneAt,
  jobId: auditEntries.jobId,
};

type EntryRow = NonNullable<ReturnType<typeof readEntry>>;

function readEntry(db: Db, entryId: number) {
  return db.select(ENTRY_COLUMNS).from(auditEntries).where(eq(auditEntries.id, entryId)).get();
}

function laterEntry(db: Db, sampleId: number, entryId: number): number | null {
  const row = db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .where(and(eq(auditEntries.sampleId, sampleId), gt(auditEntries.id, entryId), isNull(auditEntries.undoneAt)))
    .orderBy(desc(auditEntries.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}

function markUndone(db: Db, entryId: number, actor: string, stamp: string): void {
  db.update(auditEntries).set({ undoneAt: stamp, undoneBy: actor }).where(eq(auditEntries.id, entryId)).run();
}

/** Restores a sample entry's `before` if its `after` is still current; the reason it cannot, otherwise. */
function undoSampleEntry(db: Db, entry: EntryRow, actor: string, stamp: string, affected: Map<number, BenchmarkId>): string | null {
  if (entry.sampleId === null || entry.submissionId === null) return `entry ${entry.id} names no sample`;
  const current = currentState(db, entry.sampleId);
  if (!current) return `sample ${entry.sampleId} no longer exists`;
  const after = storedStateSchema.parse(entry.after);
  if (changedKeys(current, after).length) {
    const later = laterEntry(db, entry.sampleId, entry.id);
    return `sample ${entry.sampleId} changed since entry ${entry.id}${later ? `: undo entry ${later} first` : ""}`;
  }
  writeState(db, entry.sampleId, storedStateSchema.parse(entry.before));
  markUndone(db, entry.id, actor, stamp);
  const submission = db.select({ benchmarkId: submissions.benchmarkId }).from(submissions).where(eq(submissions.id, entry.submissionId)).get();
  if (submission) affected.set(entry.submissionId, benchmarkIdOf(submission.benchmarkId));
  return null;
}

class UndoRefused extends Error {}

type UndoResult = ReevalResult<{ restored: number; affected: Affected[] }>;

/**
 * Undoes an entry: restores `before` and stamps `undoneAt`/`undoneBy`. Refused when the
 * sample (or task gold) has changed since. Undoing a gold fix restores the old gold and
 * undoes every sample change its re-evaluation made, all or nothing; it waits for a
 * running job to finish.
 */
export function undoEntry(db: Db, entryId: number, actor: string, now: Date = new Date()): UndoResult {
  try {
    return db.transaction(() => undoInTransaction(db, entryId, actor, now));
  } catch (error) {
    if (error instanceof UndoRefused) return { ok: false, error: error.message };
    throw error;
  }
}

function undoInTransaction(db: Db, entryId: number, actor: string, now: Date): UndoResult {
  const entry = readEntry(db, entryId);
  if (!entry) return { ok: false, error: `no audit entry ${entryId}` };
  if (entry.undoneAt) return { ok: false, error: `entry ${entryId} was already undone` };
  const stamp = now.toISOString();
  const affected = new Map<number, BenchmarkId>();
  if (entry.action !== "gold-fix") {
    const problem = undoSampleEntry(db, entry, actor, stamp, affected);
    if (problem) return { ok: false, error: problem };
    return { ok: true, restored: 1, affected: refreshAll(db, affected) };
  }
  const job = entry.jobId === null ? undefined : db.select({ status: reevalJobs.status }).from(reevalJobs).where(eq(reevalJobs.id, entry.jobId)).get();
  if (job && (job.status === "queued" || job.status === "running")) return { ok: false, error: "its re-evaluation is still running; undo when it has finished" };
  if (entry.taskId === null) return { ok: false, error: `entry ${entryId} names no task` };
  if (!goldMatches(db, entry.taskId, goldStateSchema.parse(entry.after))) return { ok: false, error: "the task's gold changed since this correction: undo the later correction first" };
  const children = db
    .select(ENTRY_COLUMNS)
    .from(auditEntries)
    .where(and(eq(auditEntries.parentId, entryId), isNull(auditEntries.undoneAt)))
    .orderBy(desc(auditEntries.id))
    .all();
  for (const child of children) {
    const problem = undoSampleEntry(db, child, actor, stamp, affected);
    // Throwing rolls back the children already restored: a gold fix is undone whole or not at all.
    if (problem) throw new UndoRefused(problem);
  }
  writeGold(db, entry.taskId, goldStateSchema.parse(entry.before));
  markUndone(db, entry.id, actor, stamp);
  return { ok: true, restored: children.length, affected: refreshAll(db, affected) };
}
