import "server-only";
import { and, asc, count, eq, gt, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { COHORT_STATUSES } from "../../lib/metrics/mpw-analysis";
import { SAMPLE_PAGE_SIZE, type SampleFilters } from "../../lib/url/samples";
import type { Db } from "../client";
import { samples, tasks } from "../schema";

export interface SampleListRow {
  id: number;
  taskKey: string;
  run: number;
  question: string | null;
  prediction: string | null;
  goldAnswer: string | null;
  correct: boolean;
  status: string;
  tier: string | null;
  category: string | null;
  fcr: number | null;
  hitRate: number;
  toolCalls: number;
  factCount: number;
  factsCovered: number;
  malformedSteps: number;
  /** Benchmark-specific figures (WideSearch P/R/F1); null for MPW. */
  metrics: Record<string, unknown> | null;
}

/** `%`, `_` and the escape character itself taken literally inside LIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(submissionId: number, filters: SampleFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(samples.submissionId, submissionId)];
  if (filters.verdict !== "all") conditions.push(eq(samples.correct, filters.verdict === "correct"));
  if (filters.status) conditions.push(eq(samples.status, filters.status));
  if (filters.tier !== "all") conditions.push(eq(samples.tier, filters.tier));
  if (filters.category) conditions.push(eq(samples.category, filters.category));
  if (filters.fcrMin !== null) conditions.push(gte(samples.fcr, filters.fcrMin));
  if (filters.fcrMax !== null) conditions.push(lte(samples.fcr, filters.fcrMax));
  if (filters.minCalls !== null) conditions.push(gte(samples.toolCalls, filters.minCalls));
  if (filters.cohort) {
    conditions.push(inArray(samples.status, [...COHORT_STATUSES]), gte(samples.toolCalls, 1), gt(samples.factCount, 0));
  }
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      or(
        eq(samples.taskKey, filters.q),
        sql`${tasks.question} LIKE ${pattern} ESCAPE '\\'`,
        sql`${samples.prediction} LIKE ${pattern} ESCAPE '\\'`,
        sql`${tasks.goldAnswer} LIKE ${pattern} ESCAPE '\\'`,
      ),
    );
  }
  return and(...conditions);
}

export function listSamples(db: Db, submissionId: number, filters: SampleFilters): { rows: SampleListRow[]; total: number } {
  const where = whereOf(submissionId, filters);
  const total = db.select({ n: count() }).from(samples).innerJoin(tasks, eq(tasks.id, samples.taskId)).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: samples.id,
      taskKey: samples.taskKey,
      run: samples.run,
      question: tasks.question,
      prediction: samples.prediction,
      goldAnswer: tasks.goldAnswer,
      correct: samples.correct,
      status: samples.status,
      tier: samples.tier,
      category: samples.category,
      fcr: samples.fcr,
      hitRate: samples.hitRate,
      toolCalls: samples.toolCalls,
      factCount: samples.factCount,
      factsCovered: samples.factsCovered,
      malformedSteps: samples.malformedSteps,
      metrics: samples.metrics,
    })
    .from(samples)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .where(where)
    .orderBy(asc(samples.id))
    .limit(SAMPLE_PAGE_SIZE)
    .offset((filters.page - 1) * SAMPLE_PAGE_SIZE)
    .all();
  return { rows, total };
}

/** The values the filter menus offer: statuses and categories present in the submission. */
export function sampleFacets(db: Db, submissionId: number): { statuses: string[]; categories: string[] } {
  const statuses = db.selectDistinct({ v: samples.status }).from(samples).where(eq(samples.submissionId, submissionId)).orderBy(asc(samples.status)).all();
  const categories = db
    .selectDistinct({ v: samples.category })
    .from(samples)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.category))
    .all();
  return { statuses: statuses.map((r) => r.v), categories: categories.map((r) => r.v).filter((v): v is string => v !== null) };
}
