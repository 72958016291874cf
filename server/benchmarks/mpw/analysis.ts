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
} from "../../../lib/benchmarks/mpw/analysis";
import type { AnalysisKind, AnalysisOptions } from "../../../lib/url/analysis";
import { mpwAggregateReportSchema } from "../../../lib/benchmarks/mpw/stored";
import { assertNever } from "../../../lib/assert-never";
import { postgresPoolOf, sqliteClientOf, type Db } from "../../../db/client";
import { aggregates, submissions } from "../../../db/schema";
import type { SubmissionSummary } from "../../../lib/benchmarks/mpw/analysis-selection";

export class UnknownSubmissionError extends Error {
  constructor(readonly ids: number[]) {
    super(`no MPW submission with id ${ids.join(", ")}`);
    this.name = "UnknownSubmissionError";
  }
}

/** The ids must name MPW submissions; a typo is an error, never an empty plot. */
async function checkSubmissions(db: Db, ids: number[]): Promise<void> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(inArray(submissions.id, ids), eq(submissions.benchmarkId, "mpw")));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new UnknownSubmissionError(missing);
}

// Plot reads go through raw statements: at 100,000 samples the ORM's per-row mapping
// costs more than the query itself. On SQLite, better-sqlite3's prepared statements in
// raw (array) mode; on PostgreSQL, one statement on the pool with array rows. The rows are
// checked field by field (a schema parser per row would cost as much as the mapping).
function placeholders(ids: number[]): string {
  return ids.map(() => "?").join(",");
}

/** The rows of a raw plot read, as arrays of the selected columns, in the order selected. */
async function plotRows(
  db: Db,
  sqlite: { text: string; params: unknown[] },
  postgres: { text: string; params: unknown[] },
): Promise<unknown[][]> {
  const client = sqliteClientOf(db);
  if (client)
    return client
      .prepare(sqlite.text)
      .raw()
      .all(...sqlite.params) as unknown[][];
  const pool = postgresPoolOf(db);
  if (!pool) throw new Error("a database of neither engine");
  const result = await pool.query<unknown[]>({
    text: postgres.text,
    values: postgres.params,
    rowMode: "array",
  });
  return result.rows;
}

function numberAt(row: unknown[], i: number): number {
  const value = row[i];
  if (typeof value !== "number")
    throw new Error(`expected a number in column ${i} of a plot row, got ${typeof value}`);
  return value;
}

/** A boolean column: 0/1 on SQLite, a boolean on PostgreSQL. */
function booleanAt(row: unknown[], i: number): boolean {
  const value = row[i];
  if (typeof value === "boolean") return value;
  if (value === 0 || value === 1) return value === 1;
  throw new Error(`expected a boolean in column ${i} of a plot row, got ${String(value)}`);
}

/** A per-call count column: JSON text on both engines (db/client.ts has pg return json as text), or an array if a driver parsed it. */
function countsAt(row: unknown[], i: number): number[] {
  const value = row[i];
  if (typeof value === "string") return parseStoredCounts(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) return value as number[];
  throw new Error(`expected per-call counts in column ${i} of a plot row`);
}

export async function fcrPassData(db: Db, ids: number[], bins: number): Promise<FcrPassBins> {
  await checkSubmissions(db, ids);
  const rows = await plotRows(
    db,
    {
      text: `SELECT fcr, correct FROM samples WHERE submission_id IN (${placeholders(ids)}) AND fact_count > 0`,
      params: ids,
    },
    {
      text: "SELECT fcr, correct FROM samples WHERE submission_id = ANY($1::integer[]) AND fact_count > 0",
      params: [ids],
    },
  );
  return fcrPassBins(
    rows.map((row) => ({ fcr: numberAt(row, 0), correct: booleanAt(row, 1) })),
    bins,
  );
}

/** Per-call series of the cohort-eligible samples with at least `minCalls` calls. */
async function callSeries(db: Db, ids: number[], minCalls: number): Promise<CallSeriesSample[]> {
  await checkSubmissions(db, ids);
  const statuses = COHORT_STATUSES.map(() => "?").join(",");
  const columns = "tool_calls, fact_count, new_facts_by_call, hits_by_call";
  const rows = await plotRows(
    db,
    {
      text: `SELECT ${columns} FROM samples
        WHERE submission_id IN (${placeholders(ids)}) AND status IN (${statuses}) AND tool_calls >= ? AND fact_count > 0`,
      params: [...ids, ...COHORT_STATUSES, Math.max(1, minCalls)],
    },
    {
      text: `SELECT ${columns} FROM samples
        WHERE submission_id = ANY($1::integer[]) AND status = ANY($2::text[]) AND tool_calls >= $3 AND fact_count > 0`,
      params: [ids, [...COHORT_STATUSES], Math.max(1, minCalls)],
    },
  );
  return rows.map((row) => ({
    toolCalls: numberAt(row, 0),
    factCount: numberAt(row, 1),
    newFactsByCall: countsAt(row, 2),
    hitsByCall: countsAt(row, 3),
  }));
}

/**
 * A per-call count column as the importer stores it (`JSON.stringify` of non-negative
 * integers: "[0,2,1]"). Read digit by digit, a third of JSON.parse's time on the 100,000+
 * short arrays a cohort plot reads; anything else in the text goes to JSON.parse.
 */
export function parseStoredCounts(text: string): number[] {
  const last = text.length - 1;
  if (text.charCodeAt(0) !== 0x5b || text.charCodeAt(last) !== 0x5d)
    return JSON.parse(text) as number[];
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

export async function deltaFactsData(
  db: Db,
  ids: number[],
  kCohort: number,
  nThreshold: number,
): Promise<DeltaFacts> {
  return deltaFacts(await callSeries(db, ids, kCohort), kCohort, nThreshold);
}

export async function truncatedData(
  db: Db,
  ids: number[],
  kTrunc: number,
): Promise<TruncatedCurves> {
  return truncatedCurves(await callSeries(db, ids, kTrunc), kTrunc);
}

/** One plot's data for the given submissions: the contract of the CLI and `/api/analysis/<kind>`. */
export async function analysisData(
  db: Db,
  kind: AnalysisKind,
  ids: number[],
  options: AnalysisOptions,
) {
  switch (kind) {
    case "fcr-pass1":
      return { kind, submissions: ids, ...(await fcrPassData(db, ids, options.bins)) };
    case "delta-facts":
      return {
        kind,
        submissions: ids,
        ...(await deltaFactsData(db, ids, options.kCohort, options.nThreshold)),
      };
    case "truncated":
      return { kind, submissions: ids, ...(await truncatedData(db, ids, options.kTrunc)) };
    default:
      return assertNever(kind);
  }
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
