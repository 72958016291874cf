import "server-only";
import { canViewSubmission, type Viewer } from "../../lib/auth/visibility";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
import { caseInsensitive } from "./order";
import { outcomeSql, toolCallsSql, valueSql } from "./stored-value-sql";
import type { RunPair, TaskPair } from "../../lib/compare/outcomes";
import { pairReport, type PairReport } from "../../lib/compare/report";
import { engineOf, first, rawRows, type Db } from "../client";
import { aggregates, submissions } from "../schema";
import { benchmarkIdOf } from "../benchmark-id";

export interface CompareSubmission {
  id: number;
  benchmarkId: BenchmarkId;
  benchmarkVersion: string;
  model: string;
  agent: string | null;
  setting: string;
  status: string;
  taskCount: number;
  sampleCount: number;
  runs: number;
  uploadedAt: string;
  /** The stored primary metric (overall), for the picker. */
  primary: number | null;
}

const SUBMISSION_COLUMNS = {
  id: submissions.id,
  benchmarkId: submissions.benchmarkId,
  benchmarkVersion: submissions.benchmarkVersion,
  model: submissions.model,
  agent: submissions.agent,
  setting: submissions.setting,
  status: submissions.status,
  taskCount: submissions.taskCount,
  sampleCount: submissions.sampleCount,
  runs: submissions.runs,
  uploadedAt: submissions.uploadedAt,
  uploaderTokenId: submissions.uploaderTokenId,
  primary: aggregates.primary,
};

function submissionsWhere(db: Db, where: SQL) {
  return db
    .select(SUBMISSION_COLUMNS)
    .from(submissions)
    .leftJoin(
      aggregates,
      and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, "overall")),
    )
    .where(where);
}

type SubmissionRow = Awaited<ReturnType<typeof submissionsWhere>>[number];

function toSubmission(r: SubmissionRow): CompareSubmission {
  return {
    id: r.id,
    benchmarkId: r.benchmarkId,
    benchmarkVersion: r.benchmarkVersion,
    model: r.model,
    agent: r.agent,
    setting: r.setting,
    status: r.status,
    taskCount: r.taskCount,
    sampleCount: r.sampleCount,
    runs: r.runs,
    uploadedAt: r.uploadedAt,
    primary: r.primary,
  };
}

const visibleTo = (viewer: Viewer) => (r: SubmissionRow) =>
  canViewSubmission({ status: r.status, uploaderTokenId: r.uploaderTokenId }, viewer);

/** The submissions of a benchmark this viewer may see (approved, plus their own pending ones; all for the admin), newest version first. */
export async function listComparableSubmissions(
  db: Db,
  benchmark: string,
  viewer: Viewer,
): Promise<CompareSubmission[]> {
  const rows = await submissionsWhere(db, sql`${submissions.benchmarkId} = ${benchmark}`).orderBy(
    desc(submissions.benchmarkVersion),
    asc(submissions.setting),
    caseInsensitive(db, submissions.model),
    asc(submissions.id),
  );
  return rows.filter(visibleTo(viewer)).map(toSubmission);
}

/**
 * The requested submissions in the order asked, and the ids that do not exist or that
 * the viewer may not see (answered alike, so a hidden submission cannot be detected).
 */
export async function getCompareSubmissions(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
): Promise<{ found: CompareSubmission[]; missing: number[] }> {
  if (ids.length === 0) return { found: [], missing: [] };
  const rows = await submissionsWhere(db, inArray(submissions.id, [...ids]));
  const visible = new Map(rows.filter(visibleTo(viewer)).map((r) => [r.id, toSubmission(r)]));
  return {
    found: ids.filter((id) => visible.has(id)).map((id) => visible.get(id)!),
    missing: ids.filter((id) => !visible.has(id)),
  };
}

async function benchmarkOf(db: Db, submissionId: number): Promise<BenchmarkId> {
  const row = await first(
    db
      .select({ benchmarkId: submissions.benchmarkId })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .limit(1),
  );
  if (!row) throw new Error(`no submission ${submissionId}`);
  return benchmarkIdOf(row.benchmarkId);
}

// The comparison's two statements stay raw (one index probe per sample of A, see below); their rows are parsed.
const runRowSchema = z.object({
  taskKey: z.string(),
  run: z.number(),
  a: z.number().nullable(),
  b: z.number().nullable(),
});
const taskRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export interface PairedRows {
  benchmark: BenchmarkId;
  /** Run-matched pairs (task, run) both submissions have, in A's import order. */
  runs: RunPair[];
  /** Tasks both have: each side's mean over its runs, the task's split values, and A's own question (else B's; never a third submission's). */
  tasks: (TaskPair & { question: string | null })[];
}

