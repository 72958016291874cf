import "server-only";
/**
 * The plots over many submissions' fact figures (`sample_facts`): the rows they read, and
 * each plot's data as the submissions' benchmark computes it (its module's `factPlots`,
 * MPW's Figures 2 and 3). What `/api/analysis/<kind>` and `cli analysis` answer.
 */
import { inArray } from "drizzle-orm";
import type { CallSeriesSample, FcrPassPoint } from "../../lib/benchmarks/atomic-facts";
import { benchmarkModule } from "../../lib/benchmarks/registry";
import type { FactPlots } from "../../lib/benchmarks/types";
import type { AnalysisKind, AnalysisOptions } from "../../lib/url/analysis";
import { assertNever } from "../../lib/assert-never";
import { postgresPoolOf, sqliteClientOf, type Db } from "../client";
import { submissions } from "../schema";

export class UnknownSubmissionError extends Error {
  constructor(readonly ids: number[]) {
    super(`no submission with atomic-fact plots has id ${ids.join(", ")}`);
    this.name = "UnknownSubmissionError";
  }
}

/**
 * The plots of the submissions' benchmark. The ids must name submissions of one benchmark
 * that has them; a typo is an error, never an empty plot.
 */
export async function factPlotsOf(db: Db, ids: readonly number[]): Promise<FactPlots> {
  const rows = await db
    .select({ id: submissions.id, benchmarkId: submissions.benchmarkId })
    .from(submissions)
    .where(inArray(submissions.id, [...ids]));
  const plotted = rows.filter((row) => benchmarkModule(row.benchmarkId).factPlots);
  const found = new Set(plotted.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new UnknownSubmissionError(missing);
  const benchmarks = [...new Set(plotted.map((r) => r.benchmarkId))];
  // Pooling two benchmarks' samples into one plot would mean nothing.
  if (benchmarks.length > 1)
    throw new UnknownSubmissionError(
      plotted.filter((r) => r.benchmarkId !== benchmarks[0]).map((r) => r.id),
    );
  return benchmarkModule(benchmarks[0]).factPlots!;
}

// Plot reads go through raw statements: at 100,000 samples the ORM's per-row mapping
// costs more than the query itself. On SQLite, better-sqlite3's prepared statements in
// raw (array) mode; on PostgreSQL, one statement on the pool with array rows. The rows are
// checked field by field (a schema parser per row would cost as much as the mapping).
function placeholders(ids: readonly number[]): string {
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

/** Each fact-scored sample's FCR and verdict (the FCR-vs-Pass@1 plot). */
export async function fcrPassRows(db: Db, ids: readonly number[]): Promise<FcrPassPoint[]> {
  const rows = await plotRows(
    db,
    {
      text: `SELECT fcr, correct FROM sample_facts WHERE submission_id IN (${placeholders(ids)}) AND fact_count > 0`,
      params: [...ids],
    },
    {
      text: "SELECT fcr, correct FROM sample_facts WHERE submission_id = ANY($1::integer[]) AND fact_count > 0",
      params: [ids],
    },
  );
  return rows.map((row) => ({ fcr: numberAt(row, 0), correct: booleanAt(row, 1) }));
}

/** Per-call series of the fact-scored samples with one of `statuses` and at least `minCalls` calls. */
export async function callSeriesRows(
  db: Db,
  ids: readonly number[],
  statuses: readonly string[],
  minCalls: number,
): Promise<CallSeriesSample[]> {
  if (!statuses.length) return [];
  const columns = "tool_calls, fact_count, new_facts_by_call, hits_by_call";
  const rows = await plotRows(
    db,
    {
      text: `SELECT ${columns} FROM sample_facts
        WHERE submission_id IN (${placeholders(ids)}) AND status IN (${placeholders(statuses.map(() => 0))}) AND tool_calls >= ? AND fact_count > 0`,
      params: [...ids, ...statuses, Math.max(1, minCalls)],
    },
    {
      text: `SELECT ${columns} FROM sample_facts
        WHERE submission_id = ANY($1::integer[]) AND status = ANY($2::text[]) AND tool_calls >= $3 AND fact_count > 0`,
      params: [ids, [...statuses], Math.max(1, minCalls)],
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

/** One plot's data for the given submissions: the contract of the CLI and `/api/analysis/<kind>`. */
export async function analysisData(
  db: Db,
  kind: AnalysisKind,
  ids: readonly number[],
  options: AnalysisOptions,
) {
  const plots = await factPlotsOf(db, ids);
  const submissions = [...ids];
  const series = (minCalls: number) => callSeriesRows(db, ids, plots.cohortStatuses, minCalls);
  switch (kind) {
    case "fcr-pass1":
      return { kind, submissions, ...plots.fcrPass(await fcrPassRows(db, ids), options.bins) };
    case "delta-facts":
      return {
        kind,
        submissions,
        ...plots.deltaFacts(await series(options.kCohort), options.kCohort, options.nThreshold),
      };
    case "truncated":
      return {
        kind,
        submissions,
        ...plots.truncated(await series(options.kTrunc), options.kTrunc),
      };
    default:
      return assertNever(kind);
  }
}
