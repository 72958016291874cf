import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  COHORT_STATUSES,
  deltaFacts,
  fcrPassBins,
  truncatedCurves,
  type CallSeriesSample,
  type DeltaFacts,
  type FcrPassBins,
  type TruncatedCurves,
} from "../../lib/benchmarks/mpw/analysis";
import type { AnalysisKind, AnalysisOptions } from "../../lib/url/analysis";
import { assertNever } from "../../lib/assert-never";
import type { Db } from "../client";
import { aggregates, submissions } from "../schema";

export class UnknownSubmissionError extends Error {
  constructor(readonly ids: number[]) {
    super(`no MPW submission with id ${ids.join(", ")}`);
    this.name = "UnknownSubmissionError";
  }
}

/** The ids must name MPW submissions; a typo is an error, never an empty plot. */
function checkSubmissions(db: Db, ids: number[]): void {
  const found = new Set(
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(inArray(submissions.id, ids), eq(submissions.benchmarkId, "mpw")))
      .all()
      .map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new UnknownSubmissionError(missing);
}

// Plot reads go through raw prepared statements: at 100,000 samples the ORM's
// per-row mapping costs more than the query itself.
function placeholders(ids: number[]): string {
  return ids.map(() => "?").join(",");
}

export function fcrPassData(db: Db, ids: number[], bins: number): FcrPassBins {
  checkSubmissions(db, ids);
  const rows = db.$client
    .prepare(`SELECT fcr, correct FROM samples WHERE submission_id IN (${placeholders(ids)}) AND fact_count > 0`)
    .raw()
    .all(...ids) as [number, number][];
  return fcrPassBins(
    rows.map(([fcr, correct]) => ({ fcr, correct: correct === 1 })),
    bins,
  );
}

/** Per-call series of the cohort-eligible samples with at least `minCalls` calls. */
function callSeries(db: Db, ids: number[], minCalls: number): CallSeriesSample[] {
  checkSubmissions(db, ids);
  const statuses = COHORT_STATUSES.map(() => "?").join(",");
  const rows = db.$client
    .prepare(
      `SELECT tool_calls, fact_count, new_facts_by_call, hits_by_call FROM samples
        WHERE submission_id IN (${placeholders(ids)}) AND status IN (${statuses}) AND tool_calls >= ? AND fact_count > 0`,
    )
    .raw()
    .all(...ids, ...COHORT_STATUSES, Math.max(1, minCalls)) as [number, number, string, string][];
  return rows.map(([toolCalls, factCount, newFacts, hits]) => ({
    toolCalls,
    factCount,
    newFactsByCall: parseStoredCounts(newFacts),
    hitsByCall: parseStoredCounts(hits),
  }));
}

/**
 * A per-call count column as the importer stores it (`JSON.stringify` of non-negative
 * integers: "[0,2,1]"). Read digit by digit, a third of JSON.parse's time on the 100,000+
 * short arrays a cohort plot reads; anything else in the text goes to JSON.parse.
 */
export function parseStoredCounts(text: string): number[] {
  const last = text.length - 1;
  if (text.charCodeAt(0) !== 0x5b || text.charCodeAt(last) !== 0x5d) return JSON.parse(text) as number[];
  const counts: number[] = [];
  let value = -1;
  for (let i = 1; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c && value >= 0) {
      counts.push(value);
      value = -1;
    } else if (c >= 0x30 && c <= 0x39 && value !== 0) {
      value = value < 0 ? c - 0x30 : value * 10 + (c - 0x30);
    } else {
      return JSON.parse(text) as number[];
    }
  }
  if (value >= 0) counts.push(value);
  else if (last > 1) return JSON.parse(text) as number[];
  return counts;
}

export function deltaFactsData(db: Db, ids: number[], kCohort: number, nThreshold: number): DeltaFacts {
  return deltaFacts(callSeries(db, ids, kCohort), kCohort, nThreshold);
}

export function truncatedData(db: Db, ids: number[], kTrunc: number): TruncatedCurves {
  return truncatedCurves(callSeries(db, ids, kTrunc), kTrunc);
}

/** One plot's data for the given submissions: the contract of the CLI and `/api/analysis/<kind>`. */
export function analysisData(db: Db, kind: AnalysisKind, ids: number[], options: AnalysisOptions) {
  switch (kind) {
    case "fcr-pass1":
      return { kind, submissions: ids, ...fcrPassData(db, ids, options.bins) };
    case "delta-facts":
      return { kind, submissions: ids, ...deltaFactsData(db, ids, options.kCohort, options.nThreshold) };
    case "truncated":
      return { kind, submissions: ids, ...truncatedData(db, ids, options.kTrunc) };
    default:
      return assertNever(kind);
  }
}

export interface ModelSubmission {
  submissionId: number;
  model: string;
  setting: string;
  pass1: number | null;
  fcr: number | null;
  n: number;
}

/** Every approved MPW submission with its overall Pass@1 and FCR: the analysis page's menu and overlays. */
export function listMpwModelSubmissions(db: Db): ModelSubmission[] {
  return db
    .select({ submissionId: submissions.id, model: submissions.model, setting: submissions.setting, pass1: aggregates.pass1, fcr: aggregates.fcr, n: aggregates.n })
    .from(submissions)
    .innerJoin(aggregates, and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, "overall")))
    .where(and(eq(submissions.benchmarkId, "mpw"), eq(submissions.status, "approved")))
    .orderBy(asc(submissions.model), asc(submissions.setting), asc(submissions.id))
    .all();
}
