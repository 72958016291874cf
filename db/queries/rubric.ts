import "server-only";
/**
 * Reading rubric searches: a job and its results. Results are shown to whoever may see the
 * run's submission (lib/auth/visibility.ts): a shared link shows a visitor the verdicts over
 * approved submissions only, and its counts are of those, so a pending submission's runs
 * are neither listed nor counted.
 */
import { and, asc, count, desc, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Viewer } from "../../lib/auth/visibility";
import { rubricScopeSchema, type RubricScope } from "../../lib/rubric/scope";
import { first, type Db } from "../client";
import {
  RUBRIC_VERDICTS,
  rubricJobs,
  rubricResults,
  samples,
  submissions,
  type RubricJobStatus,
  type RubricVerdictKind,
} from "../schema";

export interface RubricJobView {
  id: number;
  rubric: string;
  scope: RubricScope;
  parentId: number | null;
  status: RubricJobStatus;
  total: number;
  done: number;
  matched: number;
  unreadable: number;
  droppedCitations: number;
  estimatedTokens: number;
  judge: { baseUrl: string; model: string };
  error: string | null;
  actor: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const judgeSchema = z.object({ baseUrl: z.string(), model: z.string() });

const jobColumns = {
  id: rubricJobs.id,
  rubric: rubricJobs.rubric,
  scope: rubricJobs.scope,
  parentId: rubricJobs.parentId,
  status: rubricJobs.status,
  total: rubricJobs.total,
  done: rubricJobs.done,
  matched: rubricJobs.matched,
  unreadable: rubricJobs.unreadable,
  droppedCitations: rubricJobs.droppedCitations,
  estimatedTokens: rubricJobs.estimatedTokens,
  judgeConfig: rubricJobs.judgeConfig,
  error: rubricJobs.error,
  actor: rubricJobs.actor,
  createdAt: rubricJobs.createdAt,
  startedAt: rubricJobs.startedAt,
  finishedAt: rubricJobs.finishedAt,
};

function jobView({
  scope,
  judgeConfig,
  ...row
}: {
  scope: unknown;
  judgeConfig: unknown;
} & Omit<RubricJobView, "scope" | "judge">): RubricJobView {
  const judge = judgeSchema.parse(judgeConfig);
  return {
    ...row,
    scope: rubricScopeSchema.parse(scope),
    judge: { baseUrl: judge.baseUrl, model: judge.model },
  };
}

export async function getRubricJob(db: Db, id: number): Promise<RubricJobView | null> {
  const row = await first(
    db.select(jobColumns).from(rubricJobs).where(eq(rubricJobs.id, id)).limit(1),
  );
  return row ? jobView(row) : null;
}

/** The newest searches first (the admin page's list). */
export async function listRubricJobs(db: Db, limit: number): Promise<RubricJobView[]> {
  const rows = await db
    .select(jobColumns)
    .from(rubricJobs)
    .orderBy(desc(rubricJobs.id))
    .limit(limit);
  return rows.map(jobView);
}

export const RUBRIC_SHOWS = [...RUBRIC_VERDICTS, "pending", "all"] as const;
export type RubricShow = (typeof RUBRIC_SHOWS)[number];

export function parseRubricShow(raw: string | undefined): RubricShow {
  return RUBRIC_SHOWS.find((s) => s === raw) ?? "match";
}

export interface RubricResultRow {
  sampleId: number;
  submissionId: number;
  benchmarkId: string;
  model: string;
  agent: string | null;
  taskKey: string;
  run: number;
  correct: boolean;
  verdict: RubricVerdictKind | null;
  reason: string | null;
  cited: { ordinal: number; anchor: string }[];
  dropped: number;
  judgedAt: string | null;
}

const citedSchema = z.array(z.object({ ordinal: z.number().int(), anchor: z.string() }));

/** Runs of submissions the viewer may see (never one still importing). */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.admin) return ne(submissions.status, "importing");
  return viewer.uploaderTokenId === null
    ? eq(submissions.status, "approved")
    : or(
        eq(submissions.status, "approved"),
        and(
          eq(submissions.uploaderTokenId, viewer.uploaderTokenId),
          ne(submissions.status, "importing"),
        ),
      );
}

function showCondition(show: RubricShow): SQL | undefined {
  if (show === "all") return undefined;
  if (show === "pending") return isNull(rubricResults.verdict);
  return eq(rubricResults.verdict, show);
}

export type RubricCounts = Record<RubricShow, number>;

export interface RubricResults {
  rows: RubricResultRow[];
  /** Of the runs the viewer may see. */
  counts: RubricCounts;
}

/** A job's results the viewer may see, by verdict (`limit` null: every one, for the export). */
export async function listRubricResults(
  db: Db,
  jobId: number,
  viewer: Viewer,
  show: RubricShow,
  page: { limit: number; offset: number } | null,
): Promise<RubricResults> {
  const visible = and(eq(rubricResults.jobId, jobId), visibleTo(viewer));
  const tally = await db
    .select({ verdict: rubricResults.verdict, n: count() })
    .from(rubricResults)
    .innerJoin(submissions, eq(submissions.id, rubricResults.submissionId))
    .where(visible)
    .groupBy(rubricResults.verdict)
    .orderBy(asc(rubricResults.verdict));
  const counts: RubricCounts = { match: 0, "no-match": 0, unreadable: 0, pending: 0, all: 0 };
  for (const { verdict, n } of tally) {
    counts[verdict ?? "pending"] += n;
    counts.all += n;
  }
  const query = db
    .select({
      sampleId: rubricResults.sampleId,
      submissionId: rubricResults.submissionId,
      benchmarkId: submissions.benchmarkId,
      model: submissions.model,
      agent: submissions.agent,
      taskKey: samples.taskKey,
      run: samples.run,
      correct: samples.correct,
      verdict: rubricResults.verdict,
      reason: rubricResults.reason,
      cited: rubricResults.cited,
      dropped: rubricResults.dropped,
      judgedAt: rubricResults.judgedAt,
    })
    .from(rubricResults)
    .innerJoin(submissions, eq(submissions.id, rubricResults.submissionId))
    .innerJoin(samples, eq(samples.id, rubricResults.sampleId))
    .where(and(visible, showCondition(show)))
    .orderBy(asc(rubricResults.submissionId), asc(rubricResults.sampleId));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return {
    rows: rows.map((row) => ({
      ...row,
      cited: row.cited === null ? [] : citedSchema.parse(row.cited),
    })),
    counts,
  };
}
