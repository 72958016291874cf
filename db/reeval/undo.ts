/**
 * Undo policy: an entry can be undone while its effect is still current — every field it
 * wrote still holds the value it wrote. A later change to the same sample must be undone
 * first (so undo goes in reverse order per sample, and independent samples in any order).
 * Undo never overwrites a change it did not make.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import { changedKeys, storedStateSchema } from "../../lib/reeval/state";
import { first, withTx, type Db } from "../client";
import { auditEntries, reevalJobs, submissions } from "../schema";
import { benchmarkIdOf } from "../benchmark-id";
import { goldStateSchema } from "../../lib/reeval/gold";
import { goldMatches, writeGold } from "./gold";
import {
  currentState,
  lockRows,
  refreshAll,
  writeState,
  type Affected,
  type ReevalResult,
} from "./store";

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

type EntryRow = NonNullable<Awaited<ReturnType<typeof readEntry>>>;

function readEntry(db: Db, entryId: number) {
  return first(
    db.select(ENTRY_COLUMNS).from(auditEntries).where(eq(auditEntries.id, entryId)).limit(1),
  );
}

async function laterEntry(db: Db, sampleId: number, entryId: number): Promise<number | null> {
  const row = await first(
    db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.sampleId, sampleId),
          gt(auditEntries.id, entryId),
          isNull(auditEntries.undoneAt),
        ),
      )
      .orderBy(desc(auditEntries.id))
      .limit(1),
  );
  return row?.id ?? null;
}

/** Stamps the entry undone; false when another undo stamped it first. */
async function markUndone(db: Db, entryId: number, actor: string, stamp: string): Promise<boolean> {
  const marked = await db
    .update(auditEntries)
    .set({ undoneAt: stamp, undoneBy: actor })
    .where(and(eq(auditEntries.id, entryId), isNull(auditEntries.undoneAt)))
    .returning({ id: auditEntries.id });
  return marked.length === 1;
}

/** Restores a sample entry's `before` if its `after` is still current; the reason it cannot, otherwise. */
async function undoSampleEntry(
  db: Db,
  entry: EntryRow,
  actor: string,
  stamp: string,
  affected: Map<number, BenchmarkId>,
): Promise<string | null> {
  if (entry.sampleId === null || entry.submissionId === null)
    return `entry ${entry.id} names no sample`;
  const current = await currentState(db, entry.sampleId);
  if (!current) return `sample ${entry.sampleId} no longer exists`;
  const after = storedStateSchema.parse(entry.after);
  if (changedKeys(current, after).length) {
    const later = await laterEntry(db, entry.sampleId, entry.id);
    return `sample ${entry.sampleId} changed since entry ${entry.id}${later ? `: undo entry ${later} first` : ""}`;
  }
  if (!(await markUndone(db, entry.id, actor, stamp)))
    return `entry ${entry.id} was already undone`;
  await writeState(db, entry.sampleId, storedStateSchema.parse(entry.before));
  const submission = await first(
    db
      .select({ benchmarkId: submissions.benchmarkId })
      .from(submissions)
      .where(eq(submissions.id, entry.submissionId))
      .limit(1),
  );
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
export async function undoEntry(
  db: Db,
  entryId: number,
  actor: string,
  now: Date = new Date(),
): Promise<UndoResult> {
  try {
    return await withTx(db, (tx) => undoInTransaction(tx, entryId, actor, now));
  } catch (error) {
    if (error instanceof UndoRefused) return { ok: false, error: error.message };
    throw error;
  }
}

async function undoInTransaction(
  tx: Db,
  entryId: number,
  actor: string,
  now: Date,
): Promise<UndoResult> {
  const entry = await readEntry(tx, entryId);
  if (!entry) return { ok: false, error: `no audit entry ${entryId}` };
  if (entry.undoneAt) return { ok: false, error: `entry ${entryId} was already undone` };
  const stamp = now.toISOString();
  const affected = new Map<number, BenchmarkId>();
  if (entry.action !== "gold-fix") {
    // The sample locked (PostgreSQL) before its state is compared: nothing changes it between the check and the restore.
    if (entry.sampleId !== null) await lockRows(tx, "samples", [entry.sampleId]);
    const problem = await undoSampleEntry(tx, entry, actor, stamp, affected);
    // Nothing was written when a problem is found, but a stamp another undo beat may be: roll back all the same.
    if (problem) throw new UndoRefused(problem);
    return { ok: true, restored: 1, affected: await refreshAll(tx, affected) };
  }
  if (entry.taskId === null) return { ok: false, error: `entry ${entryId} names no task` };
  // The task first (fixGold's lock: no new fix, no job queued meanwhile), then the samples its job changed.
  await lockRows(tx, "tasks", [entry.taskId]);
  const job =
    entry.jobId === null
      ? undefined
      : await first(
          tx
            .select({ status: reevalJobs.status })
            .from(reevalJobs)
            .where(eq(reevalJobs.id, entry.jobId))
            .limit(1),
        );
  if (job && (job.status === "queued" || job.status === "running"))
    return { ok: false, error: "its re-evaluation is still running; undo when it has finished" };
  if (!(await goldMatches(tx, entry.taskId, goldStateSchema.parse(entry.after))))
    return {
      ok: false,
      error: "the task's gold changed since this correction: undo the later correction first",
    };
  const children = await tx
    .select(ENTRY_COLUMNS)
    .from(auditEntries)
    .where(and(eq(auditEntries.parentId, entryId), isNull(auditEntries.undoneAt)))
    .orderBy(desc(auditEntries.id));
  await lockRows(
    tx,
    "samples",
    children.flatMap((child) => (child.sampleId === null ? [] : [child.sampleId])),
  );
  for (const child of children) {
    const problem = await undoSampleEntry(tx, child, actor, stamp, affected);
    // Throwing rolls back the children already restored: a gold fix is undone whole or not at all.
    if (problem) throw new UndoRefused(problem);
  }
  await writeGold(tx, entry.taskId, goldStateSchema.parse(entry.before));
  if (!(await markUndone(tx, entry.id, actor, stamp)))
    throw new UndoRefused(`entry ${entryId} was already undone`);
  return { ok: true, restored: children.length, affected: await refreshAll(tx, affected) };
}
