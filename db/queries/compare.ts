import "server-only";
import { canViewSubmission, type Viewer } from "../../lib/auth/visibility";
import { BENCHMARKS, isBenchmarkId, type BenchmarkId } from "../../lib/benchmarks/registry";
import type { RunPair, TaskPair } from "../../lib/compare/outcomes";
import { pairReport, type PairReport } from "../../lib/compare/report";
import type { Db } from "../client";

export interface CompareSubmission {
  id: number;
  benchmarkId: string;
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

interface SubmissionDbRow {
  id: number;
  benchmark_id: string;
  benchmark_version: string;
  model: string;
  agent: string | null;
  setting: string;
  status: string;
  task_count: number;
  sample_count: number;
  runs: number;
  uploaded_at: string;
  uploader_token_id: number | null;
  primary_value: number | null;
}

const SUBMISSION_COLUMNS = `s.id, s.benchmark_id, s.benchmark_version, s.model, s.agent, s.setting, s.status, s.task_count, s.sample_count, s.runs,
  s.uploaded_at, s.uploader_token_id, a.pass1 AS primary_value`;

function toSubmission(r: SubmissionDbRow): CompareSubmission {
  return {
    id: r.id,
    benchmarkId: r.benchmark_id,
    benchmarkVersion: r.benchmark_version,
    model: r.model,
    agent: r.agent,
    setting: r.setting,
    status: r.status,
    taskCount: r.task_count,
    sampleCount: r.sample_count,
    runs: r.runs,
    uploadedAt: r.uploaded_at,
    primary: r.primary_value,
  };
}

const visibleTo = (viewer: Viewer) => (r: SubmissionDbRow) => canViewSubmission({ status: r.status, uploaderTokenId: r.uploader_token_id }, viewer);

/** The submissions of a benchmark this viewer may see (approved, plus their own pending ones; all for the admin), newest version first. */
export function listComparableSubmissions(db: Db, benchmark: string, viewer: Viewer): CompareSubmission[] {
  const rows = db.$client
    .prepare(
      `SELECT ${SUBMISSION_COLUMNS} FROM submissions s LEFT JOIN aggregates a ON a.submission_id = s.id AND a.split = 'overall'
       WHERE s.benchmark_id = ? ORDER BY s.benchmark_version DESC, s.setting, s.model COLLATE NOCASE, s.id`,
    )
    .all(benchmark) as SubmissionDbRow[];
  return rows.filter(visibleTo(viewer)).map(toSubmission);
}

/**
 * The requested submissions in the order asked, and the ids that do not exist or that
 * the viewer may not see (answered alike, so a hidden submission cannot be detected).
 */
export function getCompareSubmissions(db: Db, ids: readonly number[], viewer: Viewer): { found: CompareSubmission[]; missing: number[] } {
  if (ids.length === 0) return { found: [], missing: [] };
  const rows = db.$client
    .prepare(
      `SELECT ${SUBMISSION_COLUMNS} FROM submissions s LEFT JOIN aggregates a ON a.submission_id = s.id AND a.split = 'overall'
       WHERE s.id IN (${ids.map(() => "?").join(", ")})`,
    )
    .all(...ids) as SubmissionDbRow[];
  const visible = new Map(rows.filter(visibleTo(viewer)).map((r) => [r.id, toSubmission(r)]));
  return { found: ids.filter((id) => visible.has(id)).map((id) => visible.get(id)!), missing: ids.filter((id) => !visible.has(id)) };
}

/** One run's 0/1 outcome in the benchmark's primary metric, as SQL over the samples alias given. */
function outcomeSql(benchmark: BenchmarkId, alias: string): string {
  // WebDetective's Pass@1 counts attempted-and-correct only: a refusal with a "correct" verdict is not correct.
  return benchmark === "webdetective" ? `(json_extract(${alias}.metrics, '$.response') = 'correct')` : `${alias}.correct`;
}

/** A run's tool calls, or NULL where the bundle did not say (so it is left out, never counted as 0). */
function toolCallsSql(benchmark: BenchmarkId): string {
  switch (benchmark) {
    case "mpw":
      return "s.tool_calls";
    case "widesearch":
      return "CASE WHEN json_extract(s.metrics, '$.searchCalls') IS NULL THEN NULL ELSE s.tool_calls END";
    case "infomosaic":
      return "json_extract(s.metrics, '$.numToolCalls')";
    case "webdetective":
    case "evobrowsecomp":
    case "qa":
      return "json_extract(s.metrics, '$.toolCalls')";
  }
}

/** Where each benchmark keeps a task's split values (over samples `s` and tasks `t`). */
function splitSql(benchmark: BenchmarkId, dimension: string): string {
  const key = `${benchmark}:${dimension}`;
  switch (key) {
    case "mpw:tier":
      return "s.tier";
    case "mpw:category":
      return "s.category";
    case "widesearch:language":
      return "t.language";
    case "evobrowsecomp:language":
      return "json_extract(s.metrics, '$.language')";
    case "evobrowsecomp:domain":
      return "s.category";
    case "infomosaic:domain":
      return "json_extract(s.metrics, '$.domain')";
    default:
      throw new Error(`no split ${dimension} for ${benchmark}`);
  }
}

function benchmarkOf(db: Db, submissionId: number): BenchmarkId {
  const row = db.$client.prepare("SELECT benchmark_id FROM submissions WHERE id = ?").get(submissionId) as { benchmark_id: string } | undefined;
  if (!row) throw new Error(`no submission ${submissionId}`);
  if (!isBenchmarkId(row.benchmark_id)) throw new Error(`submission ${submissionId}: benchmark ${row.benchmark_id} cannot be compared`);
  return row.benchmark_id;
}

export interface PairedRows {
  benchmark: BenchmarkId;
  /** Run-matched pairs (task, run) both submissions have, in A's import order. */
  runs: RunPair[];
  /** Tasks both have: each side's mean over its runs, and the task's split values. */
  tasks: (TaskPair & { question: string | null })[];
}

/**
 * Everything the comparison of A (baseline) and B needs, in two queries. Both join on the
 * unique index samples(submission_id, task_key, run): one index probe per sample of A.
 * The caller checks that A and B are of one benchmark and version and visible.
 */
export function pairedRows(db: Db, a: number, b: number): PairedRows {
  const benchmark = benchmarkOf(db, a);
  if (benchmarkOf(db, b) !== benchmark) throw new Error(`submissions ${a} and ${b} are of different benchmarks`);
  const runs = (
    db.$client
      .prepare(
        `SELECT a.task_key AS taskKey, a.run AS run, ${outcomeSql(benchmark, "a")} AS a, ${outcomeSql(benchmark, "b")} AS b
         FROM samples a JOIN samples b ON b.submission_id = ? AND b.task_key = a.task_key AND b.run = a.run
         WHERE a.submission_id = ? ORDER BY a.id`,
      )
      .all(b, a) as { taskKey: string; run: number; a: number | null; b: number | null }[]
  ).map((r) => ({ taskKey: r.taskKey, run: r.run, a: r.a === 1, b: r.b === 1 }));

  const profile = BENCHMARKS[benchmark].compare;
  const splitColumns = profile.dimensions.map((d, i) => `MIN(${splitSql(benchmark, d.key)}) AS split${i}`);
  const perTask = (side: string) =>
    `SELECT s.task_key, MIN(s.id) AS first_id, MIN(s.task_id) AS task_id, AVG(${outcomeSql(benchmark, "s")}) AS score,
            AVG(${profile.fcr ? "s.fcr" : "NULL"}) AS fcr, AVG(${toolCallsSql(benchmark)}) AS calls${splitColumns.map((c) => `, ${c}`).join("")}
     FROM samples s ${profile.dimensions.length > 0 ? "JOIN tasks t ON t.id = s.task_id" : ""}
     WHERE s.submission_id = ${side} GROUP BY s.task_key`;
  const rows = db.$client
    .prepare(
      `WITH ta AS (${perTask("@a")}), tb AS (${perTask("@b")})
       SELECT ta.task_key AS taskKey, ta.score AS a, tb.score AS b, ta.fcr AS aFcr, tb.fcr AS bFcr, ta.calls AS aCalls, tb.calls AS bCalls,
              substr(t.question, 1, 200) AS question${profile.dimensions.map((_, i) => `, ta.split${i} AS split${i}`).join("")}
       FROM ta JOIN tb ON tb.task_key = ta.task_key JOIN tasks t ON t.id = ta.task_id
       ORDER BY ta.first_id`,
    )
    .all({ a, b }) as Record<string, string | number | null>[];
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
    splits: Object.fromEntries(profile.dimensions.map((d, i) => [d.key, r[`split${i}`] === null ? null : String(r[`split${i}`])])),
  }));
  return { benchmark, runs, tasks };
}

/**
 * Compares B against the baseline A: the paired rows and the report built from them.
 * FCR is left out when either side ran MPW setting A (no search, so no facts covered);
 * `detail: false` leaves out the splits (the pairwise list needs only the summary).
 */
export function comparePair(db: Db, a: CompareSubmission, b: CompareSubmission, options: { detail?: boolean } = {}): { rows: PairedRows; report: PairReport } {
  const rows = pairedRows(db, a.id, b.id);
  const report = pairReport(rows, BENCHMARKS[rows.benchmark].compare, { fcr: a.setting !== "A" && b.setting !== "A", splits: options.detail ?? true });
  return { rows, report };
}
