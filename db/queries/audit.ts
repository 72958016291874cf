import "server-only";
import type { Db } from "../client";

export interface AuditEntryView {
  id: number;
  action: string;
  sampleId: number | null;
  submissionId: number | null;
  taskId: number | null;
  actor: string;
  createdAt: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  judge: string | null;
  judgeConfig: Record<string, unknown> | null;
  reason: string | null;
  parentId: number | null;
  jobId: number | null;
  undoneAt: string | null;
  undoneBy: string | null;
}

interface AuditRow {
  id: number;
  action: string;
  sample_id: number | null;
  submission_id: number | null;
  task_id: number | null;
  actor: string;
  created_at: string;
  before: string;
  after: string;
  judge: string | null;
  judge_config: string | null;
  reason: string | null;
  parent_id: number | null;
  job_id: number | null;
  undone_at: string | null;
  undone_by: string | null;
}

function view(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    action: row.action,
    sampleId: row.sample_id,
    submissionId: row.submission_id,
    taskId: row.task_id,
    actor: row.actor,
    createdAt: row.created_at,
    before: JSON.parse(row.before) as Record<string, unknown>,
    after: JSON.parse(row.after) as Record<string, unknown>,
    judge: row.judge,
    judgeConfig: row.judge_config ? (JSON.parse(row.judge_config) as Record<string, unknown>) : null,
    reason: row.reason,
    parentId: row.parent_id,
    jobId: row.job_id,
    undoneAt: row.undone_at,
    undoneBy: row.undone_by,
  };
}

/** A sample's verdict history, newest first: its own entries and the gold fixes of its task. */
export function sampleHistory(db: Db, sampleId: number, taskId: number): AuditEntryView[] {
  const rows = db.$client
    .prepare("SELECT * FROM audit_entries WHERE sample_id = ? OR (task_id = ? AND action = 'gold-fix') ORDER BY id DESC")
    .all(sampleId, taskId) as AuditRow[];
  return rows.map(view);
}

export interface ReevalJobView {
  id: number;
  taskId: number;
  auditEntryId: number | null;
  status: "queued" | "running" | "done" | "failed";
  judge: string | null;
  total: number;
  done: number;
  changed: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

const JOB_COLUMNS = `id, task_id AS taskId, audit_entry_id AS auditEntryId, status, judge, total, done, changed, error, created_at AS createdAt, finished_at AS finishedAt`;

export function getReevalJob(db: Db, jobId: number): ReevalJobView | null {
  return (db.$client.prepare(`SELECT ${JOB_COLUMNS} FROM reeval_jobs WHERE id = ?`).get(jobId) as ReevalJobView | undefined) ?? null;
}

export function latestReevalJob(db: Db, taskId: number): ReevalJobView | null {
  return (db.$client.prepare(`SELECT ${JOB_COLUMNS} FROM reeval_jobs WHERE task_id = ? ORDER BY id DESC LIMIT 1`).get(taskId) as ReevalJobView | undefined) ?? null;
}

/** How many samples of each submission carry a maintainer's verdict (only submissions with any). */
export function adjudicatedCounts(db: Db, submissionIds: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (!submissionIds.length) return counts;
  const rows = db.$client
    // From the audit log (indexed by submission and action) rather than a scan of every sample.
    .prepare(
      `SELECT a.submission_id AS id, count(DISTINCT a.sample_id) AS n
         FROM audit_entries a JOIN samples s ON s.id = a.sample_id
        WHERE a.action = 'adjudicate' AND a.undone_at IS NULL AND s.verdict_source = 'adjudicated'
          AND a.submission_id IN (SELECT value FROM json_each(?))
        GROUP BY a.submission_id`,
    )
    .all(JSON.stringify(submissionIds)) as { id: number; n: number }[];
  for (const row of rows) counts.set(row.id, row.n);
  return counts;
}

/** Samples of a task across submissions, and in how many submissions. */
export function taskSampleCounts(db: Db, taskId: number): { samples: number; submissions: number } {
  return db.$client.prepare("SELECT count(*) AS samples, count(DISTINCT submission_id) AS submissions FROM samples WHERE task_id = ?").get(taskId) as { samples: number; submissions: number };
}