/**
 * Everything the comparison of A (baseline) and B needs, in two queries. Both join on the
 * unique index samples(submission_id, task_key, run): one index probe per sample of A.
 * The caller checks that A and B are of one benchmark and version and visible.
 */
export async function pairedRows(db: Db, a: number, b: number): Promise<PairedRows> {
  const benchmark = await benchmarkOf(db, a);
  if ((await benchmarkOf(db, b)) !== benchmark)
    throw new Error(`submissions ${a} and ${b} are of different benchmarks`);
  const profile = BENCHMARKS[benchmark].compare;
  const engine = engineOf(db);
  const outcome = (alias: string) => sql.raw(outcomeSql(engine, profile, alias));
  const runs = (
    await rawRows(
      db,
      sql`SELECT a.task_key AS "taskKey", a.run AS "run", ${outcome("a")} AS "a", ${outcome("b")} AS "b"
         FROM samples a JOIN samples b ON b.submission_id = ${b} AND b.task_key = a.task_key AND b.run = a.run
         WHERE a.submission_id = ${a} ORDER BY a.id`,
    )
  )
    .map((row) => runRowSchema.parse(row))
    .map((r) => ({ taskKey: r.taskKey, run: r.run, a: r.a === 1, b: r.b === 1 }));

  // AVG(NULL) needs a type on PostgreSQL.
  const noFcr = engine === "postgres" ? "NULL::double precision" : "NULL";
  const splitColumns = profile.dimensions
    .map((d, i) => `, MIN(${valueSql(engine, d.from)}) AS split${i}`)
    .join("");
  const perTask = (side: number) =>
    sql`SELECT s.task_key, MIN(s.id) AS first_id, MIN(s.task_id) AS task_id, AVG(${outcome("s")}) AS score,
            AVG(${sql.raw(profile.fcr ? "f.fcr" : noFcr)}) AS fcr, AVG(${sql.raw(toolCallsSql(engine, profile))}) AS calls${sql.raw(splitColumns)}
     FROM samples s ${sql.raw(profile.fcr ? "LEFT JOIN sample_facts f ON f.sample_id = s.id" : "")} ${sql.raw(profile.dimensions.length > 0 ? "JOIN tasks t ON t.id = s.task_id" : "")}
     WHERE s.submission_id = ${side} GROUP BY s.task_key`;
  const rows = (
    await rawRows(
      db,
      sql`WITH ta AS (${perTask(a)}), tb AS (${perTask(b)})
       SELECT ta.task_key AS "taskKey", ta.score AS "a", tb.score AS "b", ta.fcr AS "aFcr", tb.fcr AS "bFcr", ta.calls AS "aCalls", tb.calls AS "bCalls",
              substr(coalesce(qa.question, qb.question), 1, 200) AS "question"${sql.raw(profile.dimensions.map((_, i) => `, ta.split${i} AS split${i}`).join(""))}
       FROM ta JOIN tb ON tb.task_key = ta.task_key
       LEFT JOIN submission_tasks qa ON qa.submission_id = ${a} AND qa.task_id = ta.task_id
       LEFT JOIN submission_tasks qb ON qb.submission_id = ${b} AND qb.task_id = tb.task_id
       ORDER BY ta.first_id`,
    )
  ).map((row) => taskRowSchema.parse(row));
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  const tasks = rows.map((r) => ({
    taskKey: String(r.taskKey),
    a: Number(r.a),
    b: Number(r.b),
    aFcr: num(r.aFcr),
    bFcr: num(r.bFcr),
    aToolCalls: num(r.aCalls),
    bToolCalls: num(r.bCalls),
    question: r.question === null ? null : String(r.question),
    splits: Object.fromEntries(
      profile.dimensions.map((d, i) => [
        d.key,
        r[`split${i}`] === null ? null : String(r[`split${i}`]),
      ]),
    ),
  }));
  return { benchmark, runs, tasks };
}

/**
 * Compares B against the baseline A: the paired rows and the report built from them.
 * FCR is left out when either side ran without tools (MPW setting A: no search, so no facts covered);
 * `detail: false` leaves out the splits (the pairwise list needs only the summary).
 */
export async function comparePair(
  db: Db,
  a: CompareSubmission,
  b: CompareSubmission,
  options: { detail?: boolean } = {},
): Promise<{ rows: PairedRows; report: PairReport }> {
  const rows = await pairedRows(db, a.id, b.id);
  const { compare, hints } = BENCHMARKS[rows.benchmark];
  const withTools = (s: CompareSubmission) => !hints.toolFreeSettings.includes(s.setting);
  const report = pairReport(rows, compare, {
    fcr: withTools(a) && withTools(b),
    splits: options.detail ?? true,
  });
  return { rows, report };
}
