import "server-only";
import { and, count, countDistinct, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { auditEntries, reevalJobs, samples } from "../schema";

export type AuditEntryView = typeof auditEntries.$inferSelect;

/** A sample's verdict history, newest first: its own entries and the gold fixes of its task. */
export function sampleHistory(db: Db, sampleId: number, taskId: number): AuditEntryView[] {
  return db
    .select()
    .from(auditEntries)
    .where(or(eq(auditEntries.sampleId, sampleId), and(eq(auditEntries.taskId, taskId), eq(auditEntries.action, "gold-fix"))))
    .orderBy(desc(auditEntries.id))
    .all();
}

const JOB_COLUMNS = {
  id: reevalJobs.id,
  taskId: reevalJobs.taskId,
  auditEntryId: reevalJobs.auditEntryId,
  status: reevalJobs.status,
  judge: reevalJobs.judge,
  total: reevalJobs.total,
  done: reevalJobs.done,
  changed: reevalJobs.changed,
  error: reevalJobs.error,
  createdAt: reevalJobs.createdAt,
  finishedAt: reevalJobs.finishedAt,
};

export type ReevalJobView = ReturnType<ReturnType<typeof jobsWhere>["all"]>[number];

function jobsWhere(db: Db, where: ReturnType<typeof eq>) {
  return db.select(JOB_COLUMNS).from(reevalJobs).where(where);
}

export function getReevalJob(db: Db, jobId: number): ReevalJobView | null {
  return jobsWhere(db, eq(reevalJobs.id, jobId)).get() ?? null;
}

export function latestReevalJob(db: Db, taskId: number): ReevalJobView | null {
  return jobsWhere(db, eq(reevalJobs.taskId, taskId)).orderBy(desc(reevalJobs.id)).limit(1).get() ?? null;
}

/** How many samples of each submission carry a maintainer's verdict (only submissions with any). */
export function adjudicatedCounts(db: Db, submissionIds: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (!submissionIds.length) return counts;
  // From the audit log (indexed by submission and action) rather than a scan of every sample.
  const rows = db
    .select({ id: auditEntries.submissionId, n: countDistinct(auditEntries.sampleId) })
    .from(auditEntries)
    .innerJoin(samples, eq(samples.id, auditEntries.sampleId))
    .where(
      and(
        eq(auditEntries.action, "adjudicate"),
        isNull(auditEntries.undoneAt),
        eq(samples.verdictSource, "adjudicated"),
        sql`${auditEntries.submissionId} IN (SELECT value FROM json_each(${JSON.stringify(submissionIds)}))`,
      ),
    )
    .groupBy(auditEntries.submissionId)
    .all();
  for (const row of rows) if (row.id !== null) counts.set(row.id, row.n);
  return counts;
}

/** Samples of a task across submissions, and in how many submissions. */
export function taskSampleCounts(db: Db, taskId: number): { samples: number; submissions: number } {
  return db.select({ samples: count(), submissions: countDistinct(samples.submissionId) }).from(samples).where(eq(samples.taskId, taskId)).get() ?? { samples: 0, submissions: 0 };
}
