import "server-only";
/** MPW's analysis page data (Figures 2 and 3), typed as MPW computes it, over the shared fact-plot reads. */
import { and, asc, eq } from "drizzle-orm";
import {
  COHORT_STATUSES,
  deltaFacts,
  fcrPassBins,
  truncatedCurves,
  type DeltaFacts,
  type FcrPassBins,
  type TruncatedCurves,
} from "../../../lib/benchmarks/mpw/analysis";
import { mpwAggregateReportSchema } from "../../../lib/benchmarks/mpw/stored";
import type { Db } from "../../../db/client";
import { callSeriesRows, factPlotsOf, fcrPassRows } from "../../../db/queries/fact-plots";
import { aggregates, submissions } from "../../../db/schema";
import type { SubmissionSummary } from "../../../lib/benchmarks/mpw/analysis-selection";

export async function fcrPassData(db: Db, ids: number[], bins: number): Promise<FcrPassBins> {
  await factPlotsOf(db, ids);
  return fcrPassBins(await fcrPassRows(db, ids), bins);
}

export async function deltaFactsData(
  db: Db,
  ids: number[],
  kCohort: number,
  nThreshold: number,
): Promise<DeltaFacts> {
  await factPlotsOf(db, ids);
  return deltaFacts(await callSeriesRows(db, ids, COHORT_STATUSES, kCohort), kCohort, nThreshold);
}

export async function truncatedData(
  db: Db,
  ids: number[],
  kTrunc: number,
): Promise<TruncatedCurves> {
  await factPlotsOf(db, ids);
  return truncatedCurves(await callSeriesRows(db, ids, COHORT_STATUSES, kTrunc), kTrunc);
}

/** Every approved MPW submission with its overall Pass@1 and FCR: the analysis page's menu and overlays. */
export async function listMpwModelSubmissions(db: Db): Promise<SubmissionSummary[]> {
  const rows = await db
    .select({
      submissionId: submissions.id,
      model: submissions.model,
      setting: submissions.setting,
      pass1: aggregates.primary,
      metrics: aggregates.metrics,
      n: aggregates.n,
    })
    .from(submissions)
    .innerJoin(
      aggregates,
      and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, "overall")),
    )
    .where(and(eq(submissions.benchmarkId, "mpw"), eq(submissions.status, "approved")))
    .orderBy(asc(submissions.model), asc(submissions.setting), asc(submissions.id));
  return rows.map(({ metrics, ...row }) => ({
    ...row,
    fcr: mpwAggregateReportSchema.parse(metrics).fcr.value,
  }));
}
