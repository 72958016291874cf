import "server-only";
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
} from "drizzle-orm";
import { changedSinceImport } from "../../lib/reeval/state";
import { parseImportedVerdict } from "../reeval/store";
import { first, type Db } from "../client";
import { auditEntries, reevalJobs, samples, submissions } from "../schema";

export type AuditEntryView = typeof auditEntries.$inferSelect;

/** A sample's verdict history, newest first: its own entries and the gold fixes of its task. */
export async function sampleHistory(
  db: Db,
  sampleId: number,
  taskId: number,
): Promise<AuditEntryView[]> {
  return db
    .select()
    .from(auditEntries)
    .where(
      or(
        eq(auditEntries.sampleId, sampleId),
        and(eq(auditEntries.taskId, taskId), eq(auditEntries.action, "gold-fix")),
      ),
    )
    .orderBy(desc(auditEntries.id));
}

const JOB_COLUMNS = {
  id: reevalJobs.id,
  taskId: reevalJobs.taskId,
  submissionId: reevalJobs.submissionId,
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

export type ReevalJobView = Awaited<ReturnType<typeof jobsWhere>>[number];

function jobsWhere(db: Db, where: ReturnType<typeof eq>) {
  return db.select(JOB_COLUMNS).from(reevalJobs).where(where);
}

export async function getReevalJob(db: Db, jobId: number): Promise<ReevalJobView | null> {
  return (await first(jobsWhere(db, eq(reevalJobs.id, jobId)).limit(1))) ?? null;
}

export async function latestReevalJob(db: Db, taskId: number): Promise<ReevalJobView | null> {
  return (
    (await first(
      jobsWhere(db, eq(reevalJobs.taskId, taskId)).orderBy(desc(reevalJobs.id)).limit(1),
    )) ?? null
  );
}

/** The latest job judging a submission's unjudged samples. */
export async function latestSubmissionJob(
  db: Db,
  submissionId: number,
): Promise<ReevalJobView | null> {
  return (
    (await first(
      jobsWhere(db, eq(reevalJobs.submissionId, submissionId))
        .orderBy(desc(reevalJobs.id))
        .limit(1),
    )) ?? null
  );
}

/** How many samples of each submission carry a maintainer's verdict (only submissions with any). */
export async function adjudicatedCounts(
  db: Db,
  submissionIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!submissionIds.length) return counts;
  // From the audit log (indexed by submission and action) rather than a scan of every sample;
  // a board's rows (a few hundred ids) stay far below PostgreSQL's 65,535 parameters.
  const rows = await db
    .select({ id: auditEntries.submissionId, n: countDistinct(auditEntries.sampleId) })
    .from(auditEntries)
    .innerJoin(samples, eq(samples.id, auditEntries.sampleId))
    .where(
      and(
        eq(auditEntries.action, "adjudicate"),
        isNull(auditEntries.undoneAt),
        eq(samples.verdictSource, "adjudicated"),
        inArray(auditEntries.submissionId, [...submissionIds]),
      ),
    )
    .groupBy(auditEntries.submissionId);
  for (const row of rows) if (row.id !== null) counts.set(row.id, row.n);
  return counts;
}

/** Samples of a task across submissions, and in how many submissions. */
export async function taskSampleCounts(
  db: Db,
  taskId: number,
): Promise<{ samples: number; submissions: number }> {
  return (
    (await first(
      db
        .select({ samples: count(), submissions: countDistinct(samples.submissionId) })
        .from(samples)
        .innerJoin(submissions, eq(submissions.id, samples.submissionId))
        .where(and(eq(samples.taskId, taskId), ne(submissions.status, "importing"))),
    )) ?? { samples: 0, submissions: 0 }
  );
}

/** How a submission's figures differ from those it was imported with. */
export interface VerdictChanges {
  /** Samples whose verdict or figures a re-evaluation changed since the import. */
  changed: number;
  /** …of which a maintainer set the verdict. */
  adjudicated: number;
  /** Changed samples by the bundle file they came from. */
  changedByFile: Map<string, number>;
}

/** Read from the samples that keep an imported verdict (those a re-evaluation touched). */
export async function verdictChanges(db: Db, submissionId: number): Promise<VerdictChanges> {
  const rows = await db
    .select({
      sourceFile: samples.sourceFile,
      correct: samples.correct,
      verdictSource: samples.verdictSource,
      metrics: samples.metrics,
      importedVerdict: samples.importedVerdict,
    })
    .from(samples)
    .where(and(eq(samples.submissionId, submissionId), isNotNull(samples.importedVerdict)));
  const changes: VerdictChanges = { changed: 0, adjudicated: 0, changedByFile: new Map() };
  for (const row of rows) {
    const imported = parseImportedVerdict(row.importedVerdict);
    if (!imported || !changedSinceImport(row, imported)) continue;
    changes.changed += 1;
    if (row.verdictSource === "adjudicated") changes.adjudicated += 1;
    changes.changedByFile.set(row.sourceFile, (changes.changedByFile.get(row.sourceFile) ?? 0) + 1);
  }
  return changes;
}
